import type { SeatNo } from '../ids.js';
import { fail, RuleViolation, type RuleError } from '../errors.js';
import { actAt } from '../roles/registry.js';
import { resolveNight } from '../night/resolve.js';
import { countVotes, liftPasses, nextAfterRound } from '../voting/sequential.js';
import { Fold } from './apply.js';
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
  switch (type) {
    case 'act': return act(d, c, actor);
    case 'endNight': return endNight(d);
    case 'bestMove': return bestMove(d, c, actor);
    case 'endLastWords': {
      needDay(s, 'lastWords', 'ending the last word', 'R-PHASE-3');
      d.emit({ type: 'LastWordsEnded' });
      return afterLastWords(d);
    }
    case 'nominate': return nominate(d, c, actor);
    case 'endSpeech': {
      const day = needDay(s, SPEAKING, 'ending a speech', 'R-PHASE-2');
      const speaker = day.speakers[day.speakerIndex];
      if (actor.kind === 'seat' && actor.seat !== speaker) fail('not-your-turn', 'R-PHASE-2', `it is seat ${speaker}'s speech, not seat ${actor.seat}'s`);
      d.emit({ type: 'SpeechEnded', seat: speaker, skipped: false });
      if (day.stage === 'defence') return afterDefenceSpeech(d);
      return advanceSpeakers(d);
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
    case 'vote': return vote(d, c, actor);
    case 'liftVote': {
      const day = needDay(s, 'lift', 'voting on "all tied leave"', 'R-VOTE-6');
      const by = needAlive(s, c.by, 'the voter', 'R-VOTE-6');
      needSelfOrHost(actor, by);
      if (day.lift[by - 1] !== 0) fail('already-voted', 'R-VOTE-6', `seat ${by} has already voted on "all tied leave"`);
      d.emit({ type: 'LiftVoteCast', by, leave: c.leave === true });
      if (everyAliveVoted(d.state, d.state.day!.lift)) countLift(d);
      return;
    }
    case 'closeVote': {
      const day = needDay(s, ['vote', 'lift'], 'closing the vote', 'R-VOTE-3');
      return day.stage === 'vote' ? countRound(d) : countLift(d);
    }
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
  if (n === 1) {
    if (s.options.firstNight === 'introduction') fail('introduction-night', 'R-PHASE-1', `night 1 is the introduction night: nobody acts (seat ${by} tried "${c.act}")`);
    if (!spec!.onCheckingFirstNight) fail('introduction-night', 'R-PHASE-1', `nobody dies on night 1: only checks are allowed (seat ${by} tried "${c.act}")`);
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
  const outcome = resolveNight(s);
  // `alibi` and `silenced` only when the night gave any (most nights do not).
  if (outcome.alibi.length === 0 && outcome.silenced.length === 0) {
    d.emit({ type: 'NightResolved', n, died: outcome.died, results: outcome.results, useful: outcome.useful });
  } else {
    d.emit({ type: 'NightResolved', n, died: outcome.died, results: outcome.results, useful: outcome.useful, alibi: outcome.alibi, silenced: outcome.silenced });
  }
  if (outcome.died.length && endIfWon(d)) return;
  if (endIfDraw(d)) return;
  startDay(d, n, false, outcome.died);
}

function startDay(d: Draft, n: number, emergency: boolean, victims: readonly SeatNo[]): void {
  const s = d.state;
  const speakers = speakingOrder(s);
  const lastWords = s.options.nightVictimLastWord ? victims : [];
  d.emit({ type: 'DayStarted', n, emergency, speakers, lastWords, voteCancelled: s.cancelNextVote });
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
    return day.n === 1 ? resolveDay(d, [], 'none', null) : resolveDay(d, candidates, 'single', null);
  }
  startDefence(d, round, candidates);
}

function vote(d: Draft, c: Extract<Command, { type: 'vote' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'vote', 'a vote', 'R-VOTE-3');
  const by = needAlive(s, c.by, 'the voter', 'R-VOTE-3');
  needSelfOrHost(actor, by);
  if (day.ballots[by - 1] !== 0) fail('already-voted', 'R-VOTE-3', `seat ${by} has already voted in this round`);
  const target = needSeat(s, c.target, 'the vote\'s target');
  if (!isIn(day.candidates, target)) fail('not-a-candidate', 'R-VOTE-3', `seat ${target} is not a candidate of this vote (candidates: ${day.candidates.join(', ')})`);
  d.emit({ type: 'VoteCast', by, target });
  if (everyAliveVoted(d.state, d.state.day!.ballots)) countRound(d);
}

function isIn(list: readonly SeatNo[], seat: SeatNo): boolean {
  for (let k = 0; k < list.length; k++) if (list[k] === seat) return true;
  return false;
}

function everyAliveVoted(s: GameState, ballots: readonly number[]): boolean {
  for (let i = 0; i < s.seats; i++) if (s.alive[i] && ballots[i] === 0) return false;
  return true;
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
  const { tally, top } = countVotes(day.candidates, day.ballots, s.alive);
  d.emit({ type: 'VoteCounted', round: day.round, tally, tied: top.length > 1 ? top : [] });
  const next = nextAfterRound(day.round, day.candidates, top, aliveCount(s), s.options);
  switch (next.kind) {
    case 'executed': return resolveDay(d, next.seats, 'vote', tally);
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
  resolveDay(d, leave ? day.candidates : [], leave ? 'lift' : 'none', day.tally);
}

function resolveDay(d: Draft, eliminated: readonly SeatNo[], by: DayOutcome, tally: Tally | null): void {
  const s = d.state;
  const day = s.day!;
  const left = sortedSeats(day.left, eliminated);
  d.emit({ type: 'DayResolved', n: day.n, left, eliminated: sortedSeats(eliminated, NO_SEATS), by, tally });
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
  d.emit({ type: 'NightStarted', n: n + 1 });
}

/** R-PHASE-4: 3 mafia vs 4 red or 2 mafia vs 3 red after a day. */
export function isEmergency(s: GameState): boolean {
  const { mafia, others: red } = aliveSides(s);
  return (mafia === 3 && red === 4) || (mafia === 2 && red === 3);
}

function afterRemoval(d: Draft, seat: SeatNo): void {
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
  if (day.stage === 'defence' || day.stage === 'vote' || day.stage === 'lift') {
    if (day.voteCancelled) return resolveDay(d, [], 'removed', null);
    if (day.candidates.includes(seat)) {
      // The round starts again among the others (a lone one is never voted on: R-VOTE-4).
      openVote(d, day.round, day.candidates.filter((c) => c !== seat));
      return;
    }
    if (day.stage === 'defence') return;
    const ballots = day.stage === 'vote' ? day.ballots : day.lift;
    if (everyAliveVoted(s, ballots)) return day.stage === 'vote' ? countRound(d) : countLift(d);
  }
}

function override(d: Draft, a: Extract<Command, { type: 'override' }>['action']): void {
  const s = d.state;
  if (!a || typeof a !== 'object') fail('bad-command', 'INPUT', 'an override needs an action');
  switch (a.kind) {
    case 'eliminate': {
      const seat = needAlive(s, a.seat, 'the eliminated player', 'R-HOST-1');
      d.emit({ type: 'HostOverride', action: { kind: 'eliminate', seat } });
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
