import type { SeatNo } from '../ids.js';
import type { GameEvent } from '../game/events.js';
import type { RemovalReason } from '../model/state.js';
import type { ProtocolRemoval, ProtocolStatement } from './document.js';
import type { Statement } from '../model/statement.js';
import { actFields } from './result.js';
import { day, dropVote, fouledAfterRemoval, leftMidDay, night, penaltyStep, refuse, where, type Builder } from './export-steps.js';

/** Reasons of removals a host gave (the `remove` command); the others are consequences of fouls or a team defeat. */
const GIVEN: ReadonlySet<RemovalReason> = new Set<RemovalReason>(['host', 'disqualified', 'left']);

/**
 * The steps of a game's log as a protocol records them, in the order they began, and whether the game
 * ended. `events`: the log's events still in effect (`effectiveEvents`). Refuses (`Unexportable`) what
 * a protocol cannot record.
 */
export function collectSteps(events: readonly GameEvent[], fiim: boolean): { readonly steps: Builder[]; readonly ended: boolean } {
  const steps: Builder[] = [];
  let cur: Builder | null = null;
  let ended = false;
  const removalOf = (seat: SeatNo, reason: RemovalReason): ProtocolRemoval => (reason === 'left' ? { seat, reason: 'left' } : seat);

  for (const e of events) {
    switch (e.type) {
      case 'GameCreated':
        break;
      case 'NightStarted':
        cur = { kind: 'night', n: e.n, acts: [], fouls: [], techFouls: [], removed: [], extra: new Map(), done: false, pending: new Set(), notes: [], said: [] };
        steps.push(cur);
        break;
      case 'DayStarted':
        cur = {
          kind: 'day', n: e.n, fouls: [], removed: [], techFouls: [], foulsAfterVote: [], removedAfterVote: [], nominations: [],
          blood: [], said: [], rounds: [], round: 0, extra: new Map(), counted: false, done: false, cancelled: false, ended: false, notes: [],
        };
        steps.push(cur);
        break;
      case 'ActRecorded':
        night(cur).acts.push(actFields(e.act));
        break;
      case 'NightResolved':
        night(cur).done = true;
        break;
      case 'DayResolved': {
        const d = day(cur);
        d.done = true;
        d.cancelled = e.by === 'removed';
        // R-SPORT-1: a removal cancelled the vote, or left a lone nominee (R-VOTE-4): ballots cast
        // before it, in a round never counted, count for nothing.
        if (e.by === 'removed' || !d.counted) dropVote(d);
        break;
      }
      case 'BestMoveMade':
        day(cur).bestMove = [e.by, [...e.named]];
        break;
      case 'BloodNamed':
        day(cur).blood.push([e.by, e.target]);
        break;
      case 'CircleSet':
        day(cur).circle = { from: e.from, dir: e.dir };
        break;
      case 'Nominated':
        day(cur).nominations.push([e.by, e.target]);
        break;
      case 'StatementMade':
        // The mafia's meeting is a night's `said`; a speech's, its day's.
        (cur?.kind === 'night' ? night(cur) : day(cur)).said.push([e.by, protocolStatement(e.statement)]);
        break;
      case 'VoteCounted':
        day(cur).counted = true;
        break;
      case 'LiftVoteOpened': {
        const d = day(cur);
        d.counted = true;
        d.liftAll = [];
        break;
      }
      case 'VoteOpened': {
        const d = day(cur);
        d.round = e.round;
        d.rounds[e.round] = new Map();
        break;
      }
      case 'VoteCast': {
        const d = day(cur);
        // A ballot needs the vote stage, which only VoteOpened opens (day/vote.ts): its case made this round's map.
        const r = d.rounds[d.round];
        r.delete(e.by);
        r.set(e.by, e.target);
        break;
      }
      case 'LiftVoteCast': {
        const d = day(cur);
        // A lift ballot needs the lift stage, which only LiftVoteOpened opens (day/count.ts): its case made the list.
        const list = d.liftAll!;
        const k = list.indexOf(e.by);
        if (k >= 0) list.splice(k, 1);
        if (e.leave) list.push(e.by);
        break;
      }
      case 'RakeTook':
        day(cur).rakeTakes = e.target;
        break;
      case 'Fouled':
        fouledAfterRemoval(penaltyStep(cur, fiim, 'a foul', e.seat), e.seat).fouls.push(e.seat);
        break;
      case 'TechFouled': {
        const b = penaltyStep(cur, fiim, 'a technical foul', e.seat);
        if (b.afterVote) b.step.notes.push(`the technical foul of seat ${e.seat} was given after day ${b.step.n}'s vote; a protocol gives technical fouls before the vote`);
        fouledAfterRemoval(b, e.seat).techFouls.push(e.seat);
        break;
      }
      case 'RemovalPending':
        if (!GIVEN.has(e.reason)) break;
        // R-FIIM-11: a night's removal is pending until dawn, where it settles (below): recorded once, here.
        if (cur?.kind === 'night') cur.pending.add(e.seat);
        penaltyStep(cur, fiim, 'a removal', e.seat).removed.push(removalOf(e.seat, e.reason));
        break;
      case 'PlayerRemoved':
      case 'PenaltyRecorded':
        if (e.type === 'PlayerRemoved' && cur?.kind === 'day' && !cur.done) leftMidDay(cur, e.seat);
        if (!GIVEN.has(e.reason)) break;
        // R-FIIM-11: a night's pending removal settling at dawn (PlayerRemoved, or PenaltyRecorded when the
        // player was out already or the shot decided the game) was recorded with its RemovalPending.
        if (cur?.kind === 'night' && cur.pending.has(e.seat)) break;
        penaltyStep(cur, fiim, 'a removal', e.seat).removed.push(removalOf(e.seat, e.reason));
        break;
      case 'TeamDefeatRecorded': {
        const b = penaltyStep(cur, fiim, 'a team defeat', e.seat);
        if (b.afterVote) b.step.notes.push(`the team defeat of seat ${e.seat} was given after day ${b.step.n}'s vote; a protocol records it with the day's first penalties (it takes effect at the day's end either way)`);
        b.step.teamDefeat = e.seat;
        break;
      }
      case 'ExtraPointsGiven': {
        if (cur === null) return refuse('extra points given before the game started');
        cur.extra.set(e.seat, (cur.extra.get(e.seat) ?? 0) + e.points);
        break;
      }
      case 'GameEnded':
        ended = true;
        if (cur?.kind === 'day') {
          cur.ended = true;
          // A removal (or a team defeat) ended the game before the day's vote was decided: the ballots
          // cast before it count for nothing; the nominations are kept (spec/protocol.md).
          if (!cur.done) dropVote(cur);
        }
        break;
      case 'HostOverride': {
        const a = e.action;
        const what = a.kind === 'endGame' ? `ended the game (winner: ${a.winner})` : a.kind === 'revive' ? `revived seat ${a.seat}` : `eliminated seat ${a.seat}`;
        return refuse(`a host override ${what}${where(cur)}; a protocol records only what the rules decide`);
      }
      case 'SeatsIdle':
        // R-HOST-2: a night the timer ended skips the acts not made, a required one too; a protocol's
        // night ends by the rules, which refuse a required act left out.
        if (e.stage === 'night' && cur?.kind === 'night') cur.notes.push(`the time ran out on night ${cur.n} while seats ${e.seats.join(', ')} had not acted (R-HOST-2); a protocol cannot record an act the rules require left out`);
        break;
      case 'SilenceBroken':
        return refuse(`seat ${e.seat} was marked as having spoken while silenced (R-VOTE-11)${where(cur)}; a protocol cannot record it`);
      default:
        // VictimListSet, DyingNoteOwed/Left, SpeechEnded, LastWordsEnded, DefenceStarted, LiftVoteCounted,
        // RakeChoiceOpened, RoleChanged, RoleAnnounced, PlayerDied, SpeechShortened: consequences of the
        // recorded steps, or host aids that change no result.
        break;
    }
  }
  return { steps, ended };
}

/** The engine's statement as spec/protocol.md writes it ("What was said"). */
function protocolStatement(st: Statement): ProtocolStatement {
  switch (st.kind) {
    case 'claim': return { claim: st.role };
    case 'checked': return { checked: st.target, answer: st.color, night: st.night };
    case 'suspect': return { suspect: st.target };
    case 'trust': return { trust: st.target };
    case 'willVote': return { vote: st.target };
    case 'version': return { version: [...st.seats] };
    case 'plan': return { plan: st.shots.map((x) => [x.night, x.target] as [number, number]) };
  }
}
