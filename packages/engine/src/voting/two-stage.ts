import type { SeatNo } from '../ids.js';

/**
 * Piter two-stage voting (R-VOTE-7, seed 000 "Питерская мафия"): at the first stage every player
 * names one suspect (abstaining is allowed; nobody names himself); every player with 2 or more votes
 * defends himself for a minute; then a second vote among the defenders, held even for a single
 * defender. The most voted defender is executed (unless the Elder or protected: R-VOTE-9, R-VOTE-10,
 * decided by the day flow in day/).
 */
export type TwoStageOutcome =
  | { readonly kind: 'defence'; readonly defenders: readonly SeatNo[] }
  | { readonly kind: 'executed'; readonly seat: SeatNo }
  | { readonly kind: 'none' };

/** The first stage's defenders: the players with at least 2 votes, in seat order. */
export const DEFENCE_THRESHOLD = 2;

/**
 * What follows a counted stage. Round 0 (the naming stage): the players with ≥2 votes defend, or
 * nobody leaves when there are none. Round 1 (among the defenders): a single leader is executed; a
 * tie at the top, or no vote at all, executes nobody (decisions.md, "Day procedures").
 */
export function nextAfterTwoStage(round: number, candidates: readonly SeatNo[], counts: readonly number[]): TwoStageOutcome {
  if (round === 0) {
    const defenders: SeatNo[] = [];
    for (let k = 0; k < candidates.length; k++) if (counts[k] >= DEFENCE_THRESHOLD) defenders.push(candidates[k]);
    defenders.sort((a, b) => a - b);
    return defenders.length === 0 ? { kind: 'none' } : { kind: 'defence', defenders };
  }
  let best = 0;
  let leader: SeatNo | 0 = 0;
  let tied = false;
  for (let k = 0; k < candidates.length; k++) {
    if (counts[k] > best) {
      best = counts[k];
      leader = candidates[k];
      tied = false;
    } else if (counts[k] === best && best > 0) tied = true;
  }
  if (leader === 0 || tied) return { kind: 'none' };
  return { kind: 'executed', seat: leader };
}
