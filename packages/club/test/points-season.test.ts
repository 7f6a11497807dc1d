import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareSeasonRows, DEFAULT_SEASON_ORDER, SEASON_KEYS, seasonTable, validateSeasonOrder,
  type SeasonKey, type SeasonMember,
} from '../src/points/index.js';

const DAY = 24 * 60 * 60_000;
const T0 = Date.UTC(2026, 0, 1);
const ev = (day: number, score: number, games: number, wins: number) => ({ at: T0 + day * DAY, score, games, wins });
const pen = (day: number, points: number, cancelledAt: number | null = null) => ({ at: T0 + day * DAY, points, cancelledAt });
const member = (nickname: string, evenings: SeasonMember['evenings'], penalties: SeasonMember['penalties'] = []): SeasonMember =>
  ({ memberId: `id-${nickname}`, nickname, evenings, penalties });

// Hand-worked season (weight 1.5 evenings at 10-player tables):
//   Anna:  75 + 60 = 135 points, −5 late → total 130; 4 games, 3 wins.
//   Boris: 70 + 60 = 130 points, no penalty → total 130; 4 games, 3 wins.
//   Clara: 130 points → total 130; 4 games, 2 wins.
//   Dmitri: 130 points → total 130; 5 games, 3 wins.
//   Elena: 200 points → total 200; 3 games, 1 win.
const SEASON: SeasonMember[] = [
  member('Anna', [ev(3, 75, 2, 2), ev(10, 60, 2, 1)], [pen(10, -5)]),
  member('Boris', [ev(3, 70, 2, 2), ev(10, 60, 2, 1)]),
  member('Clara', [ev(3, 130, 4, 2)]),
  member('Dmitri', [ev(3, 65, 3, 2), ev(10, 65, 2, 1)]),
  member('Elena', [ev(10, 200, 3, 1)]),
];
const view = (rows: ReturnType<typeof seasonTable>) => rows.map((r) => `${r.rank} ${r.nickname}`);

describe('the season table (R-CLUB, seed 004 with the seed-003 ledger)', () => {
  it('penalties_are_a_column_of_their_own_and_count_in_the_total', () => {
    const anna = seasonTable(SEASON).find((r) => r.nickname === 'Anna')!;
    expect(anna).toMatchObject({ points: 135, penalties: -5, total: 130, evenings: 2, games: 4, wins: 3, winRate: 0.75 });
  });
  it('the_default_order_is_total_then_wins_then_fewer_games_and_equal_rows_share_a_rank', () => {
    expect(DEFAULT_SEASON_ORDER).toEqual(['total', 'wins', 'games']);
    // Elena 200 first. Anna, Boris: 130, 3 wins, 4 games: equal on every key → both 2, listed by
    // nickname. Dmitri: 130, 3 wins, but 5 games → 4. Clara: 130, 2 wins → 5.
    expect(view(seasonTable(SEASON))).toEqual(['1 Elena', '2 Anna', '2 Boris', '4 Dmitri', '5 Clara']);
  });
  it('a_club_chosen_order_breaks_ties_its_own_way', () => {
    // total, then penalties (−5 ranks below 0), then wins: Boris and Dmitri are equal (130, 0, 3
    // wins; games are not in the order) → both 2; Clara (2 wins) 4; Anna (−5) 5.
    expect(view(seasonTable(SEASON, ['total', 'penalties', 'wins']))).toEqual(['1 Elena', '2 Boris', '2 Dmitri', '4 Clara', '5 Anna']);
    // points (without penalties) first: Anna's 135 beats the 130s; then win rate: Boris 3/4,
    // Dmitri 3/5, Clara 2/4.
    expect(view(seasonTable(SEASON, ['points', 'winRate']))).toEqual(['1 Elena', '2 Anna', '3 Boris', '4 Dmitri', '5 Clara']);
  });
  it('the_order_must_be_distinct_known_keys_starting_with_a_points_key', () => {
    expect(() => validateSeasonOrder([])).toThrow(/at least one/);
    expect(() => validateSeasonOrder(['total', 'elo'])).toThrow(/unknown season key "elo"/);
    expect(() => validateSeasonOrder(['total', 'wins', 'total'])).toThrow(/twice/);
    expect(() => validateSeasonOrder(['wins', 'total'])).toThrow(/must start with/);
    expect(() => seasonTable(SEASON, ['games'])).toThrow(RangeError);
    expect(validateSeasonOrder(['points', 'penalties', 'games'])).toEqual(['points', 'penalties', 'games']);
  });
  it('only_the_evenings_and_ledger_entries_inside_the_season_count', () => {
    // Season [day 5, day 10): Anna keeps neither her day-3 evening nor her day-10 one nor the
    // day-10 penalty ("to" is exclusive); a member with nothing in the season is listed with 0.
    const rows = seasonTable(SEASON, DEFAULT_SEASON_ORDER, { from: T0 + 5 * DAY, to: T0 + 10 * DAY });
    expect(rows.every((r) => r.total === 0 && r.games === 0 && r.winRate === 0 && r.rank === 1)).toBe(true);
    const next = seasonTable(SEASON, DEFAULT_SEASON_ORDER, { from: T0 + 10 * DAY, to: T0 + 20 * DAY });
    expect(next.find((r) => r.nickname === 'Anna')).toMatchObject({ points: 60, penalties: -5, total: 55, games: 2, wins: 1 });
  });
  it('a_cancelled_ledger_entry_counts_nothing', () => {
    const rows = seasonTable([member('Anna', [ev(3, 75, 1, 1)], [pen(3, -5, T0 + 4 * DAY), pen(3, -10)])]);
    expect(rows[0]).toMatchObject({ points: 75, penalties: -10, total: 65 });
  });
  it('float_dust_does_not_rank_apart_points_that_display_alike', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; it ties with 0.3.
    const rows = seasonTable([member('A', [ev(1, 0.1, 1, 0), ev(2, 0.2, 1, 0)]), member('B', [ev(1, 0.3, 2, 0)])]);
    expect(view(rows)).toEqual(['1 A', '1 B']);
  });
  it('a_member_listed_twice_or_impossible_wins_are_refused', () => {
    expect(() => seasonTable([member('A', []), member('A', [])])).toThrow(/twice/);
    expect(() => seasonTable([member('A', [ev(1, 10, 1, 2)])])).toThrow(/wins/);
  });
});

// ---- properties ------------------------------------------------------------------------------

const arbMembers = fc.uniqueArray(
  fc.record({
    nickname: fc.constantFrom('Anna', 'Boris', 'Clara', 'Dmitri', 'Elena', 'Fedor', 'Galina'),
    id: fc.integer({ min: 1, max: 1000 }),
    evenings: fc.array(
      fc.record({ day: fc.integer({ min: 0, max: 60 }), score: fc.integer({ min: -300, max: 3000 }).map((x) => x * 0.1), games: fc.integer({ min: 0, max: 4 }), w: fc.integer({ min: 0, max: 4 }) }),
      { maxLength: 5 }),
    penalties: fc.array(fc.record({ day: fc.integer({ min: 0, max: 60 }), points: fc.constantFrom(-3, -5, -6, -10), cancelled: fc.boolean() }), { maxLength: 3 }),
  }),
  { selector: (m) => m.id, maxLength: 12 },
).map((ms) => ms.map((m): SeasonMember => ({
  memberId: `m${m.id}`, nickname: m.nickname,
  evenings: m.evenings.map((e) => ev(e.day, e.score, e.games, Math.min(e.w, e.games))),
  penalties: m.penalties.map((p) => pen(p.day, p.points, p.cancelled ? T0 : null)),
})));

const arbOrder = fc.tuple(fc.constantFrom<SeasonKey>('total', 'points'), fc.shuffledSubarray(SEASON_KEYS.filter((k) => k !== 'total' && k !== 'points')))
  .map(([first, rest]) => [first, ...rest]);

const arbRange = fc.option(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 40 })).map(([a, len]) => ({ from: T0 + a * DAY, to: T0 + (a + len) * DAY })), { nil: undefined });

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = xs.slice();
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('season table properties (R-CLUB)', () => {
  it('the_table_is_deterministic_and_independent_of_the_order_of_members_evenings_and_penalties', () => {
    fc.assert(fc.property(arbMembers, arbOrder, arbRange, fc.integer(), (members, order, range, seed) => {
      const a = seasonTable(members, order, range);
      const mixed = shuffled(members, seed).map((m, i) => ({ ...m, evenings: shuffled(m.evenings, seed + i), penalties: shuffled(m.penalties, seed - i) }));
      expect(seasonTable(mixed, order, range)).toEqual(a);
      expect(seasonTable(members, order, range)).toEqual(a);
    }));
  });
  it('rank_is_monotone_in_the_ordering_keys', () => {
    fc.assert(fc.property(arbMembers, arbOrder, (members, order) => {
      const rows = seasonTable(members, order);
      for (const a of rows) {
        // A row's rank is 1 + the number of rows strictly better on the keys.
        expect(a.rank).toBe(1 + rows.filter((b) => compareSeasonRows(b, a, order) < 0).length);
        for (const b of rows) {
          const c = compareSeasonRows(a, b, order);
          if (c < 0) expect(a.rank).toBeLessThan(b.rank);
          if (c === 0) expect(a.rank).toBe(b.rank);
        }
      }
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.rank).toBeLessThanOrEqual(rows[i]!.rank);
    }));
  });
});
