import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceSetup, estimateOf, runHere } from '@mafia/bots';
import { runCli } from './runCli.js';
import { parseBalanceArgs } from '../src/balance.js';
import { BalancePool } from '../src/balance/pool.js';

const run = (args: string[]) => runCli('balance', args);

describe('mafia balance', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the_worker_pool_plays_the_same_games_as_one_thread', async () => {
    const setup = balanceSetup('club', 10);
    const pool = new BalancePool(2);
    try {
      const shared = await pool.run({ setup, seed: 'x', from: 0, count: 600 });
      const here = await runHere({ setup, seed: 'x', from: 0, count: 600 });
      expect(shared).toEqual(here);
      expect(shared.games).toBe(600);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('prints_the_sides_rates_the_verdict_and_a_change_for_an_unfair_table', async () => {
    const r = await run(['--preset', 'classic', '--players', '10', '--roles', 'mafia=3', '--games', '800', '--workers', '2', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.setup.composition.filter((x: string) => x === 'mafia')).toHaveLength(3);
    expect(doc.games).toBe(800);
    expect(doc.sides.town.wins + doc.sides.mafia.wins + (doc.sides.draw?.wins ?? 0)).toBe(800);
    expect(doc.verdict).toBe('favours-mafia');
    expect(doc.suggestion).not.toBeNull();
    expect(Math.abs(doc.suggestion.town - 0.5)).toBeLessThan(Math.abs(doc.town - 0.5));
    expect(doc.suggestion.text.length).toBe(doc.suggestion.changes.length);
    // The base figures are the single-thread figures of the same seeds.
    const here = estimateOf(await runHere({ setup: doc.setup, seed: '1', from: 0, count: 800 }));
    expect(doc.sides.town.wins).toBe(here.sides.town.wins);
  }, 120_000);

  it('the_human_form_names_the_table_and_the_verdict', async () => {
    const r = await run(['--preset', 'sport', '--players', '10', '--games', '200', '--workers', '1', '--no-suggest']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^sport, 10 players: don, mafia×2, commissar, civilian×6\n/);
    expect(r.out).toMatch(/verdict: (fair|favours the town|favours the mafia) \(the town wins \d+\.\d%; fair is 45–55%\)/);
    expect(r.out).not.toMatch(/suggestion/);
  }, 30_000);

  it('a_fair_table_needs_no_suggestion_and_says_so', async () => {
    // Sport 10 over 5,000 games, seed 1: the town wins 54.8 %, inside 45–55 %; nothing is searched.
    const r = await run(['--preset', 'sport', '--players', '10', '--games', '5000', '--workers', '1']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/ s on 1 worker, /);
    expect(r.out).toMatch(/verdict: fair \(the town wins 54\.8%/);
    expect(r.out).toMatch(/\nsuggestion: none needed, the table is fair\n$/);
    expect(r.out).not.toMatch(/tried 0|change\(s\)/);
  }, 60_000);

  it('bad_input_is_a_one_line_error_naming_what_was_wrong', async () => {
    expect(() => parseBalanceArgs(['--preset', 'classic', '--players', '10', '--roles', 'mafia'])).toThrow(/--roles takes ROLE=COUNT pairs/);
    expect(() => parseBalanceArgs(['--preset', 'classic', '--players', '10', '--option', 'revealOnDeath=yes'])).toThrow(/revealOnDeath is true or false, got "yes"/);
    expect(() => parseBalanceArgs(['--preset', 'classic', '--players', '10', '--option', 'a=1', '--option', 'a=2'])).toThrow(/sets a twice/);
    const options = parseBalanceArgs(['--preset', 'classic', '--players', '10', '--option', 'revealOnDeath=true', '--option', 'firstNight=checks']).options;
    expect(options).toEqual({ revealOnDeath: true, firstNight: 'checks' });
    const r = await run(['--preset', 'classic', '--players', '10', '--option', 'nonsense=1']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown option "nonsense" for preset classic/);
    expect(r.out).toBe('');
    const sport = await run(['--preset', 'sport', '--players', '10', '--roles', 'mafia=3']);
    expect(sport.code).toBe(2);
    expect(sport.err).toMatch(/exactly 1 Don, 2 Mafia/);
  });
});
