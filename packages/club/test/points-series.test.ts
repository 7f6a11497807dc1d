import fc from 'fast-check';
import { compensation } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { seriesTable, type SeriesGame } from '../src/points/index.js';

const SEATS = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, memberId: `id-m${i + 1}`, nickname: `m${i + 1}` }));
const MAFIA = [1, 2, 3];
const TOWN = [4, 5, 6, 7, 8, 9, 10];

/** A 10-seat `fiim` game, member mK on seat K: the winners get 1, `extra` adds the rest. */
function game(gameId: string, winners: number[], extra: Record<number, number> = {}, shotFirstNight: number[] = []): SeriesGame {
  const tournamentScores: Record<string, number> = {};
  for (const s of SEATS) tournamentScores[s.seat] = (winners.includes(s.seat) ? 1 : 0) + (extra[s.seat] ?? 0);
  return { gameId, seats: SEATS, winners, tournamentScores, shotFirstNight };
}

// A series of four games at one table (R-FIIM-16, version 3 numbers):
//   g1 mafia won; m4 (town) shot on night 2 → marked.
//   g2 town won; m5 named 3 mafia in his best move (+0.4); m1 removed by fouls (−0.5).
//   g3 mafia won; m6 shot on night 2 → marked.
//   g4 town won; the referee gave m7 +0.3.
const SERIES = [
  game('g1', MAFIA, {}, [4]),
  game('g2', TOWN, { 5: 0.4, 1: -0.5 }),
  game('g3', MAFIA, {}, [6]),
  game('g4', TOWN, { 7: 0.3 }),
];

describe('the FIIM series table (R-FIIM-16)', () => {
  it('sums_the_tournament_points_and_adds_the_compensation_once_per_series', () => {
    const rows = seriesTable(SERIES);
    const by = (n: string) => rows.find((r) => r.nickname === n)!;
    // m4: 0 + 1 + 0 + 1 = 2; marked 1 of 4: Ci = min(0.4, 0.4·1 / max(1, round(0.4·4 = 1.6) = 2)) = 0.2 → 2.2.
    expect(by('m4')).toMatchObject({ games: 4, wins: 2, marked: 1, points: 2, compensation: 0.2, total: 2.2 });
    expect(compensation(1, 4)).toBe(0.2);
    // m5: 0 + 1.4 + 0 + 1 = 2.4, nothing marked.
    expect(by('m5')).toMatchObject({ points: 2.4, compensation: 0, total: 2.4 });
    // m1: 1 − 0.5 + 1 + 0 = 1.5.
    expect(by('m1')).toMatchObject({ points: 1.5, total: 1.5, wins: 2 });
    // m7: 0 + 1 + 0 + 1.3 = 2.3.
    expect(by('m7').total).toBe(2.3);
  });
  it('ranks_by_the_total_then_wins_and_equal_members_share_a_rank', () => {
    // m5 2.4; m7 2.3; m4 and m6 2.2 (2 wins each) share 3; m2, m3, m8, m9, m10 2 (2 wins) share 5; m1 1.5 is 10th.
    expect(seriesTable(SERIES).map((r) => `${r.rank} ${r.nickname} ${r.total}`)).toEqual([
      '1 m5 2.4', '2 m7 2.3', '3 m4 2.2', '3 m6 2.2',
      '5 m10 2', '5 m2 2', '5 m3 2', '5 m8 2', '5 m9 2', '10 m1 1.5',
    ]);
  });
  it('a_member_marked_in_a_short_series_gets_the_capped_compensation', () => {
    // One game, marked: Ci = min(0.4, 0.4·1 / max(1, round(0.4) = 0)) = 0.4.
    const rows = seriesTable([game('g1', MAFIA, {}, [4])]);
    expect(rows.find((r) => r.nickname === 'm4')).toMatchObject({ points: 0, compensation: 0.4, total: 0.4, rank: 4 });
  });
  it('the_tournament_options_of_the_compensation_are_passed_to_the_engine', () => {
    const rows = seriesTable(SERIES, { max: 0.3, share: 0.5 });
    // m4: 0.5·1 / max(1, round(0.5·4) = 2) = 0.25 ≤ 0.3.
    expect(rows.find((r) => r.nickname === 'm4')?.compensation).toBe(0.25);
  });
  it('a_game_without_tournament_points_a_game_twice_or_a_member_on_two_seats_is_refused', () => {
    const { tournamentScores: _, ...club } = game('c1', MAFIA);
    expect(() => seriesTable([club])).toThrow(/only fiim games/);
    expect(() => seriesTable([SERIES[0]!, SERIES[0]!])).toThrow(/listed twice/);
    const twice = { ...game('g9', MAFIA), seats: [...SEATS.slice(0, 9), { seat: 10, memberId: 'id-m1', nickname: 'm1' }] };
    expect(() => seriesTable([twice])).toThrow(/sits twice/);
  });
  it('the_series_table_does_not_depend_on_the_order_of_its_games', () => {
    fc.assert(fc.property(fc.shuffledSubarray(SERIES, { minLength: SERIES.length }), (games) => {
      expect(seriesTable(games)).toEqual(seriesTable(SERIES));
    }));
  });
});
