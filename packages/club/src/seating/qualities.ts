import type { ApartPair, MeetingStats, SeatingQualities } from './types.js';
import { checkGames } from './validate.js';

type Games = readonly (readonly (readonly string[])[])[];

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** 0 % = what a random draw gives on average, 100 % = the best these games allow. */
export function percentBetween(random: number, actual: number, floor: number): number {
  if (random - floor <= 1e-9) return actual <= floor + 1e-9 ? 100 : 0;
  const p = (100 * (random - actual)) / (random - floor);
  return round(Math.min(100, Math.max(0, p)), 1);
}

/** E[max(0, X − cap)] for X the number of successes of independent trials with probabilities `ps`. */
function expectedExcess(ps: readonly number[], cap: number): number {
  let dist = [1];
  for (const p of ps) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let x = 0; x < dist.length; x++) {
      next[x] += dist[x] * (1 - p);
      next[x + 1] += dist[x] * p;
    }
    dist = next;
  }
  let e = 0;
  for (let x = cap + 1; x < dist.length; x++) e += dist[x] * (x - cap);
  return e;
}

/** The least Σ (c − e)² over whole numbers c with the same total as the shares e (which sum to a whole number). */
function roundingFloor(shares: readonly number[]): number {
  const total = Math.round(shares.reduce((a, b) => a + b, 0));
  const fracs = shares.map((e) => e - Math.floor(e));
  let up = total - shares.reduce((a, e) => a + Math.floor(e), 0);
  const order = fracs.map((f, i) => [f, i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  let cost = 0;
  for (const [f] of order) {
    if (up > 0) {
      cost += (1 - f) ** 2;
      up--;
    } else cost += f * f;
  }
  return cost;
}

interface Indexed {
  readonly players: string[];
  readonly index: Map<string, number>;
  /** played[p][g]: 1 when p plays game g. */
  readonly played: Uint8Array[];
}

function indexPlayers(games: Games): Indexed {
  const players: string[] = [];
  const index = new Map<string, number>();
  for (const game of games) for (const table of game) for (const p of table) {
    if (!index.has(p)) {
      index.set(p, players.length);
      players.push(p);
    }
  }
  const played = players.map(() => new Uint8Array(games.length));
  games.forEach((game, g) => {
    for (const table of game) for (const p of table) played[index.get(p)!]![g] = 1;
  });
  return { players, index, played };
}

function seatMeasures(games: Games, ix: Indexed) {
  const n = ix.players.length;
  const maxSeats = Math.max(1, ...games.flatMap((game) => game.map((t) => t.length)));
  const counts = ix.players.map(() => new Array<number>(maxSeats).fill(0));
  const slots = new Array<number>(maxSeats).fill(0);
  for (const game of games) for (const table of game) table.forEach((p, k) => {
    counts[ix.index.get(p)!]![k]++;
    slots[k]++;
  });
  const played = counts.map((c) => c.reduce((a, b) => a + b, 0));
  const caps = played.map((gp) => Math.ceil(gp / maxSeats));
  let repeats = 0;
  for (let p = 0; p < n; p++) for (const c of counts[p]!) repeats += Math.max(0, c - caps[p]!);
  const capSum = caps.reduce((a, b) => a + b, 0);
  const floor = Math.max(0, played.reduce((a, b) => a + b, 0) - slots.reduce((a, s) => a + Math.min(s, capSum), 0));
  // A random draw puts a player of game g on seat k with probability (tables with a seat k) ÷ players.
  const seatOdds = games.map((game) => {
    const size = game.reduce((a, t) => a + t.length, 0);
    return Array.from({ length: maxSeats }, (_, k) => (size === 0 ? 0 : game.filter((t) => t.length > k).length / size));
  });
  let random = 0;
  for (let p = 0; p < n; p++) {
    for (let k = 0; k < maxSeats; k++) {
      const ps: number[] = [];
      games.forEach((_, g) => { if (ix.played[p]![g]) ps.push(seatOdds[g]![k]!); });
      random += expectedExcess(ps, caps[p]!);
    }
  }
  return { repeats, floor, percent: percentBetween(random, repeats, floor) };
}

function meetingMeasures(games: Games, ix: Indexed, apart: readonly ApartPair[]): MeetingStats {
  const n = ix.players.length;
  const m = new Int32Array(n * n);
  for (const game of games) for (const table of game) {
    const ids = table.map((p) => ix.index.get(p)!);
    for (let a = 0; a < ids.length; a++) for (let b = a + 1; b < ids.length; b++) {
      m[ids[a]! * n + ids[b]!]++;
      m[ids[b]! * n + ids[a]!]++;
    }
  }
  const kept = new Set<number>();
  for (const [a, b] of apart) {
    const i = ix.index.get(a);
    const j = ix.index.get(b);
    if (i !== undefined && j !== undefined) kept.add(Math.min(i, j) * n + Math.max(i, j));
  }
  // Chance that two players of game g share a table in a random draw.
  const share = games.map((game) => {
    const size = game.reduce((a, t) => a + t.length, 0);
    return size < 2 ? 0 : game.reduce((a, t) => a + t.length * (t.length - 1), 0) / (size * (size - 1));
  });
  let pairs = 0, sum = 0, sumSq = 0, min = Infinity, max = -Infinity;
  let varSum = 0, eSum = 0, eSq = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
    if (kept.has(i * n + j)) continue;
    const v = m[i * n + j]!;
    pairs++;
    sum += v;
    sumSq += v * v;
    min = Math.min(min, v);
    max = Math.max(max, v);
    let e = 0, vr = 0;
    for (let g = 0; g < games.length; g++) {
      if (ix.played[i]![g] && ix.played[j]![g]) {
        e += share[g]!;
        vr += share[g]! * (1 - share[g]!);
      }
    }
    eSum += e;
    eSq += e * e;
    varSum += vr;
  }
  if (pairs === 0) return { min: 0, max: 0, mean: 0, std: 0, floor: 0, random: 0 };
  const mean = sum / pairs;
  const std = Math.sqrt(Math.max(0, sumSq / pairs - mean * mean));
  const eMean = eSum / pairs;
  const random = Math.sqrt(Math.max(0, varSum / pairs + eSq / pairs - eMean * eMean));
  return { min, max, mean: round(mean, 3), std: round(std, 3), floor: round(meetingFloor(games, ix, pairs, mean), 3), random: round(random, 3) };
}

/**
 * The lowest standard deviation of the meetings (docs/seating.md): with Z the players × (game, table)
 * incidence matrix, Σ m² over pairs = (‖ZᵀZ‖² − Σ games played²) ÷ 2, and each off-diagonal block of
 * ZᵀZ (two games) has at least (players in both)² ÷ (tables × tables) as its squared norm.
 */
function meetingFloor(games: Games, ix: Indexed, pairs: number, mean: number): number {
  let norm = 0;
  for (const game of games) for (const t of game) norm += t.length * t.length;
  for (let g = 0; g < games.length; g++) for (let h = 0; h < games.length; h++) {
    if (g === h) continue;
    let both = 0;
    for (const row of ix.played) if (row[g] && row[h]) both++;
    norm += (both * both) / (games[g]!.length * games[h]!.length);
  }
  let diagonal = 0;
  for (const row of ix.played) {
    const gp = row.reduce((a, b) => a + b, 0);
    diagonal += gp * gp;
  }
  const bound = (norm - diagonal) / 2 / pairs - mean * mean;
  const frac = mean - Math.floor(mean);
  return Math.sqrt(Math.max(0, bound, frac * (1 - frac)));
}

function tableMeasures(games: Games, ix: Indexed) {
  const tables = Math.max(1, ...games.map((g) => g.length));
  const n = ix.players.length;
  const counts = ix.players.map(() => new Array<number>(tables).fill(0));
  const shares = ix.players.map(() => new Array<number>(tables).fill(0));
  let random = 0;
  for (const game of games) {
    const size = game.reduce((a, t) => a + t.length, 0);
    const qs = game.map((t) => t.length / size);
    const present = new Set<number>();
    game.forEach((t, ti) => t.forEach((p) => {
      const i = ix.index.get(p)!;
      counts[i]![ti]++;
      present.add(i);
    }));
    for (const i of present) qs.forEach((q, ti) => {
      shares[i]![ti] += q;
      random += q * (1 - q);
    });
  }
  let deviation = 0, floor = 0;
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < tables; t++) deviation += (counts[i]![t]! - shares[i]![t]!) ** 2;
    floor += roundingFloor(shares[i]!);
  }
  // With one or two tables "table 1" is only a room or a host, and balancing it would undo the
  // opponents' mixing (docs/seating.md); like mafiaratings, the measure starts at three tables.
  const percent = tables < 3 ? 100 : percentBetween(random, deviation, floor);
  return { deviation: round(deviation, 3), floor: round(floor, 3), percent };
}

/**
 * The three qualities of a seating (game → table → seat index → player) and their raw figures,
 * as docs/seating.md defines them. Pairs kept apart are left out of the meetings.
 */
export function seatingQualities(games: Games, options: { readonly apart?: readonly ApartPair[] } = {}): SeatingQualities {
  checkGames(games, 'the games');
  const ix = indexPlayers(games);
  const seats = seatMeasures(games, ix);
  const meetings = meetingMeasures(games, ix, options.apart ?? []);
  const tables = tableMeasures(games, ix);
  return {
    seats: seats.percent,
    opponents: percentBetween(meetings.random, meetings.std, meetings.floor),
    tables: tables.percent,
    seatRepeats: seats.repeats,
    seatRepeatsFloor: seats.floor,
    meetings,
    tableDeviation: tables.deviation,
    tableDeviationFloor: tables.floor,
  };
}
