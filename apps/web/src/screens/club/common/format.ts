/**
 * Dates and points as the club's pages show them: the browser's local time, formatted by Intl in
 * the page's language; points with a real minus sign (−10, not -10).
 */
export function formatDateTime(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(lng, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(ms);
}

export function formatTime(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit' }).format(ms);
}

/**
 * Every number a club page shows goes through Intl.NumberFormat of the page's language, so a page
 * never mixes «1.5» with «60,00» (issue 24 point 6): a weight, a count, a capacity.
 */
export function formatNumber(n: number, lng: string): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(n);
}

/** Points of the ledger, signed (+5, −0,5, 0), in the page's language. */
export function formatPoints(n: number, lng: string): string {
  const s = new Intl.NumberFormat(lng, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(n);
  return s.replace('-', '\u2212');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` of a datetime-local input, in local time. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as epoch ms (local time); null when empty or not a date. */
export function fromLocalInput(s: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s)) return null;
  const ms = new Date(s).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** `HH:mm` of a time input, in local time. */
export function toTimeInput(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A time input's `HH:mm` as the moment of that evening: on the evening's local date, or the next
 * day when that is more than 12 hours before the start (a night that goes past midnight).
 */
export function fromTimeInput(s: string, startsAt: number): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(s);
  if (!m) return null;
  const d = new Date(startsAt);
  d.setHours(Number(m[1]), Number(m[2]), 0, 0);
  let ms = d.getTime();
  if (ms < startsAt - 12 * 3_600_000) ms += 24 * 3_600_000;
  return ms;
}
