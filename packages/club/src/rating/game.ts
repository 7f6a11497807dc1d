import { kFactors, redChance, sideDelta, START_RATING, type GameKind, type GameWinner, type Side, type Track } from './elo.js';

export interface RatedSeat { readonly member: string; readonly side: Side }
export interface RatedGame {
  readonly id: string;
  readonly kind: GameKind;
  readonly seats: readonly RatedSeat[];
  readonly winner: GameWinner;
}

/** A member's two ratings and the rated games behind each (the counts weigh `overall`). */
export interface MemberRating { readonly red: number; readonly black: number; readonly gamesRed: number; readonly gamesBlack: number }
/** Members absent from the map are at the start rating with no games. */
export type Ratings = ReadonlyMap<string, MemberRating>;

export interface RatingChange { readonly member: string; readonly track: Track; readonly before: number; readonly delta: number; readonly after: number }

/**
 * What one game did to the ratings, kept with the game so the history can be replayed and
 * audited: red's chance (black's is 1 − it), the K factors used, and every change. A game that
 * cannot be rated has `rated: false`, a reason in words, `chance: null` and no changes.
 */
export interface GameRating {
  readonly gameId: string;
  readonly rated: boolean;
  readonly reason: string | null;
  readonly chance: number | null;
  readonly k: { readonly win: number; readonly loss: number };
  readonly changes: readonly RatingChange[];
}

function ratingOf(ratings: Ratings, member: string, track: Track, start: number): number {
  const r = ratings.get(member);
  return r ? r[track] : start;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

function outcomeOf(side: Track, winner: GameWinner): 'win' | 'loss' | 'draw' {
  return winner === 'draw' ? 'draw' : winner === side ? 'win' : 'loss';
}

/** Why a game cannot be rated, or null when it can. */
function unratable(game: RatedGame): string | null {
  const seen = new Set<string>();
  for (const s of game.seats) {
    if (seen.has(s.member)) return `member ${s.member} holds two seats`;
    seen.add(s.member);
  }
  if (!game.seats.some((s) => s.side === 'red')) return 'no red players';
  if (!game.seats.some((s) => s.side === 'black')) return 'no black players';
  if (game.winner === 'solo' && !game.seats.some((s) => s.side === 'solo')) return 'a solo win without a solo player';
  return null;
}

/**
 * Rates one game against the ratings before it. Each side's mean is taken over its own players'
 * rating on that side's track (red players' red ratings, black players' black ratings); solo
 * seats are left out of the means and get no change. Changes come in seat order.
 */
export function rateGame(ratings: Ratings, game: RatedGame, start = START_RATING): GameRating {
  const k = kFactors(game.kind, game.seats.length);
  const reason = unratable(game);
  if (reason) return { gameId: game.id, rated: false, reason, chance: null, k, changes: [] };
  // Each rated seat's rating before the game, looked up once (seat order).
  const rated: { readonly member: string; readonly track: Track; readonly before: number }[] = [];
  for (const s of game.seats) if (s.side !== 'solo') rated.push({ member: s.member, track: s.side, before: ratingOf(ratings, s.member, s.side, start) });
  const on = (track: Track) => rated.filter((r) => r.track === track).map((r) => r.before);
  const chance = redChance(mean(on('red')), mean(on('black')));
  const delta: Record<Track, number> = {
    red: sideDelta(outcomeOf('red', game.winner), chance, k),
    black: sideDelta(outcomeOf('black', game.winner), 1 - chance, k),
  };
  const changes = rated.map((r): RatingChange => ({ member: r.member, track: r.track, before: r.before, delta: delta[r.track], after: r.before + delta[r.track] }));
  return { gameId: game.id, rated: true, reason: null, chance, k, changes };
}

function applyInPlace(ratings: Map<string, MemberRating>, result: GameRating, start: number): void {
  for (const c of result.changes) {
    const r = ratings.get(c.member) ?? { red: start, black: start, gamesRed: 0, gamesBlack: 0 };
    ratings.set(c.member, c.track === 'red'
      ? { ...r, red: c.after, gamesRed: r.gamesRed + 1 }
      : { ...r, black: c.after, gamesBlack: r.gamesBlack + 1 });
  }
}

/**
 * Folds the games in the given order (the caller orders them, e.g. by when they ended, ties by
 * id) from `from` (by default nobody rated: everybody at `start`). One map is updated as the
 * fold goes, so a season of 10,000 games costs 10,000 small steps; the caller's map is not
 * touched. Members only ever appear in the result once they have a rated red or black seat.
 */
export function rateGames(games: readonly RatedGame[], start = START_RATING, from: Ratings = new Map()): { ratings: Map<string, MemberRating>; history: GameRating[] } {
  const ratings = new Map(from);
  const history: GameRating[] = [];
  for (const g of games) {
    const r = rateGame(ratings, g, start);
    applyInPlace(ratings, r, start);
    history.push(r);
  }
  return { ratings, history };
}
