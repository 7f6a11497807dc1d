// R-FIIM-16: a club's series of `fiim` games (a tournament of several rounds) and its table:
// each member's tournament points over the series plus his compensation Ci, once per series.
import { compensation, roundPoints, DEFAULT_COMPENSATION, type CompensationOptions } from '@mafia/engine';
import { rank } from './rank.js';

/** One `fiim` game of the series: the protocol result's fields, and the member on each seat. */
export interface SeriesGame {
  readonly gameId: string;
  /** The member seated on each seat of this game. */
  readonly seats: readonly { readonly seat: number; readonly memberId: string; readonly nickname: string }[];
  /** The result's `tournamentScores` (seat → points); only `fiim` games have them. */
  readonly tournamentScores?: Readonly<Record<string, number>>;
  /** The result's `shotFirstNight`: the seats marked for the compensation. */
  readonly shotFirstNight?: readonly number[];
  /** The result's `winners`. */
  readonly winners: readonly number[];
}

export interface SeriesRow {
  readonly rank: number;
  readonly memberId: string;
  readonly nickname: string;
  readonly games: number;
  readonly wins: number;
  /** His games marked `shotFirstNight` (K of the formula). */
  readonly marked: number;
  /** The sum of his tournament points over the series' games. */
  readonly points: number;
  /** Ci = min(0.4, 0.4·K / max(1, round(0.4·N))), the engine's `compensation`, added once. */
  readonly compensation: number;
  /** points + compensation. */
  readonly total: number;
}

interface Acc { memberId: string; nickname: string; games: number; wins: number; marked: number; points: number }

/**
 * The series table. A member's points are the sum of his games' tournament points; his Ci counts
 * his marked games K out of his games N in this series (a series is the tournament of the rule) and
 * is added once. Sums go through the engine's `roundPoints` (tournament points have at most 4
 * decimals), so the numbers are the same whatever order the games come in. Ranked by the total,
 * then wins; equal on both: the same rank (1, 2, 2, 4), listed by nickname. Ties a tournament's
 * regulations break otherwise (an extra game, the referee) are the club's to settle by hand.
 * Throws on a game without tournament points (not a `fiim` game), a game listed twice, or a member
 * on two seats of one game.
 */
export function seriesTable(games: readonly SeriesGame[], options: CompensationOptions = DEFAULT_COMPENSATION): SeriesRow[] {
  const acc = new Map<string, Acc>();
  const gameIds = new Set<string>();
  for (const g of games) {
    if (gameIds.has(g.gameId)) throw new RangeError(`game ${g.gameId} is listed twice in the series`);
    gameIds.add(g.gameId);
    const scores = g.tournamentScores;
    if (scores === undefined) throw new RangeError(`game ${g.gameId} has no tournament points: only fiim games make a series`);
    const marked = new Set(g.shotFirstNight ?? []);
    const seen = new Set<string>();
    for (const s of g.seats) {
      if (seen.has(s.memberId)) throw new RangeError(`member ${s.memberId} sits twice in game ${g.gameId}`);
      seen.add(s.memberId);
      const p = scores[s.seat];
      if (p === undefined) throw new RangeError(`game ${g.gameId} has no tournament points for seat ${s.seat}`);
      const a = acc.get(s.memberId) ?? { memberId: s.memberId, nickname: s.nickname, games: 0, wins: 0, marked: 0, points: 0 };
      a.games += 1;
      if (g.winners.includes(s.seat)) a.wins += 1;
      if (marked.has(s.seat)) a.marked += 1;
      a.points = roundPoints(a.points + p);
      acc.set(s.memberId, a);
    }
  }
  const rows = [...acc.values()].map((a) => {
    const ci = compensation(a.marked, a.games, options);
    return { ...a, compensation: ci, total: roundPoints(a.points + ci) };
  });
  return rank(rows, (a, b) => b.total - a.total || b.wins - a.wins);
}
