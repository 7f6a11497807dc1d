/**
 * The leaderboard's numbers as the page shows them. The server sends full precision (docs/points.md,
 * docs/ratings.md) and the page rounds for display only: points with 2 decimals, ratings to whole
 * numbers, the win rate as a whole percentage. No digit grouping (a rating 1012 stays «1012»), and
 * a real minus sign (−3,00, not -3,00), as the rest of the club's pages.
 */
const minus = (s: string) => s.replace(/^-/, '\u2212');

export function formatBoardPoints(n: number, lng: string): string {
  // −0.004 rounds to «0,00», not «−0,00».
  const v = Math.abs(n) < 0.005 ? 0 : n;
  return minus(new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(v));
}

export function formatRating(n: number, lng: string): string {
  return minus(new Intl.NumberFormat(lng, { maximumFractionDigits: 0, useGrouping: false }).format(Math.round(n)));
}

export function formatWinRate(rate: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date input's `YYYY-MM-DD` as local midnight (epoch ms); null when empty or not a date. */
export function fromDateInput(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const ms = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The season form's last day (inclusive, as people say it) as the season's `endsAt` (exclusive,
 * docs/points.md): local midnight of the day after.
 */
export function endOfDateInput(s: string): number | null {
  const start = fromDateInput(s);
  if (start === null) return null;
  const d = new Date(start);
  d.setDate(d.getDate() + 1);
  return d.getTime();
}

/** `YYYY-MM-DD` of local time. */
export function toDateInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A season's range in words, its last day inclusive («1 мар. 2030 – 31 мая 2030»). */
export function formatSeasonRange(startsAt: number, endsAt: number, lng: string): string {
  const f = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${f.format(startsAt)} – ${f.format(endsAt - 1)}`;
}
