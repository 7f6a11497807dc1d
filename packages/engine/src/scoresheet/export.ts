import type { RoleId, SeatNo } from '../ids.js';
import type { GameEvent } from '../game/events.js';
import { effectiveEvents, foldEffective, type Game } from '../game/game.js';
import type { GameSetup, RemovalReason } from '../game/state.js';
import type { GameOptions } from '../presets/types.js';
import { presetOf } from '../presets/index.js';
import { resolveOptions } from '../game/setup.js';
import { modifiedOptions } from '../game/modifications.js';
import { resultOfEffective } from './game-result.js';
import { replayProtocol } from './replay.js';
import { actFields } from './result.js';

/** A removal as a protocol writes it: a bare seat, or (fiim) the seat with its reason. */
export type ProtocolRemoval = number | { readonly seat: number; readonly reason: 'disqualified' | 'left' };

export interface ProtocolAct {
  readonly by: number;
  readonly act: string;
  readonly target: number;
  readonly target2?: number;
  readonly role?: RoleId;
}

export interface ProtocolNightStep {
  readonly night: number;
  readonly acts: readonly ProtocolAct[];
  readonly fouls?: readonly number[];
  readonly techFouls?: readonly number[];
  readonly removed?: readonly ProtocolRemoval[];
  readonly teamDefeat?: number;
  readonly extraPoints?: Readonly<Record<string, number>>;
}

type Ballots = Readonly<Record<string, readonly number[]>>;

export interface ProtocolDayStep {
  readonly day: number;
  readonly fouls?: readonly number[];
  readonly removed?: readonly ProtocolRemoval[];
  readonly bestMove?: readonly [number, readonly number[]];
  readonly nominations?: readonly (readonly [number, number])[];
  readonly votes?: Ballots;
  readonly circle?: { readonly from: number; readonly dir: 'up' | 'down' };
  readonly revote?: Ballots | readonly Ballots[];
  readonly liftAll?: readonly number[];
  readonly rakeTakes?: number;
  readonly blood?: readonly (readonly [number, number])[];
  readonly techFouls?: readonly number[];
  readonly foulsAfterVote?: readonly number[];
  readonly removedAfterVote?: readonly ProtocolRemoval[];
  readonly teamDefeat?: number;
  readonly extraPoints?: Readonly<Record<string, number>>;
}

export type ProtocolStep = ProtocolNightStep | ProtocolDayStep;

/** A protocol document (spec/protocol.md "Protocol"). */
export interface ProtocolDocument {
  readonly format: 'mafia-protocol/1';
  readonly preset: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly seats: readonly RoleId[];
  readonly names?: readonly string[];
  readonly modifications?: readonly string[];
  readonly immune?: readonly number[];
  readonly steps: readonly ProtocolStep[];
}

export type ExportOutcome =
  | {
      readonly ok: true;
      readonly protocol: ProtocolDocument;
      /** The game is over. An unfinished game is exported up to its last resolved night or day. */
      readonly finished: boolean;
    }
  | { readonly ok: false; readonly reason: string };

export interface ExportOptions {
  /**
   * Replay the protocol and compare its result with the game's own (`gameResult`) before returning it
   * (default true). A mismatch is returned as `{ ok: false }` rather than a protocol that would replay
   * to another result.
   */
  readonly verify?: boolean;
}

class Unexportable extends Error {}
const refuse = (reason: string): never => {
  throw new Unexportable(reason);
};

/** Reasons of removals a host gave (the `remove` command); the others are consequences of fouls or a team defeat. */
const GIVEN: ReadonlySet<RemovalReason> = new Set<RemovalReason>(['host', 'disqualified', 'left']);

interface NightBuilder {
  readonly kind: 'night';
  readonly n: number;
  readonly acts: ProtocolAct[];
  readonly fouls: number[];
  readonly techFouls: number[];
  readonly removed: ProtocolRemoval[];
  teamDefeat?: number;
  readonly extra: Map<number, number>;
  done: boolean;
  /** Seats with a removal pending tonight (RemovalPending). */
  readonly pending: Set<number>;
  /** What the protocol writes in another order or leaves out (the reason given if it does not replay). */
  readonly notes: string[];
}

interface DayBuilder {
  readonly kind: 'day';
  readonly n: number;
  readonly fouls: number[];
  readonly removed: ProtocolRemoval[];
  readonly techFouls: number[];
  readonly foulsAfterVote: number[];
  readonly removedAfterVote: ProtocolRemoval[];
  bestMove?: [number, number[]];
  readonly nominations: [number, number][];
  readonly blood: [number, number][];
  circle?: { from: number; dir: 'up' | 'down' };
  /** rounds[k]: voter → target, in the order cast (a voter's later ballot replaces his earlier one). */
  readonly rounds: Map<number, number>[];
  round: number;
  liftAll?: number[];
  rakeTakes?: number;
  teamDefeat?: number;
  readonly extra: Map<number, number>;
  /** A round of the day's vote was counted. */
  counted: boolean;
  /** The day's vote was decided (DayResolved). */
  done: boolean;
  /** A removal cancelled the vote: penalties after it in that day came before any vote too. */
  cancelled: boolean;
  /** The game ended during this step. */
  ended: boolean;
  readonly notes: string[];
}

type Builder = NightBuilder | DayBuilder;

/**
 * Writes a game as a protocol (spec/protocol.md), the inverse of `replayProtocol`:
 * `replayProtocol(exportProtocol(game).protocol)` gives the game's own result (`gameResult`).
 *
 * `source`: a `Game`, or its event log (what a server room keeps: the `GameCreated` event and every
 * event after it, `Undone` included; undone events are left out). What a protocol cannot record gives
 * `{ ok: false, reason }` naming the step and the seat: a host override (eliminate, revive, end the
 * game), a Black-Widow-silenced player marked as having spoken (R-VOTE-11), a foul or removal at night
 * or after the day's vote outside `fiim`, a removal between the rounds of a vote; and, found by the
 * replay check (`verify`), orderings a protocol cannot keep (docs/protocol-export.md). Host aids that
 * change no result (the victim list, the Commissar's dying note, the time-up markers) are left out.
 */
export function exportProtocol(source: Game | readonly GameEvent[], options: ExportOptions = {}): ExportOutcome {
  const log = isGame(source) ? source.log : source;
  const events = effectiveEvents(log);
  let doc: ProtocolDocument;
  let finished: boolean;
  let notes: string[][];
  try {
    [doc, finished, notes] = build(events);
  } catch (e) {
    if (e instanceof Unexportable) return { ok: false, reason: e.message };
    throw e;
  }
  if (options.verify === false) return { ok: true, protocol: doc, finished };
  const replayed = replayProtocol(doc);
  if (!replayed.ok) {
    const why = `${replayed.error.code} at ${replayed.error.path ?? '?'}: ${replayed.error.message}`;
    const k = /^steps\[(\d+)\]/.exec(replayed.error.path ?? '');
    const known = k ? notes[Number(k[1])] : notes[notes.length - 1];
    if (known !== undefined && known.length > 0) return { ok: false, reason: `${known.join('; ')} (replay: ${why})` };
    return { ok: false, reason: `the exported protocol does not replay: ${why}` };
  }
  // `gameResult(log)`, from the events already in effect; a Game's own state is that of its log.
  const own = resultOfEffective(events, () => (isGame(source) ? source.state : foldEffective(events, log.length)));
  // An unfinished game is compared on its resolved steps only (the current one is not exported).
  const a = finished ? replayed.result : { timeline: replayed.result.timeline };
  const b = finished ? own : { timeline: own.timeline };
  const diff = firstDifference(a, b, '');
  if (diff !== null) {
    const known = notes.flat();
    return { ok: false, reason: known.length > 0 ? `${known.join('; ')} (the replay gives another result: ${diff})` : `the exported protocol replays to another result (${diff})` };
  }
  return { ok: true, protocol: doc, finished };
}

function isGame(x: Game | readonly GameEvent[]): x is Game {
  return !Array.isArray(x) && typeof x === 'object' && x !== null && 'log' in x;
}

/** `events`: the log's events still in effect (`effectiveEvents`). */
function build(events: readonly GameEvent[]): [ProtocolDocument, boolean, string[][]] {
  const first = events[0];
  if (first === undefined || first.type !== 'GameCreated') return refuse('the log does not start with GameCreated');
  const setup = first.setup;
  const fiim = setup.options.fiim;
  const steps: Builder[] = [];
  let cur: Builder | null = null;
  let ended = false;
  const removalOf = (seat: SeatNo, reason: RemovalReason): ProtocolRemoval => (reason === 'left' ? { seat, reason: 'left' } : seat);

  for (const e of events) {
    switch (e.type) {
      case 'GameCreated':
        break;
      case 'NightStarted':
        cur = { kind: 'night', n: e.n, acts: [], fouls: [], techFouls: [], removed: [], extra: new Map(), done: false, pending: new Set(), notes: [] };
        steps.push(cur);
        break;
      case 'DayStarted':
        cur = {
          kind: 'day', n: e.n, fouls: [], removed: [], techFouls: [], foulsAfterVote: [], removedAfterVote: [], nominations: [],
          blood: [], rounds: [], round: 0, extra: new Map(), counted: false, done: false, cancelled: false, ended: false, notes: [],
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

  // A step is written once it was resolved (or the game ended in it); the step in progress is left out.
  const written = steps.filter((b) => b.done || (b.kind === 'day' && b.ended));
  const doc: ProtocolDocument = {
    format: 'mafia-protocol/1',
    preset: setup.preset,
    ...optionsField(setup),
    seats: seatsOf(setup),
    ...(setup.names.length > 0 && setup.names.some((n) => n !== '') ? { names: setup.names.slice() } : {}),
    ...(setup.modifications.length > 0 ? { modifications: setup.modifications.slice() } : {}),
    ...(setup.immune.length > 0 ? { immune: setup.immune.slice() } : {}),
    steps: written.map((b) => (b.kind === 'night' ? nightStep(b) : dayStep(b))),
  };
  // The header's notes come last (an error outside `steps`).
  const header: string[] = [];
  if (setup.deck !== undefined) header.push(`the extra-card deal (R-MOD): the protocol's seats are the dealt cards without the hidden one, which a protocol's setup checks as a whole composition`);
  return [doc, ended, [...written.map((b) => b.notes), header]];
}

/**
 * A player removed during the day, before its vote was decided. A protocol gives the day's removals
 * before its vote: a ballot he cast in the open round counts for nothing either way (only players in
 * the game are counted), but once a round was counted with his vote in it no protocol can say so.
 */
function leftMidDay(d: DayBuilder, seat: SeatNo): void {
  if (d.counted) refuse(`seat ${seat} was removed between the rounds of day ${d.n}'s vote; a protocol records removals before the vote or (fiim) after it`);
  d.rounds[d.round]?.delete(seat);
}

/** A step's fouls are replayed before its removals: a foul after the same seat's removal is out of order. */
function fouledAfterRemoval(t: PenaltyTarget, seat: SeatNo): PenaltyTarget {
  if (t.removed.some((r) => (typeof r === 'number' ? r : r.seat) === seat)) {
    t.step.notes.push(`seat ${seat} was fouled after his removal (${t.step.kind} ${t.step.n}); a protocol gives a step's fouls before its removals`);
  }
  return t;
}

function dropVote(d: DayBuilder): void {
  d.rounds.length = 0;
  d.round = 0;
  d.liftAll = undefined;
  d.rakeTakes = undefined;
  d.circle = undefined;
}

function where(cur: Builder | null): string {
  return cur === null ? '' : ` (${cur.kind} ${cur.n})`;
}

function night(cur: Builder | null): NightBuilder {
  if (cur?.kind !== 'night') return refuse(`a night event outside a night${where(cur)}`);
  return cur;
}

function day(cur: Builder | null): DayBuilder {
  if (cur?.kind !== 'day') return refuse(`a day event outside a day${where(cur)}`);
  return cur;
}

/**
 * The lists a foul, removal or team defeat goes to. Outside `fiim` a protocol records them in a day,
 * before its vote; `fiim` also at night and after the vote (`foulsAfterVote`, `removedAfterVote`).
 */
function penaltyStep(cur: Builder | null, fiim: boolean, what: string, seat: SeatNo): PenaltyTarget {
  if (cur === null) return refuse(`${what} of seat ${seat} before the game started`);
  if (cur.kind === 'night') {
    if (!fiim) return refuse(`${what} of seat ${seat} was given during night ${cur.n}; outside the fiim preset a protocol records fouls and removals by day only`);
    return { fouls: cur.fouls, techFouls: cur.techFouls, removed: cur.removed, afterVote: false, step: cur };
  }
  if (!cur.done || cur.cancelled) return { fouls: cur.fouls, techFouls: cur.techFouls, removed: cur.removed, afterVote: false, step: cur };
  if (!fiim) return refuse(`${what} of seat ${seat} was given after the vote of day ${cur.n} was decided; outside the fiim preset a protocol records fouls and removals before the vote only`);
  // R-FIIM-12/13: given during the last words or the final minute.
  return { fouls: cur.foulsAfterVote, techFouls: cur.techFouls, removed: cur.removedAfterVote, afterVote: true, step: cur };
}

interface PenaltyTarget {
  readonly fouls: number[];
  readonly techFouls: number[];
  readonly removed: ProtocolRemoval[];
  readonly afterVote: boolean;
  readonly step: Builder;
}

/** Extra points per seat, those that did not cancel out (a seat's key is its number: listed in seat order). */
function extraField(extra: Map<number, number>): { extraPoints?: Record<string, number> } {
  const given = [...extra].filter(([, points]) => points !== 0);
  return given.length > 0 ? { extraPoints: Object.fromEntries(given) } : {};
}

function nightStep(b: NightBuilder): ProtocolNightStep {
  return {
    night: b.n,
    acts: b.acts,
    ...(b.fouls.length ? { fouls: b.fouls } : {}),
    ...(b.techFouls.length ? { techFouls: b.techFouls } : {}),
    ...(b.removed.length ? { removed: b.removed } : {}),
    ...(b.teamDefeat !== undefined ? { teamDefeat: b.teamDefeat } : {}),
    ...extraField(b.extra),
  };
}

function ballots(round: Map<number, number>): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [voter, target] of round) (out[target] ?? (out[target] = [])).push(voter);
  return out;
}

function dayStep(b: DayBuilder): ProtocolDayStep {
  const revotes = b.rounds.slice(1).map((r) => ballots(r ?? new Map()));
  return {
    day: b.n,
    ...(b.fouls.length ? { fouls: b.fouls } : {}),
    ...(b.techFouls.length ? { techFouls: b.techFouls } : {}),
    ...(b.removed.length ? { removed: b.removed } : {}),
    ...(b.bestMove ? { bestMove: b.bestMove } : {}),
    ...(b.blood.length ? { blood: b.blood } : {}),
    ...(b.nominations.length ? { nominations: b.nominations } : {}),
    ...(b.circle ? { circle: b.circle } : {}),
    ...(b.rounds[0] && b.rounds[0].size > 0 ? { votes: ballots(b.rounds[0]) } : {}),
    ...(revotes.length === 1 ? { revote: revotes[0] } : revotes.length > 1 ? { revote: revotes } : {}),
    ...(b.liftAll !== undefined ? { liftAll: b.liftAll } : {}),
    ...(b.rakeTakes !== undefined ? { rakeTakes: b.rakeTakes } : {}),
    ...(b.foulsAfterVote.length ? { foulsAfterVote: b.foulsAfterVote } : {}),
    ...(b.removedAfterVote.length ? { removedAfterVote: b.removedAfterVote } : {}),
    ...(b.teamDefeat !== undefined ? { teamDefeat: b.teamDefeat } : {}),
    ...extraField(b.extra),
  };
}

/**
 * The dealt roles as a protocol's `seats`. Under the black-widow modification the Girl's card is
 * played as the Black Widow (game/setup.ts, after the composition was checked): the protocol names
 * the Girl's card, which setup turns again, so that the composition a protocol's setup checks is the
 * one that was dealt.
 */
function seatsOf(setup: GameSetup): RoleId[] {
  const preset = presetOf(setup.preset);
  const widow = setup.modifications.includes('black-widow') && preset !== undefined && preset.roles.includes('girl');
  return setup.roles.map((r) => (widow && r === 'black-widow' ? 'girl' : r));
}

/**
 * The options that differ from the preset's defaults, among the preset's own options (the rules
 * code is made from them again). Options set by a modification are left to the modification. Options
 * no protocol can reproduce are refused.
 */
function optionsField(setup: GameSetup): { options?: Record<string, unknown> } {
  const preset = presetOf(setup.preset);
  if (preset === undefined) return refuse(`the preset "${setup.preset}" is not built`);
  const defaults = preset.defaults as unknown as Record<string, unknown>;
  const actual = setup.options as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of preset.options) {
    if (name === 'rulesCode') continue;
    if (!sameValue(actual[name], defaults[name])) out[name] = actual[name];
  }
  // Drop what the modifications set by themselves; keep the rest only if it gives the same options.
  const base = modifiedOptions(defaults as unknown as GameOptions, setup.modifications) as unknown as Record<string, unknown>;
  // (`out` holds only options that differ from the defaults.)
  if (setup.modifications.length > 0) for (const name of Object.keys(out)) if (sameValue(base[name], actual[name])) delete out[name];
  let rebuilt: Record<string, unknown>;
  try {
    rebuilt = modifiedOptions(resolveOptions(preset, out), setup.modifications) as unknown as Record<string, unknown>;
  } catch {
    return refuse('the game\'s options cannot be written as protocol options');
  }
  const diff = firstDifference(rebuilt, actual, 'options');
  if (diff !== null) return refuse(`the game's options cannot be written as protocol options (${diff})`);
  return Object.keys(out).length > 0 ? { options: out } : {};
}

function sameValue(a: unknown, b: unknown): boolean {
  return firstDifference(a, b, '') === null;
}

/** The first path where two JSON-like values differ, or null. */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (a === b) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path || 'value'}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  for (const k of new Set([...ka, ...kb])) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    if (d !== null) return d;
  }
  return null;
}
