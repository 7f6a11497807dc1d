import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from './runCli.js';
import { parseSimulateArgs } from '../src/simulate.js';
import { UsageError } from '../src/io.js';

const run = (args: string[]) => runCli('simulate', args);

describe('mafia simulate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints_exactly_one_json_line_with_the_totals', async () => {
    const r = await run(['--preset', 'classic', '--players', '10', '--games', '60', '--seed', '7', '--json']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    const doc = JSON.parse(lines[0]);
    expect(Object.keys(doc)).toEqual(['games', 'seconds', 'gamesPerSecond', 'phasesPerSecond', 'meanPhases', 'winRates']);
    expect(doc.games).toBe(60);
    expect(Object.keys(doc.winRates).sort()).toEqual(['draw', 'mafia', 'town']);
    const wins = Object.values(doc.winRates as Record<string, { wins: number; rate: number; low: number; high: number }>);
    expect(wins.reduce((n, w) => n + w.wins, 0)).toBe(60);
    for (const w of wins) {
      expect(w.low).toBeLessThanOrEqual(w.rate);
      expect(w.high).toBeGreaterThanOrEqual(w.rate);
    }
  });

  it('the_same_seed_gives_the_same_win_rates', async () => {
    const args = ['--preset', 'sport', '--players', '10', '--games', '40', '--bots', 'heuristic', '--seed', 'club-night', '--json'];
    const a = JSON.parse((await run(args)).out);
    const b = JSON.parse((await run(args)).out);
    expect(b.winRates).toEqual(a.winRates);
    expect(b.meanPhases).toBe(a.meanPhases);
  });

  it('prints_win_rates_length_and_speed_for_people', async () => {
    const r = await run(['--preset=short', '--players=5', '--games=30']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/win rates \(95% Wilson interval\)/);
    expect(r.out).toMatch(/town\s+\d+\.\d\d%\s+\[\d+\.\d\d% – \d+\.\d\d%\]/);
    expect(r.out).toMatch(/mean game length: \d+\.\d\d phases/);
    expect(r.out).toMatch(/phases\/s/);
  });

  it.each([
    [['--preset', 'nope', '--players', '10', '--games', '5'], /unknown preset "nope"/],
    [['--preset', 'sport', '--players', '9', '--games', '5'], /sport is played by 10(–10)? players, not 9/],
    [['--preset', 'classic', '--players', 'ten', '--games', '5'], /--players must be a whole number/],
    [['--preset', 'classic', '--players', '10', '--games', '0'], /--games must be from 1/],
    [['--preset', 'classic', '--players', '10', '--games', '-3'], /--games must be a whole number/],
    [['--preset', 'classic', '--players', '10', '--games', '5', '--bots', 'clever'], /unknown bots kind "clever"/],
    [['--preset', 'classic', '--players', '10', '--games', '5', '--fast'], /unknown flag --fast/],
    [['--preset', 'classic', '--games', '5'], /missing --players/],
    [['--preset', 'classic', '--players', '10', '--games'], /--games needs a value/],
    [['--preset', 'classic', '--players', '10', '--games', '5', 'extra'], /unexpected argument "extra"/],
    [['--preset', 'classic', '--preset', 'sport', '--players', '10', '--games', '5'], /--preset is given twice/],
  ])('bad_input_is_a_one_line_usage_error_with_exit_2 %#', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('parses_both_flag_forms', () => {
    expect(parseSimulateArgs(['--preset', 'classic', '--players=10', '--games', '3', '--json'])).toEqual({
      preset: 'classic', players: 10, games: 3, bots: 'random', sides: { town: 'random', mafia: 'random', solo: 'random' }, seed: '1', json: true,
    });
    expect(() => parseSimulateArgs(['--json=yes'])).toThrow(UsageError);
  });

  it('each_side_plays_its_own_bots_and_a_side_not_named_plays_the_bots_kind', () => {
    const a = parseSimulateArgs(['--preset', 'sport', '--players', '10', '--games', '3', '--bots', 'heuristic', '--mafia', 'random']);
    expect(a.sides).toEqual({ town: 'heuristic', mafia: 'random', solo: 'heuristic' });
    expect(parseSimulateArgs(['--preset', 'sport', '--players', '10', '--games', '3', '--town', 'heuristic', '--others', 'heuristic']).sides).toEqual({ town: 'heuristic', mafia: 'random', solo: 'heuristic' });
  });

  it('an_unknown_kind_for_a_side_is_a_usage_error_naming_the_flag', async () => {
    const r = await run(['--preset', 'sport', '--players', '10', '--games', '3', '--mafia', 'clever']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown bots kind "clever" for --mafia; kinds: random, heuristic/);
    expect(r.out).toBe('');
  });

  it('a_strong_town_against_random_mafia_wins_more_than_random_town_against_a_strong_mafia', async () => {
    const games = ['--preset', 'sport', '--players', '10', '--games', '300', '--seed', 'sides', '--json'];
    const strongTown = JSON.parse((await run([...games, '--town', 'heuristic', '--mafia', 'random'])).out);
    const strongMafia = JSON.parse((await run([...games, '--town', 'random', '--mafia', 'heuristic'])).out);
    expect(strongTown.winRates.town.rate).toBeGreaterThan(strongMafia.winRates.town.rate);
    const r = await run(['--preset', 'sport', '--players', '10', '--games', '5', '--town', 'heuristic', '--mafia', 'random']);
    expect(r.out).toMatch(/^sport, 10 players, 5 games, town heuristic, mafia random, others random, seed 1$/m);
  });
});
