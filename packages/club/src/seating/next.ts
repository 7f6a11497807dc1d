import { seedFrom, shuffle } from '@mafia/engine';

/**
 * PLACEHOLDER (issue 24 point 2, helper "tables"): a simple greedy seating for the next game, so
 * the club's reseating runs. The seating optimizer (helper "seating") replaces this file with the
 * same signature; docs/seating.md describes the real measures.
 */

/** How good a seating is, each 0–100 %: seat numbers not repeated, opponents mixed, tables balanced. */
export interface SeatingQualities { seats: number; opponents: number; tables: number }
/** The games played so far: game → table → seat index (seat − 1) → player id. */
export interface SeatingHistory { games: string[][][] }

const pairKey = (a: string, b: string): string => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/**
 * Seats `players` at tables of `tableSizes` (their sum must be the number of players) for the
 * next game: greedily, each player (in an order shuffled with `seed`) to the table where he has
 * met the fewest of those already there and whose number he sat at least, never beside a player
 * he is to be kept apart from while another table has room; then, at each table, each player to
 * the free seat number he has sat least. The same input and seed give the same seating.
 */
export function seatNextGame(input: {
  players: string[]; tableSizes: number[]; history: SeatingHistory; apart?: [string, string][]; seed: string;
}): { tables: string[][]; qualities: SeatingQualities } {
  const { players, tableSizes, history } = input;
  const total = tableSizes.reduce((a, b) => a + b, 0);
  if (total !== players.length) throw new RangeError(`the tables seat ${total} players, not ${players.length}`);
  if (new Set(players).size !== players.length) throw new RangeError('a player is listed twice');
  const met = new Map<string, number>();
  const seatCount = new Map<string, number>();
  const tableCount = new Map<string, number>();
  for (const game of history.games) {
    game.forEach((table, t) => {
      table.forEach((p, s) => {
        seatCount.set(`${p}\n${s}`, (seatCount.get(`${p}\n${s}`) ?? 0) + 1);
        tableCount.set(`${p}\n${t}`, (tableCount.get(`${p}\n${t}`) ?? 0) + 1);
        for (const q of table) if (q !== p && p < q) met.set(pairKey(p, q), (met.get(pairKey(p, q)) ?? 0) + 1);
      });
    });
  }
  const apart = new Set((input.apart ?? []).map(([a, b]) => pairKey(a, b)));
  let [order, rng] = shuffle(players.slice().sort(), seedFrom(input.seed));
  const groups: string[][] = tableSizes.map(() => []);
  for (const p of order) {
    let best = -1;
    let bestScore = Infinity;
    groups.forEach((g, t) => {
      if (g.length >= tableSizes[t]!) return;
      let score = (tableCount.get(`${p}\n${t}`) ?? 0) * 0.5;
      for (const q of g) score += (met.get(pairKey(p, q)) ?? 0) + (apart.has(pairKey(p, q)) ? 1000 : 0);
      // Fuller tables slightly later: spreads the players evenly while the scores tie.
      score += g.length / (tableSizes[t]! + 1) / 100;
      if (score < bestScore) [best, bestScore] = [t, score];
    });
    groups[best]!.push(p);
  }
  const tables = groups.map((g) => {
    const seated: (string | null)[] = g.map(() => null);
    [order, rng] = shuffle(g, rng);
    for (const p of order) {
      let best = -1;
      seated.forEach((s, i) => {
        if (s !== null) return;
        if (best < 0 || (seatCount.get(`${p}\n${i}`) ?? 0) < (seatCount.get(`${p}\n${best}`) ?? 0)) best = i;
      });
      seated[best] = p;
    }
    // Then pairwise swaps while one lowers the seat numbers sat before (the greedy order can leave the last player his old seat).
    const cost = (p: string, i: number) => seatCount.get(`${p}\n${i}`) ?? 0;
    for (let better = true; better; ) {
      better = false;
      for (let i = 0; i < seated.length; i++) {
        for (let j = i + 1; j < seated.length; j++) {
          const [a, b] = [seated[i]!, seated[j]!];
          if (cost(a, j) + cost(b, i) < cost(a, i) + cost(b, j)) {
            [seated[i], seated[j]] = [b, a];
            better = true;
          }
        }
      }
    }
    return seated as string[];
  });
  return { tables, qualities: qualitiesOf(tables, seatCount, met, tableCount) };
}

const pct = (good: number, all: number): number => (all === 0 ? 100 : Math.round((100 * good) / all));

/**
 * The placeholder's qualities: seats = players on a seat number they have not sat yet; opponents =
 * pairs at a table who have not met yet; tables = players at a table number they have sat at
 * least (of the table numbers there are).
 */
function qualitiesOf(tables: string[][], seatCount: Map<string, number>, met: Map<string, number>, tableCount: Map<string, number>): SeatingQualities {
  let [seatsGood, n, pairsNew, pairs, tablesGood] = [0, 0, 0, 0, 0];
  tables.forEach((table, t) => {
    table.forEach((p, s) => {
      n++;
      if ((seatCount.get(`${p}\n${s}`) ?? 0) === 0) seatsGood++;
      const mine = tableCount.get(`${p}\n${t}`) ?? 0;
      if (tables.every((_, u) => (tableCount.get(`${p}\n${u}`) ?? 0) >= mine)) tablesGood++;
      for (const q of table.slice(s + 1)) {
        pairs++;
        if ((met.get(pairKey(p, q)) ?? 0) === 0) pairsNew++;
      }
    });
  });
  return { seats: pct(seatsGood, n), opponents: pct(pairsNew, pairs), tables: pct(tablesGood, n) };
}
