import type { SeededRandom } from './random.js';

/** Weight of one seat number taken more often than ⌈games ÷ seats⌉ against the spread term c². */
const REPEAT_COST = 100;

/**
 * Colours the edges of the bipartite graph players — tables (of at most `colors` games, so every
 * vertex has at most `colors` edges) with `colors` colours so that no two edges at a vertex share
 * one (Kőnig: always possible; alternating-path recolouring). Returns each table's colour per member.
 */
function colourBlock(groups: readonly (readonly number[])[], players: number, colors: number, rng: SeededRandom): number[][] {
  const left = new Int32Array(players * colors).fill(-1);
  const right = new Int32Array(groups.length * colors).fill(-1);
  const edges: [number, number][] = [];
  groups.forEach((group, r) => group.forEach((p) => edges.push([p, r])));
  const free = (at: Int32Array, v: number): number => {
    for (let c = 0; c < colors; c++) if (at[v * colors + c] === -1) return c;
    throw new Error('seating: a vertex has more edges than colours');
  };
  for (const [u, v] of rng.shuffle(edges)) {
    const a = free(left, u);
    const b = free(right, v);
    let c = a;
    if (right[v * colors + a] !== -1) {
      if (left[u * colors + b] === -1) c = b;
      else {
        // Swap a and b along the path from v that starts with its a-edge; afterwards a is free at v.
        const path: [number, number, number][] = [];
        let cur = v;
        for (;;) {
          const w = right[cur * colors + a]!;
          if (w === -1) break;
          path.push([w, cur, a]);
          const next = left[w * colors + b]!;
          if (next === -1) break;
          path.push([w, next, b]);
          cur = next;
        }
        for (const [w, r, col] of path) {
          left[w * colors + col] = -1;
          right[r * colors + col] = -1;
        }
        for (const [w, r, col] of path) {
          const other = col === a ? b : a;
          left[w * colors + other] = r;
          right[r * colors + other] = w;
        }
      }
    }
    left[u * colors + c] = v;
    right[v * colors + c] = u;
  }
  return groups.map((group, r) => group.map((p) => {
    for (let c = 0; c < colors; c++) if (right[r * colors + c] === p) return c;
    throw new Error('seating: an uncoloured edge');
  }));
}

/**
 * Seat numbers for a split (game → table → players): each block of `maxSeats` games is an edge
 * colouring, so at full tables nobody repeats a seat number in it; a smaller table then takes its
 * seats 1…size, and a local search (swaps of two seats at one table) spreads what repeats remain.
 * Returns game → table → seat index → player.
 */
export function numberSeats(split: readonly (readonly (readonly number[])[])[], players: number, rng: SeededRandom): number[][][] {
  const maxSeats = Math.max(1, ...split.flatMap((g) => g.map((t) => t.length)));
  const seated: number[][][] = [];
  for (let start = 0; start < split.length; start += maxSeats) {
    const block = split.slice(start, start + maxSeats);
    const groups = block.flat();
    const colours = colourBlock(groups, players, maxSeats, rng);
    let r = 0;
    for (const game of block) {
      seated.push(game.map((group) => {
        const colour = colours[r++]!;
        const size = group.length;
        const missing: number[] = [];
        for (let c = 0; c < size; c++) if (!colour.includes(c)) missing.push(c);
        const seats = colour.map((c) => (c < size ? c : missing.shift()!));
        const out = new Array<number>(size);
        group.forEach((p, i) => { out[seats[i]!] = p; });
        return out;
      }));
    }
  }
  spreadSeats(seated, players, maxSeats, rng);
  return seated;
}

function spreadSeats(seated: number[][][], players: number, maxSeats: number, rng: SeededRandom): void {
  const counts = new Int32Array(players * maxSeats);
  const played = new Int32Array(players);
  for (const game of seated) for (const table of game) table.forEach((p, k) => {
    counts[p * maxSeats + k]++;
    played[p]++;
  });
  const cap = Array.from(played, (gp) => Math.ceil(gp / maxSeats));
  const cost = (p: number, c: number): number => c * c + REPEAT_COST * Math.max(0, c - cap[p]!);
  let excess = 0;
  for (let p = 0; p < players; p++) for (let k = 0; k < maxSeats; k++) excess += Math.max(0, counts[p * maxSeats + k]! - cap[p]!);
  const uneven = seated.some((game) => game.some((t) => t.length !== maxSeats));
  if (excess === 0 && !uneven) return;
  const tables = seated.flatMap((game) => game.filter((t) => t.length > 1));
  if (tables.length === 0) return;
  const iterations = Math.min(300_000, 2000 * seated.length + 200 * players);
  const hot = 3;
  const cold = 0.05;
  for (let it = 0; it < iterations; it++) {
    const temp = hot * (cold / hot) ** (it / iterations);
    const table = tables[rng.int(tables.length)]!;
    const i = rng.int(table.length);
    let j = rng.int(table.length - 1);
    if (j >= i) j++;
    const p = table[i]!;
    const q = table[j]!;
    // p moves from seat i to j, q from j to i.
    const pi = p * maxSeats + i, pj = p * maxSeats + j, qi = q * maxSeats + i, qj = q * maxSeats + j;
    const d =
      cost(p, counts[pi]! - 1) - cost(p, counts[pi]!) + cost(p, counts[pj]! + 1) - cost(p, counts[pj]!) +
      cost(q, counts[qj]! - 1) - cost(q, counts[qj]!) + cost(q, counts[qi]! + 1) - cost(q, counts[qi]!);
    if (d <= 0 || rng.next() < Math.exp(-d / temp)) {
      counts[pi]--; counts[pj]++; counts[qj]--; counts[qi]++;
      table[i] = q;
      table[j] = p;
    }
  }
}
