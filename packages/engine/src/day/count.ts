// Counting a round (the procedures of ../voting/) and what follows it: a re-vote, a tie (R-VOTE-6), an execution.
import { seatNo, type SeatNo } from '../ids.js';
import { countVotes, liftPasses, nextAfterRound } from '../voting/sequential.js';
import { countRound as countGeneral } from '../voting/tally.js';
import { nextAfterTwoStage } from '../voting/two-stage.js';
import { nextAfterCircle } from '../voting/circular.js';
import type { DayState } from '../model/state.js';
import type { Draft } from '../game/draft.js';
import { aliveCount } from '../game/guards.js';
import { drawByLift, resolveDay, resolveExecution, startDefence } from './flow.js';
import { hasNoVote, NO_BLOOD } from './rules.js';
import { nextAfterFiimRound } from '../voting/fiim.js';

export function countRound(d: Draft): void {
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
  const next = s.options.fiim
    ? nextAfterFiimRound(day.n, day.round, day.candidates, top, aliveCount(s), s.options, (seat) => votedFor(day, seat) === seat)
    : nextAfterRound(day.round, day.candidates, top, aliveCount(s), s.options);
  switch (next.kind) {
    case 'executed': return resolveExecution(d, next.seats, 'vote', tally);
    case 'revote': return startDefence(d, day.round + 1, next.candidates);
    case 'lift': d.emit({ type: 'LiftVoteOpened', tied: next.tied }); return;
    case 'none': return resolveDay(d, [], 'none', tally);
  }
}

export function countLift(d: Draft): void {
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
  // R-FIIM-5 `killAll: draw`: the whole table tied twice and voted to leave: the game is a draw.
  if (leave && s.options.fiim && day.candidates.length === votesFor + against) return drawByLift(d, day.tally);
  if (leave) resolveExecution(d, day.candidates, 'lift', day.tally);
  else resolveDay(d, [], 'none', day.tally);
}

/** R-VOTE-3: the candidate a seat's vote counted for this round (a vote not cast: the last candidate). */
function votedFor(day: DayState, seat: SeatNo): SeatNo {
  const b = day.ballots[seat - 1];
  return b !== 0 ? seatNo(b) : day.candidates[day.candidates.length - 1];
}

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
