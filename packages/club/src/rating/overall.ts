import { START_RATING } from './elo.js';

/**
 * The leaderboard's "overall" rating: the mean of the red and black ratings weighted by the
 * rated games on each track, so it leans to the side a member has mostly played (a member with
 * 30 red games and 3 black ones is mostly his red rating). Without games it is the start
 * rating. It is a view for ranking only: it is never folded, so it cannot drift.
 */
export function overall(red: number, black: number, gamesRed: number, gamesBlack: number): number {
  const games = gamesRed + gamesBlack;
  if (games <= 0) return START_RATING;
  return (red * gamesRed + black * gamesBlack) / games;
}
