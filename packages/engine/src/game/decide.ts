import type { SeatNo } from '../ids.js';
import { fail, RuleViolation, type RuleError } from '../errors.js';
import { actAt } from '../roles/registry.js';
import { missingRequiredAct, resolveNight } from '../night/resolve.js';
import { countVotes, liftPasses, nextAfterRound } from '../voting/sequential.js';
import { countRound as countGeneral, type Leftover } from '../voting/tally.js';
import { nextAfterTwoStage } from '../voting/two-stage.js';
import { circleOrder, nextAfterCircle } from '../voting/circular.js';
import { Fold } from './apply.js';
import { afterLeaving, beforeNight, nightChanges } from './transform.js';
import { victimList } from './victimList.js';
import { isHostOnly, type Actor, type Command } from './commands.js';
import type { GameEvent } from './events.js';
import type { DayOutcome, DayState, GameState, NightAct, Tally } from './state.js';
import { aliveSides, checkWinner, winningSeats } from './win.js';

export type Decision =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };

/**
 * Collects events and folds each one at once, so later logic sees its effect. The fold works on a
 * private copy of the state (game/apply.ts `Fold`): the state `decide` was given never changes.
 */
class Draft extends Fold {
  declare events: GameEvent[];
  // An explicit constructor: a derived class with field initialisers gets a slower implicit one.
  constructor(state: GameState, inPlace = false) {
    super(state, inPlace);
    this.events = NO_EVENTS;
  }

  /** Starts over on another state (the in-place path keeps one Draft: no object per command). */
  restart(state: GameState): void {
    this.reset(state, true);
    this.events = NO_EVENTS;
  }

  emit(e: GameEvent): void {
    // Most commands cause one event: a one-element list then, not an empty list grown by push.
    if (this.events === NO_EVENTS) this.events = [e];
    else this.events.push(e);
    this.apply(e);
  }
}

/** The shared "none yet" marker of Draft.events; never handed out. */
const NO_EVENTS: GameEvent[] = [];

/**
 * Decides a command against the state: the events it causes, or a rule error (and no change).
 * Pure: returns data and executes nothing.
 */
export function decide(state: GameState, command: Command, actor: Actor = HOST_ACTOR): Decision {
  try {
    const d = new Draft(state);
    handle(d, command, actor);
    return { ok: true, state: d.state, events: d.events === NO_EVENTS ? [] : d.events };
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, error: e.error };
    throw e;
  }
}

const HOST_ACTOR: Actor = { kind: 'host' };
const IN_PLACE = new Draft(null as unknown as GameState, true);

/**
 * `decide` for a caller that owns `state` (and its day) and gives it up: the events are folded
 * into that very object instead of into a copy, so a command costs no copy of the state. The result
 * is the same as `decide`'s (test in_place_decide_matches_pure_decide). `state` must not be shared
 * with anything that expects it to stay as it is: make it with `ownedCopy` (or take it from an
 * earlier `decideInPlace`). Arrays in it are never written into, only replaced.
 *
 * On a rule error nothing has been folded (every rule is checked before the first event), so the
 * state is unchanged then too. Used by the simulator; `decide` and `transition` stay pure.
 */
export function decideInPlace(state: GameState, command: Command, actor: Actor = HOST_ACTOR): Decision {
  // One Draft for every in-place command (decide never runs inside another decide).
  const d = IN_PLACE;
  d.restart(state);
  try {
    handle(d, command, actor);
  } catch (e) {
    if (e instanceof RuleViolation) {
      // Cannot happen (rules are checked before events are emitted); would leave a half-folded state.
      if (d.events !== NO_EVENTS) throw new Error(`decideInPlace: a rule error after ${d.events.length} event(s) were folded: ${e.error.message}`);
      return { ok: false, error: e.error };
    }
    throw e;
  }
  const events = d.events === NO_EVENTS ? [] : d.events;
  const out = d.state;
  // Let go of the caller's state and events (the Draft stays for the next command).
  d.restart(null as unknown as GameState);
  return { ok: true, state: out, events };
}

const seatOk = (s: GameState, seat: unknown): seat is SeatNo =>
  typeof seat === 'number' && Number.isInteger(seat) && seat >= 1 && seat <= s.seats;

function needSeat(s: GameState, seat: unknown, what: string): SeatNo {
  if (!seatOk(s, seat)) fail('bad-seat', 'INPUT', `${what} must be a seat number from 1 to ${s.seats}, got ${JSON.stringify(seat)}`);
  return seat as SeatNo;
}

function needAlive(s: GameState, seat: unknown, what: string, rule: string): SeatNo {
  const n = needSeat(s, seat, what);
  if (!s.alive[n - 1]) fail('not-alive', rule, `${what} (seat ${n}) is not in the game`);
  return n;
}

function needSelfOrHost(actor: Actor, seat: SeatNo): void {
  if (actor.kind === 'seat' && actor.seat !== seat) fail('not-your-seat', 'R-HOST-1', `seat ${actor.seat} cannot act for seat ${seat}`);
}

function needDay(s: GameState, stage: DayState['stage'] | readonly DayState['stage'][], what: string, rule: string): DayState {
  const day = s.day;
  const at = day === null ? null : day.stage;
  if (s.phase.kind !== 'day' || at === null || (typeof stage === 'string' ? stage !== at : !stage.includes(at))) {
    const stages = typeof stage === 'string' ? [stage] : stage;
    fail('wrong-phase', rule, `${what} is only possible during ${stages.join(' or ')} (now: ${describePhase(s)})`);
  }
  return day!;
}

export function describePhase(s: GameState): string {
  if (s.phase.kind === 'ended') return 'the game is over';
  if (s.phase.kind === 'night') return `night ${s.phase.n}`;
  return `day ${s.phase.n}, ${s.day?.stage ?? 'not started'}`;
}


function handle(d: Draft, c: Command, actor: Actor): void {
  const s = d.state;
  if (!c || typeof c !== 'object') fail('bad-command', 'INPUT', 'a command must be an object with a "type"');
  // Read once: commands come in many shapes, so every read of `type` is a slow (megamorphic) one.
  const type = c.type;
  if (typeof type !== 'string') fail('bad-command', 'INPUT', 'a command must be an object with a "type"');
  if (s.phase.kind === 'ended') fail('game-over', 'R-WIN-0', `the game is over (${s.winner}); no more commands`);
  if (actor.kind !== 'host' && isHostOnly(type)) fail('host-only', 'R-HOST-1', `only the host (Ведущий) may send ${type}`);
  // The most frequent commands first: a switch on strings compares its cases one by one.
  switch (type) {
    case 'vote': return vote(d, c, actor);
    case 'endSpeech': {
      const day = needDay(s, SPEAKING, 'ending a speech', 'R-PHASE-2');
      const speaker = day.speakers[day.speakerIndex];
      if (actor.kind === 'seat' && actor.seat !== speaker) fail('not-your-turn', 'R-PHASE-2', `it is seat ${speaker}'s speech, not seat ${actor.seat}'s`);
      d.emit({ type: 'SpeechEnded', seat: speaker, skipped: false });
      if (day.stage === 'defence') return afterDefenceSpeech(d);
      return advanceSpeakers(d);
    }
    case 'nominate': return nominate(d, c, actor);
    case 'act': return act(d, c, actor);
    case 'endNight': return endNight(d);
    case 'bestMove': return bestMove(d, c, actor);
    case 'dyingNote': return dyingNote(d, c, actor);
    case 'endLastWords': {
      needDay(s, 'lastWords', 'ending the last word', 'R-PHASE-3');
      d.emit({ type: 'LastWordsEnded' });
      return afterLastWords(d);
    }
    case 'foul': {
      const seat = needAlive(s, c.seat, 'the fouled player', 'R-FOUL-1');
      const total = s.fouls[seat - 1] + 1;
      d.emit({ type: 'Fouled', seat, total });
      if (s.options.foulsToRemove > 0 && total === s.options.foulsToRemove) {
        d.emit({ type: 'PlayerRemoved', seat, reason: 'fouls' });
        afterRemoval(d, seat);
      }
      return;
    }
    case 'remove': {
      const seat = needAlive(s, c.seat, 'the removed player', 'R-FOUL-1');
      d.emit({ type: 'PlayerRemoved', seat, reason: 'host' });
      return afterRemoval(d, seat);
    }
    case 'liftVote': {
      const day = needDay(s, 'lift', 'voting on "all tied leave"', 'R-VOTE-6');
      const by = needAlive(s, c.by, 'the voter', 'R-VOTE-6');
      needSelfOrHost(actor, by);
      if (day.lift[by - 1] !== 0) fail('already-voted', 'R-VOTE-6', `seat ${by} has already voted on "all tied leave"`);
      if (s.silenced.length > 0 && hasNoVote(s, by)) fail('no-vote', 'R-VOTE-11', `seat ${by} was silenced and has no vote today`);
      d.emit({ type: 'LiftVoteCast', by, leave: c.leave === true });
      if (everyAliveVoted(d.state, d.state.day!.lift)) countLift(d);
      return;
    }
    case 'closeVote': {
      const day = needDay(s, ['vote', 'lift'], 'closing the vote', 'R-VOTE-3');
      return day.stage === 'vote' ? countRound(d) : countLift(d);
    }
    case 'circle': return circle(d, c);
    case 'blood': return blood(d, c, actor);
    case 'silenceBroken': return silenceBroken(d, c);
    case 'rakeTakes': return rakeTakes(d, c, actor);
    case 'victimList': return victimList(d, c, actor);
    case 'override': return override(d, c.action);
    case 'undo': return fail('undo-needs-log', 'R-HOST-1', 'undo works on a game log: use transition() on a Game');
    default:
      return fail('unknown-command', 'INPUT', `unknown command type ${JSON.stringify(type)}`);
  }
}

function act(d: Draft, c: Extract<Command, { type: 'act' }>, actor: Actor): void {
  const s = d.state;
  if (s.phase.kind !== 'night' || !s.night) fail('not-night', 'R-NIGHT-1', `night acts are only possible at night (now: ${describePhase(s)})`);
  const n = s.night!.n;
  const by = needAlive(s, c.by, 'the acting player', 'R-NIGHT-4');
  needSelfOrHost(actor, by);
  const role = s.roles[by - 1];
  const spec = actAt(s, by - 1, c.act);
  if (!spec) fail('no-such-ability', 'R-ROLE', `seat ${by} (${role}) has no "${c.act}" ability`);
  if (spec!.availableOn !== undefined && !spec!.availableOn(s, n, by)) fail('not-tonight', 'R-ROLE', `seat ${by} (${role}) cannot use "${c.act}" on night ${n}`);
  if (n === 1) {
    if (s.options.firstNight === 'introduction') fail('introduction-night', 'R-PHASE-1', `night 1 is the introduction night: nobody acts (seat ${by} tried "${c.act}")`);
    if (!spec!.onCheckingFirstNight && s.options.firstNight !== 'active') fail('introduction-night', 'R-PHASE-1', `nobody dies on night 1: only checks are allowed (seat ${by} tried "${c.act}")`);
  }
  const target = needAlive(s, c.target, `the target of seat ${by}'s ${c.act}`, 'R-ROLE');
  if (target === by && !spec!.mayTargetSelf) fail('self-target', 'R-ROLE', `seat ${by} (${role}) cannot ${c.act} himself`);
  let target2: SeatNo | undefined;
  if (spec!.needsTarget2) target2 = needAlive(s, c.target2, `the second target of seat ${by}'s ${c.act}`, 'R-ROLE');
  else if (c.target2 !== undefined) fail('bad-field', 'INPUT', `"${c.act}" takes no target2`);
  if (spec!.needsRole && typeof c.role !== 'string') fail('bad-field', 'INPUT', `"${c.act}" needs a role`);
  if (!spec!.needsRole && c.role !== undefined) fail('bad-field', 'INPUT', `"${c.act}" takes no role`);
  if (hasActed(s.night!.acts, by, c.act)) fail('already-acted', c.act === 'kill' ? 'R-NIGHT-2' : 'R-ROLE', `seat ${by} has already used "${c.act}" tonight`);
  const record: { by: SeatNo; act: NightAct['act']; target: SeatNo; target2?: SeatNo; role?: NightAct['role'] } = { by, act: c.act, target };
  if (target2 !== undefined) record.target2 = target2;
  if (c.role !== undefined) record.role = c.role;
  const refusal = spec!.validate?.(s, record);
  if (refusal) fail('forbidden-target', refusal.rule, refusal.message);
  d.emit({ type: 'ActRecorded', act: record });
}

function hasActed(acts: readonly NightAct[], by: SeatNo, act: string): boolean {
  for (let k = 0; k < acts.length; k++) if (acts[k].by === by && acts[k].act === act) return true;
  return false;
}

function endNight(d: Draft): void {
  const s = d.state;
  if (s.phase.kind !== 'night' || !s.night) fail('not-night', 'R-NIGHT-1', `there is no night to end (now: ${describePhase(s)})`);
  const n = s.night!.n;
  const missing = missingRequiredAct(s);
  if (missing !== null) fail('act-required', 'R-ROLE', `seat ${missing[0]} must use "${missing[1]}" tonight (it cannot be skipped unless he is blocked)`);
  const outcome = resolveNight(s);
  // `alibi` and `silenced` only when the night gave any (most nights do not).
  if (outcome.alibi.length === 0 && outcome.silenced.length === 0) {
    d.emit({ type: 'NightResolved', n, died: outcome.died, results: outcome.results, useful: outcome.useful });
  } else {
    d.emit({ type: 'NightResolved', n, died: outcome.died, results: outcome.results, useful: outcome.useful, alibi: outcome.alibi, silenced: outcome.silenced });
  }
  const changed = nightChanges(d, outcome.changes);
  afterLeaving(d, outcome.died);
  if ((outcome.died.length || changed) && endIfWon(d)) return;
  if (endIfDraw(d)) return;
  startDay(d, n, false, outcome.died);
}

function startDay(d: Draft, n: number, emergency: boolean, victims: readonly SeatNo[]): void {
  const s = d.state;
  const speakers = speakingOrder(s);
  const lastWords = s.options.nightVictimLastWord ? victims : [];
  if (s.setup.modifications.length > 0 && s.setup.modifications.includes('name-in-blood')) {
    // `name-in-blood` (R-MOD): the day keeps last night's victims, who may name a suspect.
    d.emit({ type: 'DayStarted', n, emergency, speakers, lastWords, voteCancelled: s.cancelNextVote, victims });
  } else {
    d.emit({ type: 'DayStarted', n, emergency, speakers, lastWords, voteCancelled: s.cancelNextVote });
  }
  if (s.options.commissarDyingNote && victims.length > 0) {
    const by = commissarKilledByDark(d.state, n, victims);
    if (by !== null) d.emit({ type: 'DyingNoteOwed', by });
  }
  if (d.state.day!.stage === 'speeches') advanceSpeakers(d);
}

/** R-PHASE-2: day 1 starts at seat 1; each next day at the next alive seat after the previous first speaker. */
export function speakingOrder(s: GameState): SeatNo[] {
  const n = s.seats;
  let start = 0;
  if (s.lastFirstSpeaker > 0) {
    for (let k = 1; k <= n; k++) {
      const i = (s.lastFirstSpeaker - 1 + k) % n;
      if (s.alive[i]) { start = i; break; }
    }
  } else {
    for (let i = 0; i < n; i++) if (s.alive[i]) { start = i; break; }
  }
  const out: SeatNo[] = [];
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n;
    if (s.alive[i]) out.push((i + 1) as SeatNo);
  }
  return out;
}

function bestMove(d: Draft, c: Extract<Command, { type: 'bestMove' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'lastWords', 'the best move', 'R-SPORT-3');
  if (!s.options.bestMove) fail('no-best-move', 'R-SPORT-3', `the ${s.setup.preset} preset has no best move (option bestMove is off)`);
  const by = needSeat(s, c.by, 'the best move\'s author');
  needSelfOrHost(actor, by);
  const fk = s.firstKill;
  if (!fk || fk.night !== day.n || !fk.victims.includes(by) || day.outcome !== null) {
    fail('no-best-move', 'R-SPORT-3', `seat ${by} was not killed on the first night with a kill, so he has no best move`);
  }
  if (s.dayOneLeft >= 2) fail('no-best-move', 'R-SPORT-3', 'no best move: 2 or more players left by the day-1 vote');
  if (s.bestMove) fail('no-best-move', 'R-SPORT-3', 'the best move has already been made');
  if (!Array.isArray(c.named) || c.named.length !== 3) fail('bad-field', 'R-SPORT-3', 'a best move names exactly three players');
  const named = c.named.map((x, i) => needSeat(s, x, `best move seat ${i + 1}`));
  if (new Set(named).size !== 3 || named.includes(by)) fail('bad-field', 'R-SPORT-3', 'a best move names three different players other than himself');
  d.emit({ type: 'BestMoveMade', by, named });
}

function afterLastWords(d: Draft): void {
  const day = d.state.day!;
  if (day.stage === 'speeches') advanceSpeakers(d);
  else closeDay(d);
}

function nominate(d: Draft, c: Extract<Command, { type: 'nominate' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'speeches', 'a nomination', 'R-VOTE-1');
  if (s.options.voting !== 'sequential') {
    const rule = s.options.voting === 'two-stage' ? 'R-VOTE-7' : 'R-VOTE-8';
    fail('no-nominations', rule, `the ${s.options.voting} vote has no nominations: every alive player is a candidate`);
  }
  const by = needAlive(s, c.by, 'the nominating player', 'R-VOTE-1');
  if (actor.kind === 'seat') {
    needSelfOrHost(actor, by);
    if (day.speakers[day.speakerIndex] !== by) fail('not-your-turn', 'R-VOTE-1', `seat ${by} may nominate only during his own speech`);
  }
  const turn = day.speakers.indexOf(by);
  if (day.silenced.includes(by) || (s.missNextSpeech[by - 1] && turn >= day.speakerIndex)) {
    fail('silenced', 'R-FOUL-1', `seat ${by} has lost this speech for fouls and cannot nominate`);
  }
  const noms = day.nominations;
  let byDone = false;
  for (let k = 0; k < noms.length; k++) if (noms[k][0] === by) byDone = true;
  if (byDone) fail('already-nominated', 'R-VOTE-1', `seat ${by} has already nominated a player today`);
  const target = needAlive(s, c.target, 'the nominee', 'R-VOTE-1');
  if (target === by) fail('self-nomination', 'R-VOTE-1', `seat ${by} cannot nominate himself: a player nominates another player`);
  let targetDone = false;
  for (let k = 0; k < noms.length; k++) if (noms[k][1] === target) targetDone = true;
  if (targetDone) fail('already-nominee', 'R-VOTE-1', `seat ${target} is already nominated`);
  d.emit({ type: 'Nominated', by, target });
}

/** Moves past speakers who left or who lost their speech for fouls; closes the speeches at the end. */
function advanceSpeakers(d: Draft): void {
  for (;;) {
    const s = d.state;
    const day = s.day!;
    if (day.stage !== 'speeches') return;
    if (day.speakerIndex >= day.speakers.length) return closeSpeeches(d);
    const speaker = day.speakers[day.speakerIndex];
    if (s.alive[speaker - 1] && !s.missNextSpeech[speaker - 1]) return;
    d.emit({ type: 'SpeechEnded', seat: speaker, skipped: true });
  }
}

function closeSpeeches(d: Draft): void {
  const s = d.state;
  const day = s.day!;
  if (day.voteCancelled) return resolveDay(d, [], 'removed', null);
  const voting = s.options.voting;
  if (voting !== 'sequential') {
    // R-VOTE-7 / R-VOTE-8: no nominations; every alive player is a candidate (in circle order).
    const circle = day.circle;
    const candidates = circleOrder(s.alive, circle === null ? 1 : circle.from, circle === null ? 'up' : circle.dir);
    if (voting === 'two-stage') candidates.sort((a, b) => a - b);
    d.emit({ type: 'VoteOpened', round: 0, candidates });
    return;
  }
  const noms = day.nominations;
  const candidates: SeatNo[] = [];
  for (let k = 0; k < noms.length; k++) if (s.alive[noms[k][1] - 1]) candidates.push(noms[k][1]);
  openVote(d, 0, candidates);
}

/** R-VOTE-4: no nominee, or one on day 1: nobody leaves; one from day 2 on: he leaves without a vote. */
const SPEAKING: readonly DayState['stage'][] = ['speeches', 'defence'];

/** R-VOTE-2 / R-VOTE-6: each candidate defends himself in nomination order, then the round is voted. */
function startDefence(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  d.emit({ type: 'DefenceStarted', round, candidates });
}

function afterDefenceSpeech(d: Draft): void {
  const day = d.state.day!;
  if (day.speakerIndex >= day.speakers.length) d.emit({ type: 'VoteOpened', round: day.round, candidates: day.candidates });
}

function openVote(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  const day = d.state.day!;
  if (candidates.length === 0) return resolveDay(d, [], 'none', null);
  // A lone candidate (also one left alone in a re-vote by a removal) is never voted on (R-VOTE-4).
  if (candidates.length === 1) {
    return day.n === 1 ? resolveDay(d, [], 'none', null) : resolveExecution(d, candidates, 'single', null);
  }
  startDefence(d, round, candidates);
}

function vote(d: Draft, c: Extract<Command, { type: 'vote' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'vote', 'a vote', 'R-VOTE-3');
  const by = needAlive(s, c.by, 'the voter', 'R-VOTE-3');
  needSelfOrHost(actor, by);
  if (day.ballots[by - 1] !== 0) fail('already-voted', 'R-VOTE-3', `seat ${by} has already voted in this round`);
  if (s.silenced.length > 0 && hasNoVote(s, by)) fail('no-vote', 'R-VOTE-11', `seat ${by} was silenced and has no vote today`);
  const target = needSeat(s, c.target, 'the vote\'s target');
  if (!isIn(day.candidates, target)) fail('not-a-candidate', 'R-VOTE-3', `seat ${target} is not a candidate of this vote (candidates: ${day.candidates.join(', ')})`);
  if (target === by && s.options.voting !== 'sequential') {
    fail('self-vote', s.options.voting === 'two-stage' ? 'R-VOTE-7' : 'R-VOTE-8', `seat ${by} cannot vote against himself`);
  }
  d.emit({ type: 'VoteCast', by, target });
  if (everyAliveVoted(d.state, d.state.day!.ballots)) countRound(d);
}

function isIn(list: readonly SeatNo[], seat: SeatNo): boolean {
  for (let k = 0; k < list.length; k++) if (list[k] === seat) return true;
  return false;
}

function everyAliveVoted(s: GameState, ballots: readonly number[]): boolean {
  if (s.silenced.length === 0 && s.options.voting === 'sequential') {
    for (let i = 0; i < s.seats; i++) if (s.alive[i] && ballots[i] === 0) return false;
    return true;
  }
  // A seat without a vote (R-VOTE-11), or whose only candidate is himself (R-VOTE-7/8), is done.
  const selfless = s.options.voting !== 'sequential' && s.day!.stage === 'vote';
  const candidates = s.day!.candidates;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i] || ballots[i] !== 0) continue;
    const seat = (i + 1) as SeatNo;
    if (hasNoVote(s, seat)) continue;
    if (selfless && !hasOtherCandidate(candidates, seat)) continue;
    return false;
  }
  return true;
}

function hasOtherCandidate(candidates: readonly SeatNo[], seat: SeatNo): boolean {
  for (let k = 0; k < candidates.length; k++) if (candidates[k] !== seat) return true;
  return false;
}

/**
 * R-VOTE-11: the seat has no vote today: silenced last night by the Lover, or by the Black Widow
 * once the host marked that he spoke (`silenceBroken`).
 */
export function hasNoVote(s: GameState, seat: SeatNo): boolean {
  if (s.silenced.length === 0 || !isIn(s.silenced, seat)) return false;
  if (!silencedByWidow(s, seat)) return true;
  return s.day !== null && isIn(s.day.spoke, seat);
}

/** Was the seat's silence given by the Black Widow (who silences only if he speaks) rather than the Lover? */
function silencedByWidow(s: GameState, seat: SeatNo): boolean {
  const acts = s.pastActs;
  for (let k = acts.length - 1; k >= 0; k--) {
    const a = acts[k];
    if (a.act !== 'silence' || a.target !== seat) continue;
    const role = s.roles[a.by - 1];
    return role === 'black-widow' || (role === 'girl' && s.setup.modifications.includes('black-widow'));
  }
  return false;
}

function aliveCount(s: GameState): number {
  const alive = s.alive;
  let n = 0;
  for (let i = 0; i < alive.length; i++) if (alive[i]) n++;
  return n;
}

function countRound(d: Draft): void {
  const s = d.state;
  const day = s.day!;
  const voting = s.options.voting;
  if (voting !== 'sequential') return voting === 'two-stage' ? countTwoStage(d) : countCircle(d);
  // The general count only when someone lost his vote (R-VOTE-11) or a name in blood counts (R-MOD).
  const general = s.silenced.length > 0 || (day.round === 0 && day.blood.length > 0);
  const { tally, top } = general
    ? countGeneral(day.candidates, day.ballots, s.alive, 'last', (seat) => !hasNoVote(s, seat), day.round === 0 ? day.blood : NO_BLOOD, true)
    : countVotes(day.candidates, day.ballots, s.alive);
  d.emit({ type: 'VoteCounted', round: day.round, tally, tied: top.length > 1 ? top : [] });
  const next = nextAfterRound(day.round, day.candidates, top, aliveCount(s), s.options);
  switch (next.kind) {
    case 'executed': return resolveExecution(d, next.seats, 'vote', tally);
    case 'revote': return startDefence(d, day.round + 1, next.candidates);
    case 'lift': d.emit({ type: 'LiftVoteOpened', tied: next.tied }); return;
    case 'none': return resolveDay(d, [], 'none', tally);
  }
}

function countLift(d: Draft): void {
  const s = d.state;
  const day = s.day!;
  let votesFor = 0;
  let against = 0;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i]) continue;
    if (day.lift[i] === 1) votesFor++;
    else against++;
  }
  const leave = liftPasses(votesFor, votesFor + against);
  d.emit({ type: 'LiftVoteCounted', for: votesFor, against, leave });
  if (leave) resolveExecution(d, day.candidates, 'lift', day.tally);
  else resolveDay(d, [], 'none', day.tally);
}

const NO_BLOOD: DayState['blood'] = [];

/** R-VOTE-7: Piter's two stages; the vote of a player who named nobody is not counted. */
function countTwoStage(d: Draft): void {
  const s = d.state;
  const day = s.day!;
  const round = day.round;
  const c = countGeneral(day.candidates, day.ballots, s.alive, 'abstain', (seat) => !hasNoVote(s, seat), round === 0 ? day.blood : NO_BLOOD, round > 0);
  const next = nextAfterTwoStage(round, day.candidates, c.counts);
  d.emit({ type: 'VoteCounted', round, tally: c.tally, tied: round > 0 && next.kind === 'none' && c.top.length > 1 && c.counts.some((x) => x > 0) ? c.top : [] });
  switch (next.kind) {
    case 'defence': return startDefence(d, round + 1, next.defenders);
    case 'executed': return resolveExecution(d, [next.seat], 'vote', c.tally);
    case 'none': return resolveDay(d, [], 'none', c.tally);
  }
}

/** R-VOTE-8: the circle; a voter who voted for nobody counts against the last candidate of the circle. */
function countCircle(d: Draft): void {
  const s = d.state;
  const day = s.day!;
  const round = day.round;
  const c = countGeneral(day.candidates, day.ballots, s.alive, 'lastOther', (seat) => !hasNoVote(s, seat), round === 0 ? day.blood : NO_BLOOD, round > 0);
  d.emit({ type: 'VoteCounted', round, tally: c.tally, tied: c.top.length > 1 ? c.top : [] });
  const next = nextAfterCircle(round, c.top);
  switch (next.kind) {
    case 'revote': return startDefence(d, round + 1, next.candidates);
    case 'executed': return resolveExecution(d, [next.seat], 'vote', c.tally);
    case 'none': return resolveDay(d, [], 'none', c.tally);
  }
}

/**
 * Immunities at the vote, checked once the result is known (R-VOTE-9, R-VOTE-10): an Elder or a
 * player with an alibi is not executed. A single player saved ends the day with no execution and no
 * further vote (`elder` or `alibi`); of several leaving together (the lift vote) the immune stay
 * and the others leave. The Elder is named before an alibi when a player has both.
 */
function resolveExecution(d: Draft, seats: readonly SeatNo[], by: DayOutcome, tally: Tally | null): void {
  const s = d.state;
  let immune = s.alibi.length > 0;
  for (let k = 0; k < seats.length && !immune; k++) if (s.roles[seats[k] - 1] === 'elder') immune = true;
  if (!immune) return resolveDay(d, seats, by, tally);
  const kept: SeatNo[] = [];
  let why: DayOutcome | null = null;
  for (const seat of seats) {
    const w: DayOutcome | null = s.roles[seat - 1] === 'elder' ? 'elder' : isIn(s.alibi, seat) ? 'alibi' : null;
    if (w === null) kept.push(seat);
    else why ??= w;
  }
  if (kept.length === 0) return resolveDay(d, [], why!, tally);
  resolveDay(d, kept, by, tally);
}

/** R-ROLE Rake: executed by a vote, he takes one of the players who voted against him (his choice). */
function openRakeChoice(d: Draft, eliminated: readonly SeatNo[]): boolean {
  const s = d.state;
  let rake = 0;
  for (let k = 0; k < eliminated.length; k++) if (s.roles[eliminated[k] - 1] === 'rake') rake = eliminated[k];
  if (rake === 0) return false;
  const among = votersAgainst(s, rake as SeatNo);
  if (among.length === 0) return false;
  d.emit({ type: 'RakeChoiceOpened', by: rake as SeatNo, among });
  return true;
}

/**
 * The alive players whose vote counted against `seat` in the day's last counted round (a vote not
 * cast counts where the procedure puts it: the last candidate in sequential and circular votes).
 */
function votersAgainst(s: GameState, seat: SeatNo): SeatNo[] {
  const day = s.day!;
  const voting = s.options.voting;
  const leftover: Leftover = voting === 'two-stage' ? 'abstain' : voting === 'circular' ? 'lastOther' : 'last';
  const c = countGeneral(day.candidates, day.ballots, s.alive, leftover, (v) => !hasNoVote(s, v), NO_BLOOD, true);
  const out: SeatNo[] = [];
  for (let i = 0; i < s.seats; i++) {
    const v = day.ballots[i];
    if (!s.alive[i] || i + 1 === seat) continue;
    // A cast ballot counts where it was cast (also a re-vote ballot for a player not in the lift vote).
    if (v === seat || (v === 0 && c.effective[i] === seat)) out.push((i + 1) as SeatNo);
  }
  return out;
}

function rakeTakes(d: Draft, c: Extract<Command, { type: 'rakeTakes' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'rake', 'the Rake\'s choice', 'R-ROLE');
  const choice = day.rakeChoice!;
  const by = needSeat(s, c.by, 'the Rake');
  if (by !== choice.by) fail('not-the-rake', 'R-ROLE', `seat ${choice.by} is the executed Rake, not seat ${by}`);
  needSelfOrHost(actor, by);
  const target = needAlive(s, c.target, 'the player the Rake takes', 'R-ROLE');
  if (!isIn(choice.among, target)) fail('not-a-voter', 'R-ROLE', `the Rake takes one of the players who voted against him (${choice.among.join(', ')}), not seat ${target}`);
  d.emit({ type: 'RakeTook', by, target });
  afterLeaving(d, [target]);
  endIfWon(d);
}

/** R-VOTE-8: the host chooses where the circle starts and its direction, before the first ballot. */
function circle(d: Draft, c: Extract<Command, { type: 'circle' }>): void {
  const s = d.state;
  const day = needDay(s, ['lastWords', 'speeches', 'vote'], 'setting the voting circle', 'R-VOTE-8');
  if (s.options.voting !== 'circular') fail('not-in-procedure', 'R-VOTE-8', `this ${s.setup.preset} game has no voting circle (voting: ${s.options.voting})`);
  const from = needSeat(s, c.from, 'the first player of the circle');
  if (c.dir !== 'up' && c.dir !== 'down') fail('bad-field', 'INPUT', `the circle's direction must be "up" or "down", got ${JSON.stringify(c.dir)}`);
  if (day.stage === 'vote' && (day.round !== 0 || day.ballots.some((b) => b !== 0))) {
    fail('vote-started', 'R-VOTE-8', 'the circle is chosen before the first vote of the day is cast');
  }
  d.emit({ type: 'CircleSet', from, dir: c.dir });
  if (day.stage === 'vote') d.emit({ type: 'VoteOpened', round: 0, candidates: circleOrder(s.alive, from, c.dir) });
}

/** R-ROLE Commissar (000 tabletop): last night's victim who was the Commissar and whom a dark role (mafia, Maniac, Gangster) shot. */
function commissarKilledByDark(s: GameState, n: number, victims: readonly SeatNo[]): SeatNo | null {
  for (const v of victims) {
    if (s.roles[v - 1] !== 'commissar') continue;
    for (const a of s.pastActs) {
      if (a.night !== n || a.act !== 'kill' || a.target !== v) continue;
      const r = s.roles[a.by - 1];
      if (s.teams[a.by - 1] === 'mafia' || r === 'maniac' || r === 'gangster') return v;
    }
  }
  return null;
}

/** R-ROLE Commissar (`commissarDyingNote`): the killed Commissar's note names one player, in the morning. */
function dyingNote(d: Draft, c: Extract<Command, { type: 'dyingNote' }>, actor: Actor): void {
  const s = d.state;
  if (!s.options.commissarDyingNote) fail('no-dying-note', 'R-ROLE', `the ${s.setup.preset} game has no dying note (option commissarDyingNote is off)`);
  const day = needDay(s, ['lastWords', 'speeches'], 'a dying note', 'R-ROLE');
  const by = needSeat(s, c.by, 'the Commissar who leaves the note');
  needSelfOrHost(actor, by);
  const note = day.dyingNote;
  if (note === null || note.by !== by) fail('no-dying-note', 'R-ROLE', `seat ${by} is not a Commissar killed last night by a dark role, so he leaves no note`);
  if (note.named !== null) fail('already-named', 'R-ROLE', `seat ${by} has already left his dying note`);
  if (day.outcome !== null) fail('wrong-phase', 'R-ROLE', 'the dying note is read out in the morning, before the day\'s vote');
  const named = needSeat(s, c.named, 'the player named in the dying note');
  if (named === by) fail('bad-field', 'R-ROLE', 'the dying note names another player');
  d.emit({ type: 'DyingNoteLeft', by, named });
}

/** `name-in-blood` (R-MOD): a player killed last night names a suspect, before the day's vote. */
function blood(d: Draft, c: Extract<Command, { type: 'blood' }>, actor: Actor): void {
  const s = d.state;
  if (!s.setup.modifications.includes('name-in-blood')) fail('modification-not-in-play', 'R-MOD', 'the name-in-blood modification is not in play');
  const day = needDay(s, ['lastWords', 'speeches'], 'a name in blood', 'R-MOD');
  if (day.outcome !== null) fail('wrong-phase', 'R-MOD', 'a name in blood counts at the vote: it is given before the day\'s vote');
  const by = needSeat(s, c.by, 'the victim who names his killer');
  needSelfOrHost(actor, by);
  if (!isIn(day.victims, by)) fail('not-a-victim', 'R-MOD', `seat ${by} was not killed last night, so he names nobody in blood`);
  for (const [v] of day.blood) if (v === by) fail('already-named', 'R-MOD', `seat ${by} has already named his killer`);
  const target = needAlive(s, c.target, 'the suspect named in blood', 'R-MOD');
  if (aliveCount(s) <= 3) fail('too-few-players', 'R-MOD', 'no name in blood when 3 players remain');
  d.emit({ type: 'BloodNamed', by, target });
}

/** R-VOTE-11: the host marks that a player silenced by the Black Widow spoke: he loses his vote today. */
function silenceBroken(d: Draft, c: Extract<Command, { type: 'silenceBroken' }>): void {
  const s = d.state;
  const day = needDay(s, ['lastWords', 'speeches', 'defence', 'vote'], 'marking a silenced player who spoke', 'R-VOTE-11');
  const seat = needAlive(s, c.seat, 'the silenced player', 'R-VOTE-11');
  if (!isIn(s.silenced, seat)) fail('not-silenced', 'R-VOTE-11', `seat ${seat} was not silenced last night`);
  if (!silencedByWidow(s, seat)) fail('not-silenced', 'R-VOTE-11', `seat ${seat} was silenced by the Lover: he has no vote today whatever he says`);
  if (isIn(day.spoke, seat)) fail('already-marked', 'R-VOTE-11', `seat ${seat} has already lost his vote today`);
  d.emit({ type: 'SilenceBroken', seat });
  if (d.state.day!.stage === 'vote' && everyAliveVoted(d.state, d.state.day!.ballots)) countRound(d);
}

function resolveDay(d: Draft, eliminated: readonly SeatNo[], by: DayOutcome, tally: Tally | null): void {
  const s = d.state;
  const day = s.day!;
  const left = sortedSeats(day.left, eliminated);
  d.emit({ type: 'DayResolved', n: day.n, left, eliminated: sortedSeats(eliminated, NO_SEATS), by, tally });
  if (eliminated.length) afterLeaving(d, eliminated);
  if (eliminated.length && (by === 'vote' || by === 'lift') && openRakeChoice(d, eliminated)) return;
  if (eliminated.length && endIfWon(d)) return;
  if (d.state.day!.stage === 'evening') closeDay(d);
}

const NO_SEATS: readonly SeatNo[] = [];

/** `a` then `b` in one new list sorted by seat (`[...a, ...b].sort()`, by insertion: the lists are short). */
function sortedSeats(a: readonly SeatNo[], b: readonly SeatNo[]): SeatNo[] {
  const out = new Array<SeatNo>(a.length + b.length);
  let n = 0;
  for (let pass = 0; pass < 2; pass++) {
    const src = pass === 0 ? a : b;
    for (let k = 0; k < src.length; k++) {
      const v = src[k];
      let j = n++;
      while (j > 0 && out[j - 1] > v) {
        out[j] = out[j - 1];
        j--;
      }
      out[j] = v;
    }
  }
  return out;
}

/** End of a day: the draw count (R-SPORT-4), then the emergency day (R-PHASE-4) or the night. */
function closeDay(d: Draft): void {
  if (endIfDraw(d)) return;
  const s = d.state;
  const n = s.day!.n;
  if (!s.options.nights) return startDay(d, n + 1, false, []);
  // An emergency day is followed by the night, whatever the count: one extra vote, not an endless day.
  if (s.options.emergencyDay && !s.day!.emergency && isEmergency(s)) return startDay(d, n + 1, true, []);
  beforeNight(d);
  d.emit({ type: 'NightStarted', n: n + 1 });
}

/** R-PHASE-4: 3 mafia vs 4 red or 2 mafia vs 3 red after a day. */
export function isEmergency(s: GameState): boolean {
  const { mafia, others: red } = aliveSides(s);
  return (mafia === 3 && red === 4) || (mafia === 2 && red === 3);
}

function afterRemoval(d: Draft, seat: SeatNo): void {
  afterLeaving(d, [seat]);
  const s = d.state;
  const day = s.day;
  if (checkWinner(s) !== null) {
    // R-SPORT-2: the removal ends the game; an undecided day is recorded as ended by the removal.
    if (s.phase.kind === 'day' && day && day.outcome === null) d.emit({ type: 'DayResolved', n: day.n, left: [...day.left].sort((a, b) => a - b), eliminated: [], by: 'removed', tally: null });
    endIfWon(d);
    return;
  }
  if (s.phase.kind !== 'day' || !day) return;
  if (day.stage === 'speeches') return advanceSpeakers(d);
  if (day.stage === 'rake') {
    // The Rake chooses among the voters still in the game; none left: he takes nobody.
    const choice = day.rakeChoice!;
    if (isIn(choice.among, seat)) d.emit({ type: 'RakeChoiceOpened', by: choice.by, among: choice.among.filter((x) => x !== seat) });
    return;
  }
  if (day.stage === 'defence' || day.stage === 'vote' || day.stage === 'lift') {
    if (day.voteCancelled) return resolveDay(d, [], 'removed', null);
    if (day.candidates.includes(seat)) {
      const others = day.candidates.filter((c) => c !== seat);
      if (s.options.voting !== 'sequential') return reopenRound(d, day.round, others);
      // The round starts again among the others (a lone one is never voted on: R-VOTE-4).
      openVote(d, day.round, others);
      return;
    }
    if (day.stage === 'defence') return;
    const ballots = day.stage === 'vote' ? day.ballots : day.lift;
    if (everyAliveVoted(s, ballots)) return day.stage === 'vote' ? countRound(d) : countLift(d);
  }
}

/** Two-stage and circular votes: a removed candidate leaves the round, which starts again among the others. */
function reopenRound(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  if (candidates.length === 0) return resolveDay(d, [], 'none', null);
  if (round > 0) return startDefence(d, round, candidates);
  d.emit({ type: 'VoteOpened', round, candidates });
}

function override(d: Draft, a: Extract<Command, { type: 'override' }>['action']): void {
  const s = d.state;
  if (!a || typeof a !== 'object') fail('bad-command', 'INPUT', 'an override needs an action');
  switch (a.kind) {
    case 'eliminate': {
      const seat = needAlive(s, a.seat, 'the eliminated player', 'R-HOST-1');
      d.emit({ type: 'HostOverride', action: { kind: 'eliminate', seat } });
      afterLeaving(d, [seat]);
      endIfWon(d);
      return;
    }
    case 'revive': {
      const seat = needSeat(s, a.seat, 'the revived player');
      if (s.alive[seat - 1]) fail('alive', 'R-HOST-1', `seat ${seat} is alive already`);
      d.emit({ type: 'HostOverride', action: { kind: 'revive', seat } });
      return;
    }
    case 'endGame': {
      const w = a.winner;
      if (w !== 'town' && w !== 'mafia' && w !== 'draw' && !s.roles.includes(w)) fail('bad-winner', 'R-HOST-1', `unknown winner ${JSON.stringify(w)}`);
      d.emit({ type: 'HostOverride', action: { kind: 'endGame', winner: w } });
      d.emit({ type: 'GameEnded', winner: w, winners: winningSeats(s, w) });
      return;
    }
    default:
      fail('bad-command', 'INPUT', `unknown override ${JSON.stringify((a as { kind: unknown }).kind)}`);
  }
}

function endIfWon(d: Draft): boolean {
  const w = checkWinner(d.state);
  if (w === null) return false;
  d.emit({ type: 'GameEnded', winner: w, winners: winningSeats(d.state, w) });
  return true;
}

/** R-SPORT-4: nobody left the game for N nights and N days in a row. */
function endIfDraw(d: Draft): boolean {
  const rounds = d.state.options.drawAfterQuietRounds;
  if (rounds <= 0 || d.state.quietPhases < rounds * 2) return false;
  d.emit({ type: 'GameEnded', winner: 'draw', winners: [] });
  return true;
}

/** The first phase of a new game: night 1, or day 1 when the preset has no nights (R-PHASE-5). */
export function openingEvents(state: GameState): GameEvent[] {
  return opening(state, false).events;
}

/**
 * The opening events and the state after them. `inPlace`: the caller gives `state` up (a fresh
 * `initialState`), so the events are folded into it with no copy.
 */
export function opening(state: GameState, inPlace: boolean): { events: GameEvent[]; state: GameState } {
  const d = new Draft(state, inPlace);
  if (state.options.nights) d.emit({ type: 'NightStarted', n: 1 });
  else startDay(d, 1, false, []);
  return { events: d.events === NO_EVENTS ? [] : d.events, state: d.state };
}
