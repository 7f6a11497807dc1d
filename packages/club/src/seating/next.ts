import { assignFlat } from './hungarian.js';
import { seatingQualities } from './qualities.js';
import { SeededRandom } from './random.js';
import { APART_COST } from './split.js';
import { SEATING_LIMITS, SeatingError, type ApartPair, type SeatingHistory, type SeatingQualities } from './types.js';
import { apartError, apartMatrix, apartTogether, checkGames, checkPlayers } from './validate.js';

// The shapes this file's callers code against, re-exported for them.
export type { ApartPair, SeatingHistory, SeatingQualities } from './types.js';

/** Weight of a seat number the player has already had (while he could still have another). */
const REPEAT_COST = 1000;

export interface SeatNextGameInput {
  /** Who is present now (leavers left out, latecomers in). */
  readonly players: readonly string[];
  /** Seats at each table for this game, table 1 first; they add up to the players present. */
  readonly tableSizes: readonly number[];
  /** This evening's games so far (game → table → seat index → player). */
  readonly history: SeatingHistory;
  readonly apart?: readonly ApartPair[];
  readonly seed: string;
}

export interface NextGameSeating {
  /** table → seat index (seat number − 1) → player. */
  readonly tables: string[][];
  /** The qualities of the evening so far with this game added. */
  readonly qualities: SeatingQualities;
}

function checkSizes(sizes: readonly number[], players: number): void {
  const ok = Array.isArray(sizes) && sizes.length >= 1 && sizes.length <= SEATING_LIMITS.maxTables &&
    sizes.every((s) => Number.isInteger(s) && s >= 1 && s <= SEATING_LIMITS.maxSeats);
  const sum = ok ? sizes.reduce((a, b) => a + b, 0) : -1;
  if (!ok || sum !== players) {
    throw new SeatingError('table-sizes', `the tables' seats (${Array.isArray(sizes) ? sizes.join(' + ') : '?'}) must be whole numbers from 1 to ${SEATING_LIMITS.maxSeats} adding up to the ${players} players present`, { sizes: Array.isArray(sizes) ? sizes.join('+') : '', players });
  }
}

/**
 * The next game's tables and seat numbers from who is present and the evening so far
 * (docs/seating.md): pairs kept apart never share a table, nobody gets a seat number he has had
 * while another is possible, and then the players who met least so far are put together. A local
 * search over swaps of two players between tables; each table's seats are an optimal assignment.
 */
export function seatNextGame(input: SeatNextGameInput): NextGameSeating {
  const index = checkPlayers(input.players);
  const n = input.players.length;
  checkSizes(input.tableSizes, n);
  const history: SeatingHistory['games'] = input.history?.games ?? [];
  checkGames(history, 'the evening so far');
  const apart = apartMatrix(input.apart, index);
  const sizes = input.tableSizes;
  const tCount = sizes.length;
  const maxSeats = Math.max(...sizes, ...history.flatMap((g) => g.map((t) => t.length)));

  const meet = new Int32Array(n * n);
  const seatCount = new Int32Array(n * maxSeats);
  const tableCount = new Int32Array(n * tCount);
  const played = new Int32Array(n);
  for (const game of history) game.forEach((table, ti) => {
    const ids = table.map((p) => index.get(p) ?? -1);
    ids.forEach((i, k) => {
      if (i < 0) return;
      seatCount[i * maxSeats + k]++;
      played[i]++;
      if (ti < tCount) tableCount[i * tCount + ti]++;
      for (const j of ids) if (j >= 0 && j !== i) meet[i * n + j]++;
    });
  });
  // seatCost[p * maxSeats + k]: giving p seat k (the step of Σ c², and a repeat he could avoid).
  const seatCost = new Float64Array(n * maxSeats);
  for (let p = 0; p < n; p++) {
    const cap = Math.ceil((played[p]! + 1) / maxSeats);
    for (let k = 0; k < maxSeats; k++) {
      const c = seatCount[p * maxSeats + k]!;
      seatCost[p * maxSeats + k] = REPEAT_COST * Math.max(0, c + 1 - cap) + 2 * c + 1;
    }
  }
  // With three or more tables, playing more at a table than one's share costs a little (docs/seating.md).
  const labelCost = (p: number, t: number): number => (tCount >= 3 ? 2 * tableCount[p * tCount + t]! + 1 : 0);
  const pairCost = (i: number, j: number): number => (apart[i * n + j] ? APART_COST : 2 * meet[i * n + j]! + 1);
  const scratch = new Float64Array(SEATING_LIMITS.maxSeats * SEATING_LIMITS.maxSeats);
  const seatsOf = (group: readonly number[], out?: Int32Array): number => {
    const s = group.length;
    for (let r = 0; r < s; r++) for (let k = 0; k < s; k++) scratch[r * s + k] = seatCost[group[r]! * maxSeats + k]!;
    return assignFlat(s, scratch, out);
  };

  const rng = new SeededRandom(`next:${input.seed}:${history.length}`);
  const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const groups: number[][] = [];
  let dealt = 0;
  for (const size of sizes) groups.push(order.slice(dealt, (dealt += size)));
  const seatTotals = groups.map((group) => seatsOf(group));

  if (tCount > 1) {
    const iterations = Math.min(12_000, 150 * n);
    const hot = 3;
    const cold = 0.05;
    for (let it = 0; it < iterations; it++) {
      const temp = hot * (cold / hot) ** (it / iterations);
      const a = rng.int(tCount);
      let b = rng.int(tCount - 1);
      if (b >= a) b++;
      const ga = groups[a]!;
      const gb = groups[b]!;
      const ia = rng.int(ga.length);
      const ib = rng.int(gb.length);
      const p = ga[ia]!;
      const q = gb[ib]!;
      let d = labelCost(p, b) + labelCost(q, a) - labelCost(p, a) - labelCost(q, b);
      for (const r of ga) if (r !== p) d += pairCost(q, r) - pairCost(p, r);
      for (const r of gb) if (r !== q) d += pairCost(p, r) - pairCost(q, r);
      ga[ia] = q;
      gb[ib] = p;
      const sa = seatsOf(ga);
      const sb = seatsOf(gb);
      d += sa + sb - seatTotals[a]! - seatTotals[b]!;
      if (d <= 0 || rng.next() < Math.exp(-d / temp)) {
        seatTotals[a] = sa;
        seatTotals[b] = sb;
      } else {
        ga[ia] = p;
        gb[ib] = q;
      }
    }
  }
  const bad = apartTogether(groups, apart, n);
  if (bad) throw apartError(input.players[bad[0]]!, input.players[bad[1]]!, tCount);
  const tables = groups.map((group) => {
    const seatOf = new Int32Array(group.length);
    seatsOf(group, seatOf);
    const out = new Array<string>(group.length);
    group.forEach((p, i) => { out[seatOf[i]!] = input.players[p]!; });
    return out;
  });
  const games = [...history.map((g) => g.map((t) => t.slice())), tables];
  return { tables, qualities: seatingQualities(games, { apart: input.apart ?? [] }) };
}
