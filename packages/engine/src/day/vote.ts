// The day's vote: opening a round, the ballots (R-VOTE-3), the lift vote (R-VOTE-6), the circle (R-VOTE-8).
import { seatAt, type SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import { circleOrder } from '../voting/circular.js';
import { ballotRule, procedureRule } from '../voting/tally.js';
import type { Actor, Command } from '../game/commands.js';
import type { GameState } from '../game/state.js';
import type { Draft } from '../game/draft.js';
import { isIn, needAlive, needDay, needSeat, needSelfOrHost } from '../game/guards.js';
import { countLift, countRound, resolveExecution } from './count.js';
import { hasNoVote } from './silence.js';
import { resolveDay } from './evening.js';

/** R-VOTE-4: no nominee, or one on day 1: nobody leaves; one from day 2 on: he leaves without a vote. */
export function openVote(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  const day = d.state.day!;
  if (candidates.length === 0) return resolveDay(d, [], 'none', null);
  // A lone candidate (also one left alone in a re-vote by a removal) is never voted on (R-VOTE-4).
  if (candidates.length === 1) {
    return day.n === 1 ? resolveDay(d, [], 'none', null) : resolveExecution(d, candidates, 'single', null);
  }
  startDefence(d, round, candidates);
}

/** R-VOTE-2 / R-VOTE-6: each candidate defends himself in nomination order, then the round is voted. */
export function startDefence(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  d.emit({ type: 'DefenceStarted', round, candidates });
}

/** Two-stage and circular votes: a removed candidate leaves the round, which starts again among the others. */
export function reopenRound(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  if (candidates.length === 0) return resolveDay(d, [], 'none', null);
  if (round > 0) return startDefence(d, round, candidates);
  d.emit({ type: 'VoteOpened', round, candidates });
}

export function vote(d: Draft, c: Extract<Command, { type: 'vote' }>, actor: Actor): void {
  const s = d.state;
  const rule = ballotRule(s.options.voting);
  const day = needDay(s, 'vote', 'a vote', rule);
  const by = needAlive(s, c.by, 'the voter', rule);
  needSelfOrHost(actor, by);
  if (day.ballots[by - 1] !== 0) fail('already-voted', rule, `seat ${by} has already voted in this round`);
  if (s.silenced.length > 0 && hasNoVote(s, by)) fail('no-vote', 'R-VOTE-11', `seat ${by} was silenced and has no vote today`);
  const target = needSeat(s, c.target, 'the vote\'s target');
  if (!isIn(day.candidates, target)) fail('not-a-candidate', procedureRule(s.options.voting), `seat ${target} is not a candidate of this vote (candidates: ${day.candidates.join(', ')})`);
  if (target === by && s.options.voting !== 'sequential') {
    fail('self-vote', procedureRule(s.options.voting), `seat ${by} cannot vote against himself`);
  }
  d.emit({ type: 'VoteCast', by, target });
  if (everyAliveVoted(d.state, d.state.day!.ballots)) countRound(d);
}

export function liftVote(d: Draft, c: Extract<Command, { type: 'liftVote' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'lift', 'voting on "all tied leave"', 'R-VOTE-6');
  const by = needAlive(s, c.by, 'the voter', 'R-VOTE-6');
  needSelfOrHost(actor, by);
  if (day.lift[by - 1] !== 0) fail('already-voted', 'R-VOTE-6', `seat ${by} has already voted on "all tied leave"`);
  if (s.silenced.length > 0 && hasNoVote(s, by)) fail('no-vote', 'R-VOTE-11', `seat ${by} was silenced and has no vote today`);
  d.emit({ type: 'LiftVoteCast', by, leave: c.leave === true });
  if (everyAliveVoted(d.state, d.state.day!.lift)) countLift(d);
}

export function closeVote(d: Draft): void {
  const day = needDay(d.state, ['vote', 'lift'], 'closing the vote', 'R-VOTE-3');
  return day.stage === 'vote' ? countRound(d) : countLift(d);
}

export function everyAliveVoted(s: GameState, ballots: readonly number[]): boolean {
  if (s.silenced.length === 0 && s.options.voting === 'sequential') {
    for (let i = 0; i < s.seats; i++) if (s.alive[i] && ballots[i] === 0) return false;
    return true;
  }
  // A seat without a vote (R-VOTE-11), or whose only candidate is himself (R-VOTE-7/8), is done.
  const selfless = s.options.voting !== 'sequential' && s.day!.stage === 'vote';
  const candidates = s.day!.candidates;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i] || ballots[i] !== 0) continue;
    const seat = seatAt(i);
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

/** R-VOTE-8: the host chooses where the circle starts and its direction, before the first ballot. */
export function circle(d: Draft, c: Extract<Command, { type: 'circle' }>): void {
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

