import type { SeatNo } from '../ids.js';
import type { GameOptions } from '../model/options.js';
import type { Tally } from '../model/state.js';

/**
 * R-VOTE-3: one vote per alive player, against one candidate; every vote not cast by the time the
 * last candidate is reached goes to the last one.
 */
export function countVotes(candidates: readonly SeatNo[], ballots: readonly number[], alive: readonly boolean[]): { tally: Tally; top: SeatNo[] } {
  const m = candidates.length;
  const counts = new Array<number>(m);
  for (let k = 0; k < m; k++) counts[k] = 0;
  const last = m - 1;
  for (let i = 0; i < alive.length; i++) {
    if (!alive[i]) continue;
    const b = ballots[i];
    let k = last;
    if (b) {
      for (let j = 0; j < m; j++) {
        if (candidates[j] === b) {
          k = j;
          break;
        }
      }
    }
    counts[k]++;
  }
  const tally = newTally(candidates);
  let best = -1;
  for (let k = 0; k < m; k++) {
    tally[candidates[k]] = counts[k];
    if (counts[k] > best) best = counts[k];
  }
  const top: SeatNo[] = [];
  for (let k = 0; k < m; k++) if (counts[k] === best) top.push(candidates[k]);
  return { tally, top };
}

/**
 * An empty tally object for these candidates. Writing seat-number keys into `{}` one by one is slow
 * in V8; copying a made-once object that has the keys already and then setting the counts is not.
 * The copy is a new plain object with the same own keys (its values are all overwritten).
 */
const TALLY_TEMPLATES = new Map<number, Record<string, number>>();
export function newTally(candidates: readonly SeatNo[]): Record<string, number> {
  let mask = 0;
  for (let k = 0; k < candidates.length; k++) {
    const c = candidates[k];
    if (!(c >= 1 && c <= 30)) return {};
    mask |= 1 << c;
  }
  let template = TALLY_TEMPLATES.get(mask);
  if (template === undefined) {
    template = {};
    for (let k = 0; k < candidates.length; k++) template[candidates[k]] = 0;
    TALLY_TEMPLATES.set(mask, template);
  }
  return { ...template };
}

export type RoundOutcome =
  | { readonly kind: 'executed'; readonly seats: readonly SeatNo[] }
  | { readonly kind: 'revote'; readonly candidates: readonly SeatNo[] }
  | { readonly kind: 'lift'; readonly tied: readonly SeatNo[] }
  | { readonly kind: 'none' };

/**
 * What follows a counted round (R-VOTE-5, R-VOTE-6, R-SPORT-4..6):
 * a single leader leaves; a first-round tie goes to a re-vote among the tied; a re-vote tie goes
 * to the lift vote ("everyone tied leaves"), or, under R-SPORT-5, to another re-vote while the
 * tie keeps shrinking.
 */
export function nextAfterRound(
  round: number,
  candidates: readonly SeatNo[],
  top: readonly SeatNo[],
  aliveCount: number,
  options: GameOptions,
): RoundOutcome {
  if (top.length === 1) return { kind: 'executed', seats: top };
  if (round === 0) {
    // R-SPORT-4: the whole table tied: nobody leaves, night falls.
    if (options.wholeTableTieNobodyLeaves && top.length === aliveCount) return { kind: 'none' };
    return { kind: 'revote', candidates: top };
  }
  if (options.repeatShrinkingRevote && top.length < candidates.length) return { kind: 'revote', candidates: top };
  if (!liftVoteHeld(aliveCount, top.length, options)) return { kind: 'none' };
  return { kind: 'lift', tied: top };
}

/** R-SPORT-6: the lift vote is not held in two table situations when the options say so. */
export function liftVoteHeld(aliveCount: number, tied: number, options: GameOptions): boolean {
  if (aliveCount === 4 && tied === 2 && !options.liftVoteFourAliveTwoTied) return false;
  if (aliveCount === 9 && tied === 3 && !options.liftVoteNineAliveThreeTied) return false;
  return true;
}

/** R-VOTE-6: all tied leave only when more than half of the alive players vote for it. */
export const liftPasses = (votesFor: number, aliveCount: number): boolean => votesFor * 2 > aliveCount;
