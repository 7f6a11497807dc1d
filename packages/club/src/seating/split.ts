import type { SeededRandom } from './random.js';

/** Cost of one shared table for a pair kept apart: far above anything the meetings can add up to. */
export const APART_COST = 1_000_000;

/** Meetings further than this from their mean are penalised … */
const BAND = 2.5;
/** … by this much per meeting beyond the band. */
const OUTSIDE_COST = 12;

export interface SplitProblem {
  readonly players: number;
  readonly games: number;
  /** Seats per table, the same in every game. */
  readonly sizes: readonly number[];
  /** apart[i * players + j] = 1 when i and j are kept apart. */
  readonly apart: Uint8Array;
}

/**
 * Who plays at which table in each game (game → table → player indices, unordered), found by
 * simulated annealing over swaps of two players between tables of one game. It minimises
 * Σ over pairs of meetings² (the meetings' total is fixed, so this is their variance) and puts a
 * pair kept apart together only if nothing else is possible (the caller checks).
 */
export function splitTables(problem: SplitProblem, rng: SeededRandom): number[][][] {
  const { players: n, games: gCount, sizes, apart } = problem;
  const tCount = sizes.length;
  const table: Int32Array[] = [];
  const members: number[][][] = [];
  const slot: Int32Array[] = [];
  const m = new Int32Array(n * n);
  for (let g = 0; g < gCount; g++) {
    const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
    const tab = new Int32Array(n);
    const pos = new Int32Array(n);
    const groups: number[][] = [];
    let k = 0;
    for (let t = 0; t < tCount; t++) {
      const group: number[] = [];
      for (let s = 0; s < sizes[t]!; s++) {
        const p = order[k++]!;
        tab[p] = t;
        pos[p] = group.length;
        group.push(p);
      }
      groups.push(group);
    }
    table.push(tab);
    slot.push(pos);
    members.push(groups);
    for (const group of groups) for (let a = 0; a < group.length; a++) for (let b = a + 1; b < group.length; b++) {
      m[group[a]! * n + group[b]!]++;
      m[group[b]! * n + group[a]!]++;
    }
  }
  if (tCount < 2 || gCount === 0) return members.map((gs) => gs.map((x) => x.slice()));

  // Meetings outside mean ± 2.5 cost extra, so that no pair meets far more or less than the rest.
  const mean = (gCount * sizes.reduce((a, s) => a + s * (s - 1), 0)) / (n * (n - 1));
  const lo = Math.ceil(mean - BAND);
  const hi = Math.floor(mean + BAND);
  const outside = (v: number): number => OUTSIDE_COST * (Math.max(0, lo - v) + Math.max(0, v - hi));
  // Change of the energy when the meetings of i and j go up (+1) or down (−1) by one.
  const step = (i: number, j: number, up: boolean): number => {
    if (apart[i * n + j]) return up ? APART_COST : -APART_COST;
    const v = m[i * n + j]!;
    const w = up ? v + 1 : v - 1;
    return w * w - v * v + outside(w) - outside(v);
  };
  const delta = (g: number, p: number, q: number): number => {
    const from = members[g]![table[g]![p]!]!;
    const to = members[g]![table[g]![q]!]!;
    let d = 0;
    for (const r of from) if (r !== p) d += step(p, r, false) + step(q, r, true);
    for (const r of to) if (r !== q) d += step(q, r, false) + step(p, r, true);
    return d;
  };
  const apply = (g: number, p: number, q: number): void => {
    const tp = table[g]![p]!;
    const tq = table[g]![q]!;
    const from = members[g]![tp]!;
    const to = members[g]![tq]!;
    for (const r of from) if (r !== p) { m[p * n + r]--; m[r * n + p]--; m[q * n + r]++; m[r * n + q]++; }
    for (const r of to) if (r !== q) { m[q * n + r]--; m[r * n + q]--; m[p * n + r]++; m[r * n + p]++; }
    const sp = slot[g]![p]!;
    const sq = slot[g]![q]!;
    from[sp] = q;
    to[sq] = p;
    slot[g]![q] = sp;
    slot[g]![p] = sq;
    table[g]![p] = tq;
    table[g]![q] = tp;
  };

  const iterations = Math.min(400_000, 1500 * gCount * tCount + 50 * n * gCount);
  const hot = 4;
  const cold = 0.05;
  for (let it = 0; it < iterations; it++) {
    const temp = hot * (cold / hot) ** (it / iterations);
    const g = rng.int(gCount);
    const p = rng.int(n);
    let q = rng.int(n - 1);
    if (q >= p) q++;
    if (table[g]![p] === table[g]![q]) continue;
    const d = delta(g, p, q);
    if (d <= 0 || rng.next() < Math.exp(-d / temp)) {
      apply(g, p, q);
    }
  }
  // At the cold end only improvements pass (the smallest worsening, 1, has odds e^-20), so the
  // last state is a local minimum.
  return members;
}
