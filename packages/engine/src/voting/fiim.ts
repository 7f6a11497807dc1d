import type { SeatNo } from '../ids.js';
import type { GameOptions } from '../model/options.js';
import type { RoundOutcome } from './sequential.js';

/**
 * What follows a counted round of a `fiim` day (R-FIIM-5..8, with R-SPORT-5):
 * - day 1 under `firstVoting: to-talk`: nobody leaves, and a tie has one re-vote only;
 * - a single leader leaves, except on day 1 under `firstVoting` (to-talk, no-break: he stays;
 *   self-break: he leaves only if his own vote was against himself, `votedForHimself`);
 * - a tie, the whole table's too, goes to a re-vote among the tied, in the same or the reverse order
 *   (`splitOrder`); a re-vote that ties among fewer players is held again among those (R-SPORT-5);
 * - the same players tied twice: the lift vote, unless the whole table is tied (`killAll`: no —
 *   nobody leaves; draw — the lift vote decides a draw), or `splitOnFour` /
 *   `splitOnNine` say it is not held.
 */
export function nextAfterFiimRound(
  day: number,
  round: number,
  candidates: readonly SeatNo[],
  top: readonly SeatNo[],
  aliveCount: number,
  options: GameOptions,
  votedForHimself: (seat: SeatNo) => boolean,
): RoundOutcome {
  const firstDay = day === 1;
  if (top.length === 1) {
    const fv = options.firstVoting;
    if (firstDay && (fv === 'to-talk' || fv === 'no-break' || (fv === 'self-break' && !votedForHimself(top[0])))) return NONE;
    return { kind: 'executed', seats: top };
  }
  // `to-talk`: "its winner, or the tied after the re-vote, get 30 s more each": one re-vote at most.
  if (round > 0 && firstDay && options.firstVoting === 'to-talk') return NONE;
  if (round === 0 || top.length < candidates.length) {
    return { kind: 'revote', candidates: options.splitOrder === 'reverse' ? top.slice().reverse() : top };
  }
  if (top.length === aliveCount) return options.killAll === 'draw' ? { kind: 'lift', tied: top } : NONE;
  if (aliveCount === 4 && top.length === 2 && options.splitOnFour === 'prohibited') return NONE;
  if (aliveCount === 9 && top.length === 3 && (options.splitOnNine === 'no' || (options.splitOnNine === 'after1' && day === 2))) return NONE;
  return { kind: 'lift', tied: top };
}

const NONE: RoundOutcome = Object.freeze({ kind: 'none' });
