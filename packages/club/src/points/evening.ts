// Seed 004 (RULES.md §9, R-CLUB): a member's score for one game evening.
//   «Каждому игроку за игровой вечер начисляется 1 балл … За каждый балл … начисляются очки по
//    формуле: [кол-во полученных баллов] х [кол-во игроков за игровым столом] х [Вес балла]»

/** One of the member's games at the evening. */
export interface EveningGame {
  /** The game's id, carried into the breakdown so a page can link it. */
  readonly gameId?: string;
  /** His seed-004 game points: the engine's `scores` for his seat (win, +1 per useful action, −2 per removal). */
  readonly points: number;
  /** The number of players seated at that game's table (every seat, alive or not at the end). */
  readonly players: number;
}

export interface EveningInput {
  /** The evening's weight (вес балла), set by the club per evening; not negative. */
  readonly weight: number;
  /** His games at the evening in the order they were played (the first one fixes the evening point's table). */
  readonly games: readonly EveningGame[];
}

export interface EveningLine {
  readonly gameId?: string;
  /** Балльs of the line: 1 for the evening point, the game points for a game. */
  readonly points: number;
  /** The table size the line is multiplied by. */
  readonly players: number;
  /** points × players × weight, unrounded. */
  readonly score: number;
}

/** How an evening score was computed, line by line, so a page can show it. */
export interface EveningBreakdown {
  readonly weight: number;
  /** The evening point (1 балл) at the table of his first game; null when he played no game. */
  readonly eveningPoint: EveningLine | null;
  readonly games: readonly EveningLine[];
  /** All his балльs: 1 + the sum of his game points (0 when he played no game). */
  readonly points: number;
  /** The table size of the evening point (his first game's table); null when he played no game. */
  readonly players: number | null;
  /** The sum of the lines' scores, unrounded (`displayPoints` rounds it for a page). */
  readonly total: number;
}

/** The evening point: 1 балл for the evening («за игровой вечер … 1 балл»). */
export const EVENING_POINT = 1;

/**
 * The seed's formula is (балльs) × (players at the table) × weight. It names one table; a member
 * may play games at tables of different sizes (tables are redrawn, a table loses a player). So each
 * line is multiplied by the size of its own table: each game's points by that game's table, and the
 * evening point by the table of his first game (the table he was drawn to when the evening began;
 * a mean would make a fractional table). When all his games share a table size N this is exactly
 * the plain reading: (1 + Σ game points) × N × weight. A member who played no game at the evening
 * was no player at a table and scores 0 (no evening point): the door and the ledger deal with him.
 * Nothing is rounded here.
 */
export function eveningPoints(input: EveningInput): EveningBreakdown {
  const { weight, games } = input;
  if (!Number.isFinite(weight) || weight < 0) throw new RangeError(`the evening's weight must be a number from 0 (got ${weight})`);
  for (const g of games) {
    if (!Number.isInteger(g.players) || g.players < 1) throw new RangeError(`players at a table must be a whole number from 1 (got ${g.players})`);
    if (!Number.isFinite(g.points)) throw new RangeError(`game points must be finite (got ${g.points})`);
  }
  if (games.length === 0) return { weight, eveningPoint: null, games: [], points: 0, players: null, total: 0 };
  const first = games[0]!.players;
  // No object spread here: a recomputation makes a line for each of ~100,000 seats, and a spread costs a tenth of it.
  const line = (points: number, players: number, gameId?: string): EveningLine => {
    const score = points * players * weight;
    return gameId === undefined ? { points, players, score } : { gameId, points, players, score };
  };
  const eveningPoint = line(EVENING_POINT, first);
  const lines = games.map((g) => line(g.points, g.players, g.gameId));
  // The total multiplies the балльs of each table size once, (Σ балльs at N) × N × weight, rather
  // than adding the lines: with one table size it is then the seed's product itself, bit for bit.
  const perSize = new Map<number, number>([[first, EVENING_POINT]]);
  let points = EVENING_POINT;
  for (const g of games) {
    points += g.points;
    perSize.set(g.players, (perSize.get(g.players) ?? 0) + g.points);
  }
  let total = 0;
  for (const [players, balls] of perSize) total += balls * players * weight;
  return { weight, eveningPoint, games: lines, points, players: first, total: total + 0 };
}
