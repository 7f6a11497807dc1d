import { seatAt, type SeatNo } from '../ids.js';
import type { Tally } from '../model/state.js';
import { newTally } from './sequential.js';

/**
 * What happens to the vote of a voter who cast no ballot when the round is counted:
 * - `last`: it goes to the last candidate (R-VOTE-3 sequential; R-VOTE-8 circle: the last one of
 *   the circle, or the one before him when the silent voter is the last candidate himself);
 * - `abstain`: it is not counted (R-VOTE-7, Piter's stages).
 */
export type Leftover = 'last' | 'lastOther' | 'abstain';

export interface RoundCount {
  readonly tally: Tally;
  /** The candidates with the most votes, in candidate order (all of them when nobody got a vote). */
  readonly top: SeatNo[];
  /** Votes per candidate, in candidate order. */
  readonly counts: number[];
  /** effective[seat - 1]: the candidate the seat's vote counted for (0: none: abstained, no vote, dead). */
  readonly effective: number[];
}

/**
 * The general count of one round, for the procedures other than the plain sequential vote (which
 * keeps its own fast `countVotes`): voters without a vote today (R-VOTE-11) count for nobody, the
 * leftover rule decides the silent voters' votes, and `extra` adds one vote per entry against its
 * suspect when he is a candidate (`name-in-blood`, R-MOD). `withZeros`: list every candidate in the
 * tally; otherwise only those with at least one vote.
 */
export function countRound(
  candidates: readonly SeatNo[],
  ballots: readonly number[],
  alive: readonly boolean[],
  leftover: Leftover,
  hasVote: (seat: SeatNo) => boolean,
  extra: readonly (readonly [SeatNo, SeatNo])[],
  withZeros: boolean,
): RoundCount {
  const m = candidates.length;
  const counts = zeros(m);
  const effective = zeros(alive.length);
  for (let i = 0; i < alive.length; i++) {
    const seat = seatAt(i);
    if (!alive[i] || !hasVote(seat)) continue;
    let k = ballots[i] ? indexIn(candidates, ballots[i]) : -1;
    if (k < 0 && m > 0) {
      if (leftover === 'last') k = m - 1;
      else if (leftover === 'lastOther') {
        k = m - 1;
        if (candidates[k] === seat) k = m - 2;
      }
    }
    if (k < 0) continue;
    counts[k]++;
    effective[i] = candidates[k];
  }
  for (let e = 0; e < extra.length; e++) {
    const k = indexIn(candidates, extra[e][1]);
    if (k >= 0) counts[k]++;
  }
  // The tally from a made-once object with its keys (sequential.ts `newTally`: writing seat-number
  // keys into `{}` one by one is slow in V8); the same keys and counts.
  const keys: SeatNo[] = [];
  let best = 0;
  for (let k = 0; k < m; k++) {
    if (withZeros || counts[k] > 0) keys.push(candidates[k]);
    if (counts[k] > best) best = counts[k];
  }
  const tally = newTally(keys);
  for (let k = 0; k < m; k++) if (withZeros || counts[k] > 0) tally[candidates[k]] = counts[k];
  const top: SeatNo[] = [];
  for (let k = 0; k < m; k++) if (counts[k] === best) top.push(candidates[k]);
  return { tally, top, counts, effective };
}

function indexIn(candidates: readonly SeatNo[], seat: number): number {
  for (let j = 0; j < candidates.length; j++) if (candidates[j] === seat) return j;
  return -1;
}

/** A new list of `n` zeros, built by push (a packed array). */
function zeros(n: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(0);
  return out;
}

/**
 * The rule a vote for a non-candidate breaks, by procedure: the nominees (R-VOTE-3), Piter's defenders
 * at the second stage (R-VOTE-7), the circle's tied players at its second round (R-VOTE-8).
 */
export function procedureRule(voting: string): string {
  return voting === 'two-stage' ? 'R-VOTE-7' : voting === 'circular' ? 'R-VOTE-8' : 'R-VOTE-3';
}

/**
 * The rule a ballot's own errors cite (a second ballot, a dead voter, a closed round): the circle's
 * R-VOTE-8 (one vote each, never changed); the sequential and two-stage votes share R-VOTE-3.
 */
export function ballotRule(voting: string): string {
  return voting === 'circular' ? 'R-VOTE-8' : 'R-VOTE-3';
}
