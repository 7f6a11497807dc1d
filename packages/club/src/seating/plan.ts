import { assignMinCost, assignmentCost } from './hungarian.js';
import { numberSeats } from './seatNumbers.js';
import { seatingQualities } from './qualities.js';
import { SeededRandom } from './random.js';
import { splitTables } from './split.js';
import { SEATING_LIMITS, type ApartPair, type SeatingQualities } from './types.js';
import { apartError, apartMatrix, apartTogether, balancedSizes, checkCount, checkPlayers, checkTableSize } from './validate.js';

export interface PlanEveningInput {
  readonly players: readonly string[];
  readonly tables: number;
  readonly games: number;
  readonly seed: string;
  readonly apart?: readonly ApartPair[];
}

export interface EveningPlan {
  /** game → table → seat index (seat number − 1) → player. */
  readonly games: string[][][];
  readonly qualities: SeatingQualities;
}

/**
 * A whole evening's seating (docs/seating.md): everybody plays every game, the tables' sizes
 * differ by at most one (larger first), opponents are mixed (least variance of the meetings),
 * nobody repeats a seat number while it can be avoided, pairs kept apart never share a table.
 * Pure and deterministic: the same input and seed give the same plan.
 */
export function planEvening(input: PlanEveningInput): EveningPlan {
  const index = checkPlayers(input.players);
  checkCount('tables', input.tables, 1, Math.min(SEATING_LIMITS.maxTables, input.players.length));
  checkCount('games', input.games, 1, SEATING_LIMITS.maxGames);
  const n = input.players.length;
  const sizes = balancedSizes(n, input.tables);
  checkTableSize(sizes[0]!);
  const apart = apartMatrix(input.apart, index);
  const rng = new SeededRandom(`plan:${input.seed}`);
  const split = splitTables({ players: n, games: input.games, sizes, apart }, rng);
  for (const game of split) {
    const bad = apartTogether(game, apart, n);
    if (bad) throw apartError(input.players[bad[0]]!, input.players[bad[1]]!, input.tables);
  }
  const seated = numberSeats(split, n, rng);
  balanceTableLabels(seated, n, sizes);
  const games = seated.map((game) => game.map((table) => table.map((p) => input.players[p]!)));
  return { games, qualities: seatingQualities(games, { apart: input.apart ?? [] }) };
}

/**
 * Which of two equal tables of a game is "table 1" changes neither meetings nor seat numbers, so
 * each game's equal tables are given their labels (an assignment, game by game, until nothing
 * changes) so that every player's games per table come closest to his share.
 */
function balanceTableLabels(seated: number[][][], players: number, sizes: readonly number[]): void {
  const t = sizes.length;
  if (t < 2) return;
  const total = sizes.reduce((a, b) => a + b, 0);
  // x[p][ti] = games at table ti − share; every player plays every game, so the share is games × size ÷ total.
  const x = new Float64Array(players * t);
  seated.forEach((game) => game.forEach((table, ti) => table.forEach((p) => { x[p * t + ti] += 1; })));
  for (let p = 0; p < players; p++) for (let ti = 0; ti < t; ti++) x[p * t + ti] -= (seated.length * sizes[ti]!) / total;
  const classes = [...new Set(sizes)].map((size) => sizes.map((s, i) => (s === size ? i : -1)).filter((i) => i >= 0)).filter((c) => c.length > 1);
  for (let pass = 0; pass < 20; pass++) {
    let changed = false;
    for (const game of seated) {
      for (const labels of classes) {
        const groups = labels.map((l) => game[l]!);
        groups.forEach((group, gi) => group.forEach((p) => { x[p * t + labels[gi]!] -= 1; }));
        const cost = groups.map((group) => labels.map((l) => group.reduce((a, p) => a + 2 * x[p * t + l]! + 1, 0)));
        const keep = labels.map((_, i) => i);
        let pick = assignMinCost(cost);
        if (assignmentCost(cost, pick) >= assignmentCost(cost, keep) - 1e-9) pick = keep;
        else changed = true;
        groups.forEach((group, gi) => {
          game[labels[pick[gi]!]!] = group;
          group.forEach((p) => { x[p * t + labels[pick[gi]!]!] += 1; });
        });
      }
    }
    if (!changed) break;
  }
}
