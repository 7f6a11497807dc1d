import { formatBoardPoints, formatRating, formatWinRate } from '../leaderboard/format';

/** The profile's numbers as the leaderboard shows them (points 2 decimals, ratings whole, win rates in %). */
export { formatBoardPoints as formatScore, formatRating, formatWinRate };

/** A rating's change with its sign and one decimal (+2,6 / −1,5): a game moves a rating by a few points. */
export function formatDelta(n: number, lng: string): string {
  const v = Math.round(n * 10) / 10;
  const s = new Intl.NumberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(Math.abs(v));
  return v > 0 ? `+${s}` : v < 0 ? `\u2212${s}` : s;
}

/** A short date for a chart's axis and its table («1 мар.», «Mar 1»). */
export function shortDate(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short' }).format(ms);
}

/** A game's seed-004 points as a plain number with a real minus sign (4, −2). */
export function formatGamePoints(n: number, lng: string): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 2, useGrouping: false }).format(n).replace(/^-/, '\u2212');
}
