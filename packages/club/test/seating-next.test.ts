import { describe, expect, it } from 'vitest';
import { planEvening, seatingQualities, seatNextGame, swapPlayers, type SeatingGame } from '../src/index.js';
import { names, seatingErrorCode as errorCode, seatOf, sharesTable } from './seatingFixtures.js';

describe('seatNextGame', () => {
  it('game_by_game_nobody_repeats_a_seat_number_and_apart_pairs_never_meet', () => {
    const players = names(20);
    const apart: [string, string][] = [['p1', 'p2'], ['p5', 'p9']];
    const games: SeatingGame[] = [];
    for (let g = 0; g < 10; g++) {
      const next = seatNextGame({ players, tableSizes: [10, 10], history: { games }, apart, seed: 'evening' });
      expect(next.tables.map((t) => t.length)).toEqual([10, 10]);
      expect(next.tables.flat().sort()).toEqual([...players].sort());
      for (const [a, b] of apart) expect(sharesTable([next.tables], a, b)).toBe(false);
      games.push(next.tables);
      expect(next.qualities.seatRepeats).toBe(0);
    }
    for (const p of players) expect(new Set(games.map((g) => seatOf(g, p))).size).toBe(10);
  });

  it('gives_a_player_the_one_seat_number_he_has_not_had', () => {
    const players = names(10);
    // Nine games at one table, seats rotating: p1 has had seats 1–9 and never 10.
    const games: SeatingGame[] = Array.from({ length: 9 }, (_, g) => [players.map((_, k) => players[(k - g + 10) % 10]!)]);
    expect(seatOf(games[8]!, 'p1')).toBe(9);
    const next = seatNextGame({ players, tableSizes: [10], history: { games }, seed: '1' });
    for (const p of players) {
      const had = games.map((g) => seatOf(g, p));
      expect(had).not.toContain(seatOf([next.tables[0]!], p));
    }
    expect(seatOf([next.tables[0]!], 'p1')).toBe(10);
    expect(next.qualities.seatRepeats).toBe(0);
  });

  it('takes_leavers_and_latecomers_from_the_players_present', () => {
    const evening = planEvening({ players: names(20), tables: 2, games: 3, seed: 'x' });
    const present = [...names(20).filter((p) => p !== 'p3' && p !== 'p4'), 'late'];
    const next = seatNextGame({ players: present, tableSizes: [10, 9], history: { games: evening.games }, seed: 'x' });
    expect(next.tables.map((t) => t.length)).toEqual([10, 9]);
    expect(next.tables.flat().sort()).toEqual([...present].sort());
    for (const p of present.filter((x) => x !== 'late')) {
      expect(evening.games.map((g) => seatOf(g, p))).not.toContain(seatOf(next.tables, p));
    }
  });

  it('mixes_opponents_better_than_a_random_draw', () => {
    const players = names(20);
    const games: SeatingGame[] = [];
    for (let g = 0; g < 6; g++) games.push(seatNextGame({ players, tableSizes: [10, 10], history: { games }, seed: 's' }).tables);
    const q = seatNextGame({ players, tableSizes: [10, 10], history: { games }, seed: 's' }).qualities;
    expect(q.meetings.std).toBeLessThan(q.meetings.random);
    expect(q.opponents).toBeGreaterThan(50);
  });

  it('the_same_seed_and_history_give_the_same_game', () => {
    const players = names(18);
    const history = { games: planEvening({ players, tables: 2, games: 2, seed: 'h' }).games };
    const a = seatNextGame({ players, tableSizes: [9, 9], history, seed: 'k' });
    const b = seatNextGame({ players, tableSizes: [9, 9], history, seed: 'k' });
    expect(b).toEqual(a);
  });

  it('refuses_table_sizes_that_do_not_add_up_and_impossible_apart_pairs', () => {
    const players = names(10);
    expect(errorCode(() => seatNextGame({ players, tableSizes: [5, 4], history: { games: [] }, seed: '1' }))).toBe('table-sizes');
    expect(errorCode(() => seatNextGame({ players, tableSizes: [5, 5.5], history: { games: [] }, seed: '1' }))).toBe('table-sizes');
    expect(errorCode(() => seatNextGame({ players, tableSizes: [], history: { games: [] }, seed: '1' }))).toBe('table-sizes');
    expect(errorCode(() => seatNextGame({ players, tableSizes: [10], history: { games: [] }, seed: '1', apart: [['p1', 'p2']] }))).toBe('apart-impossible');
  });

  it('refuses_a_malformed_history_naming_where_it_is_wrong', () => {
    const players = names(4);
    // A history read from a file is not checked by the compiler: the seating checks it itself.
    const fromAFile = (game: unknown): SeatingGame => game as SeatingGame;
    const broken = [fromAFile([['p1', 'p2'], 'p3']), [['p1', 'p1'], ['p2', 'p3']]];
    expect(() => seatNextGame({ players, tableSizes: [2, 2], history: { games: [broken[0]!] }, seed: '1' })).toThrow(/game 1, table 2 is not a list of tables/);
    expect(() => seatNextGame({ players, tableSizes: [2, 2], history: { games: [broken[1]!] }, seed: '1' })).toThrow(/player "p1" sits twice in game 1/);
    expect(errorCode(() => seatNextGame({ players, tableSizes: [2, 2], history: { games: 'x' } as never, seed: '1' }))).toBe('bad-games');
    expect(errorCode(() => swapPlayers(broken[1]!, 'p1', 'p2'))).toBe('bad-games');
  });
});

describe('swapPlayers', () => {
  const players = names(20);
  const plan = planEvening({ players, tables: 2, games: 3, seed: 'swap' });
  const history = { games: plan.games.slice(0, 2) };
  const game = plan.games[2]!;

  it('exchanges_two_seats_and_recomputes_the_qualities_without_changing_the_input', () => {
    const a = game[0]![0]!;
    const b = game[1]![4]!;
    const before = JSON.stringify(game);
    const r = swapPlayers(game, a, b, { history });
    expect(JSON.stringify(game)).toBe(before);
    expect(r.tables[0]![0]).toBe(b);
    expect(r.tables[1]![4]).toBe(a);
    expect(r.qualities).toEqual(seatingQualities([...history.games, r.tables]));
    expect(r.qualities).not.toEqual(plan.qualities);
    const back = swapPlayers(r.tables, a, b, { history });
    expect(back.tables).toEqual(game);
    expect(back.qualities).toEqual(plan.qualities);
  });

  it('tells_when_the_swap_seats_a_pair_kept_apart_together', () => {
    const a = game[0]![0]!;
    const b = game[1]![0]!;
    const partner = game[1]![1]!;
    const r = swapPlayers(game, a, b, { apart: [[a, partner]] });
    expect(r.apartTogether).toEqual([[a, partner]]);
    expect(swapPlayers(game, a, game[0]![1]!, { apart: [[a, partner]] }).apartTogether).toEqual([]);
  });

  it('refuses_an_unknown_player_or_a_swap_with_himself', () => {
    expect(errorCode(() => swapPlayers(game, 'nobody', game[0]![0]!))).toBe('unknown-player');
    expect(errorCode(() => swapPlayers(game, game[0]![0]!, game[0]![0]!))).toBe('same-player');
  });
});
