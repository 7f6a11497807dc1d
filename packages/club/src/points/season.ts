// The season table (issue 15, R-CLUB): seed-004 evening scores summed over a season's date range,
// the seed-003 ledger's rating points shown apart and counted in the total, ranked.
import { ledgerTotal } from '../ledger.js';
import { compareKey } from './display.js';
import { rank } from './rank.js';

/** A member's result at one evening (its score from `eveningPoints(...).total`). */
export interface SeasonEvening {
  /** When the evening started (ms since the epoch): decides whether it falls in the season. */
  readonly at: number;
  readonly score: number;
  /** His games at the evening, and how many of them his side won. */
  readonly games: number;
  readonly wins: number;
}

/** A seed-003 ledger entry of the member (cancelled entries count nothing, as in `ledgerTotal`). */
export interface SeasonPenalty {
  /** When the entry was written (ms since the epoch). */
  readonly at: number;
  readonly points: number;
  readonly cancelledAt: number | null;
}

export interface SeasonMember {
  readonly memberId: string;
  readonly nickname: string;
  readonly evenings: readonly SeasonEvening[];
  readonly penalties: readonly SeasonPenalty[];
}

/** A season: `from` inclusive, `to` exclusive (ms since the epoch), so seasons can follow each other without overlap. */
export interface SeasonRange {
  readonly from: number;
  readonly to: number;
}

export interface SeasonRow {
  readonly rank: number;
  readonly memberId: string;
  readonly nickname: string;
  /** The sum of his evening scores in the season, unrounded. */
  readonly points: number;
  /** His seed-003 rating points in the season (0 or negative), shown apart. */
  readonly penalties: number;
  /** points + penalties: what the table ranks by by default. */
  readonly total: number;
  readonly evenings: number;
  readonly games: number;
  readonly wins: number;
  /** wins / games; 0 when he played no game. */
  readonly winRate: number;
}

/** The keys a club may order its season table by. */
export type SeasonKey = 'total' | 'points' | 'wins' | 'winRate' | 'games' | 'penalties';

export const SEASON_KEYS: readonly SeasonKey[] = ['total', 'points', 'wins', 'winRate', 'games', 'penalties'];

/**
 * Which way each key ranks: more points, wins and a higher win rate rank higher; fewer games rank
 * higher (the same points from fewer games is the better season); penalties are 0 or negative, so
 * the higher (the smaller penalty) ranks higher.
 */
const SEASON_KEY_DIRECTION: Readonly<Record<SeasonKey, 'desc' | 'asc'>> = {
  total: 'desc', points: 'desc', wins: 'desc', winRate: 'desc', games: 'asc', penalties: 'desc',
};

/** The default order: total desc, then wins desc, then games asc; then the nickname (display only). */
export const DEFAULT_SEASON_ORDER: readonly SeasonKey[] = ['total', 'wins', 'games'];

/**
 * A club's order: distinct known keys, the first a points key (`total` or `points`): the table is
 * a points table, the other keys only break its ties. Returns the list; throws RangeError.
 */
export function validateSeasonOrder(order: readonly string[]): readonly SeasonKey[] {
  if (order.length === 0) throw new RangeError('the season order needs at least one key');
  const seen = new Set<string>();
  for (const k of order) {
    if (!(SEASON_KEYS as readonly string[]).includes(k)) throw new RangeError(`unknown season key "${k}" (known: ${SEASON_KEYS.join(', ')})`);
    if (seen.has(k)) throw new RangeError(`season key "${k}" is listed twice`);
    seen.add(k);
  }
  if (order[0] !== 'total' && order[0] !== 'points') throw new RangeError(`the season order must start with "total" or "points" (got "${order[0]}")`);
  return order as readonly SeasonKey[];
}

const inRange = (at: number, r: SeasonRange | undefined): boolean => r === undefined || (at >= r.from && at < r.to);

/** Sums in a fixed order (by value), so the same numbers give the same float whatever order they came in. */
function stableSum(xs: number[]): number {
  xs.sort((a, b) => a - b);
  let s = 0;
  for (const x of xs) s += x;
  return s + 0;
}

function memberRow(m: SeasonMember, range: SeasonRange | undefined): Omit<SeasonRow, 'rank'> {
  const ev = m.evenings.filter((e) => inRange(e.at, range));
  for (const e of ev) {
    if (!Number.isFinite(e.score)) throw new RangeError(`${m.nickname}: an evening score must be finite (got ${e.score})`);
    if (!Number.isInteger(e.games) || !Number.isInteger(e.wins) || e.games < 0 || e.wins < 0 || e.wins > e.games)
      throw new RangeError(`${m.nickname}: an evening's games and wins must be whole numbers, wins ≤ games (got ${e.wins}/${e.games})`);
  }
  const points = stableSum(ev.map((e) => e.score));
  // Ledger points are whole numbers (seed 003's rules): any order sums them exactly.
  const penalties = ledgerTotal(m.penalties.filter((p) => inRange(p.at, range)));
  const games = ev.reduce((s, e) => s + e.games, 0);
  const wins = ev.reduce((s, e) => s + e.wins, 0);
  return {
    memberId: m.memberId, nickname: m.nickname, points, penalties, total: points + penalties + 0,
    evenings: ev.length, games, wins, winRate: games === 0 ? 0 : wins / games,
  };
}

/** Compares two rows by the order's keys only: negative when `a` ranks higher, 0 when equal on every key. */
export function compareSeasonRows(a: Omit<SeasonRow, 'rank'>, b: Omit<SeasonRow, 'rank'>, order: readonly SeasonKey[]): number {
  for (const k of order) {
    const x = compareKey(a[k]);
    const y = compareKey(b[k]);
    if (x !== y) return SEASON_KEY_DIRECTION[k] === 'desc' ? y - x : x - y;
  }
  return 0;
}

/**
 * The season table: one row per member (members with nothing in the season are listed with 0),
 * sorted by `order` (validated; `DEFAULT_SEASON_ORDER` when omitted), then by nickname and id so the
 * listing is stable. Members equal on every key of the order share a rank, and the next rank skips
 * (1, 2, 2, 4): the nickname orders the listing, it never ranks. `range` keeps the evenings and
 * ledger entries of the season; without it everything counts.
 */
export function seasonTable(members: readonly SeasonMember[], order: readonly string[] = DEFAULT_SEASON_ORDER, range?: SeasonRange): SeasonRow[] {
  const keys = validateSeasonOrder(order);
  if (range !== undefined && !(range.from < range.to)) throw new RangeError('a season range needs from < to');
  const ids = new Set<string>();
  for (const m of members) {
    if (ids.has(m.memberId)) throw new RangeError(`member ${m.memberId} is listed twice`);
    ids.add(m.memberId);
  }
  const rows = members.map((m) => memberRow(m, range));
  // Each row's compared values (`compareSeasonRows`), worked out once rather than at every comparison of the sort.
  const sign = keys.map((k) => (SEASON_KEY_DIRECTION[k] === 'desc' ? -1 : 1));
  const valuesOf = new Map(rows.map((r) => [r, keys.map((k) => compareKey(r[k]))]));
  return rank(rows, (a, b) => {
    const x = valuesOf.get(a)!;
    const y = valuesOf.get(b)!;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return sign[i] * (x[i] - y[i]);
    return 0;
  });
}
