import { describe, expect, it } from 'vitest';
import { seatNextGame } from '../src/seating/next.js';

const players = Array.from({ length: 19 }, (_, i) => `p${i + 1}`);

describe('seatNextGame (the placeholder of the tables helper)', () => {
  it('seats_every_player_once_at_tables_of_the_given_sizes', () => {
    const r = seatNextGame({ players, tableSizes: [10, 9], history: { games: [] }, seed: 's' });
    expect(r.tables.map((t) => t.length)).toEqual([10, 9]);
    expect(r.tables.flat().sort()).toEqual(players.slice().sort());
    expect(r.qualities.seats).toBe(100);
  });

  it('the_same_seed_gives_the_same_seating_another_seed_another', () => {
    const a = seatNextGame({ players, tableSizes: [10, 9], history: { games: [] }, seed: 'x' });
    const b = seatNextGame({ players: players.slice().reverse(), tableSizes: [10, 9], history: { games: [] }, seed: 'x' });
    const c = seatNextGame({ players, tableSizes: [10, 9], history: { games: [] }, seed: 'y' });
    expect(b.tables).toEqual(a.tables);
    expect(c.tables).not.toEqual(a.tables);
  });

  it('keeps_apart_pairs_at_different_tables_and_avoids_a_seat_number_sat_before', () => {
    const first = seatNextGame({ players, tableSizes: [10, 9], history: { games: [] }, seed: 'g1' });
    const apart: [string, string][] = [['p1', 'p2'], ['p3', 'p4']];
    const next = seatNextGame({ players, tableSizes: [10, 9], history: { games: [first.tables] }, apart, seed: 'g2' });
    for (const [a, b] of apart) expect(next.tables.some((t) => t.includes(a) && t.includes(b))).toBe(false);
    const seatOf = (tables: string[][], p: string) => tables.flatMap((t) => (t.includes(p) ? [t.indexOf(p)] : []))[0];
    const repeated = players.filter((p) => seatOf(first.tables, p) === seatOf(next.tables, p));
    expect(repeated).toEqual([]);
    expect(next.qualities.seats).toBe(100);
  });

  it('no_seat_number_is_repeated_after_one_game_whatever_the_player_ids', () => {
    for (let k = 0; k < 30; k++) {
      const ps = Array.from({ length: 14 }, (_, i) => `${(i * 7919 + k * 104729) % 1000}-${i}`);
      const first = seatNextGame({ players: ps, tableSizes: [7, 7], history: { games: [] }, seed: `a${k}` });
      const next = seatNextGame({ players: ps, tableSizes: [7, 7], history: { games: [first.tables] }, seed: `b${k}` });
      expect(next.qualities.seats).toBe(100);
    }
  });

  it('refuses_sizes_that_do_not_add_up', () => {
    expect(() => seatNextGame({ players, tableSizes: [10, 10], history: { games: [] }, seed: 's' })).toThrow(/20 players, not 19/);
  });
});
