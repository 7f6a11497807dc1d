import { describe, expect, it } from 'vitest';
import {
  answerShare, applyChanges, balanceSetup, BalanceSetupError, estimateOf, LabCancelled, playShare, runHere, SharePool, simulate,
  singleChanges, suggestChange, unfairness, verdictOf, type FromLabWorker, type LabWorker, type Tally,
} from '../src/index.js';

const tally = (town: number, mafia: number, extra: Record<string, number> = {}): Tally => ({
  games: town + mafia + Object.values(extra).reduce((a, b) => a + b, 0), phases: 0, unfinished: 0, illegal: 0, wins: { town, mafia, ...extra },
});

describe('the balance verdict', () => {
  it('fair_is_the_town_winning_45_to_55_percent', () => {
    expect(verdictOf(0.449)).toBe('favours-mafia');
    expect(verdictOf(0.45)).toBe('fair');
    expect(verdictOf(0.55)).toBe('fair');
    expect(verdictOf(0.551)).toBe('favours-town');
    expect(unfairness(0.5)).toBe(0);
    expect(unfairness(0.4)).toBeCloseTo(0.05);
  });

  it('every_side_gets_a_rate_and_an_interval_and_the_town_and_mafia_always_appear', () => {
    const e = estimateOf(tally(30, 0, { maniac: 10 }));
    expect(Object.keys(e.sides)).toEqual(['town', 'mafia', 'maniac']);
    expect(e.sides.mafia.wins).toBe(0);
    expect(e.town).toBeCloseTo(0.75);
    expect(e.sides.town.low).toBeLessThan(0.75);
    expect(e.sides.town.high).toBeGreaterThan(0.75);
    expect(e.verdict).toBe('favours-town');
  });
});

describe('the balance setup', () => {
  it('without_roles_is_the_presets_recommended_deck_and_plays_the_games_simulate_plays', () => {
    const s = balanceSetup('sport', 10);
    expect(s.composition).toEqual(['don', 'mafia', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian']);
    const here = estimateOf(playShare({ setup: s, seed: '5', from: 0, count: 40 }));
    const sim = simulate({ preset: 'sport', players: 10, games: 40, seed: '5', bots: 'heuristic' });
    expect(here.sides.town.wins).toBe(sim.winRates.town.wins);
    expect(here.meanPhases).toBeCloseTo(sim.meanPhases);
  });

  it('named_roles_replace_their_counts_and_civilians_fill_the_rest', () => {
    const s = balanceSetup('classic', 10, { mafia: 3, commissar: 0 });
    expect(s.composition.filter((r) => r === 'mafia')).toHaveLength(3);
    expect(s.composition.filter((r) => r === 'don')).toHaveLength(1);
    expect(s.composition.filter((r) => r === 'commissar')).toHaveLength(0);
    expect(s.composition.filter((r) => r === 'civilian')).toHaveLength(6);
  });

  it('refuses_a_role_the_preset_lacks_a_wrong_count_and_a_deck_the_engine_refuses', () => {
    expect(() => balanceSetup('classic', 10, { maniac: 1 })).toThrow(/classic preset has no role "maniac"/);
    expect(() => balanceSetup('classic', 10, { mafia: 2, civilian: 3 })).toThrow(/make 7 cards for 10 players/);
    expect(() => balanceSetup('sport', 10, { mafia: 3 })).toThrow(BalanceSetupError);
    expect(() => balanceSetup('sport', 10, { mafia: 3 })).toThrow(/exactly 1 Don, 2 Mafia/);
    expect(() => balanceSetup('classic', 10, {}, { firstNight: 'sometimes' })).toThrow(/firstNight/);
    expect(() => balanceSetup('poker', 10)).toThrow(/unknown preset "poker"/);
  });
});

describe('the changes the lab tries', () => {
  it('are_only_tables_the_engine_deals', () => {
    const sport = balanceSetup('sport', 10);
    const changes = singleChanges(sport);
    // sport's deck is fixed: only options may move, and each of them is a real other value.
    expect(changes.every((c) => c.kind === 'option')).toBe(true);
    expect(changes).toContainEqual({ kind: 'option', name: 'revealOnDeath', value: true });
    expect(changes).not.toContainEqual({ kind: 'option', name: 'revealOnDeath', value: false });
    const classic = balanceSetup('classic', 10);
    expect(singleChanges(classic)).toContainEqual({ kind: 'role', role: 'mafia', delta: -1 });
    for (const c of singleChanges(classic)) expect(applyChanges(classic, [c])).not.toBeNull();
  });

  it('a_role_step_trades_a_card_with_a_civilian', () => {
    const classic = balanceSetup('classic', 10);
    const fewer = applyChanges(classic, [{ kind: 'role', role: 'mafia', delta: -1 }])!;
    expect(fewer.composition.filter((r) => r === 'mafia')).toHaveLength(1);
    expect(fewer.composition.filter((r) => r === 'civilian')).toHaveLength(7);
    expect(fewer.composition).toHaveLength(10);
    // A second Don is refused by the engine: no such step.
    expect(applyChanges(classic, [{ kind: 'role', role: 'don', delta: 1 }])).toBeNull();
  });
});

describe('the suggestion', () => {
  it('a_deliberately_unfair_table_gets_a_measured_change_nearer_even', async () => {
    // Four mafia among ten in classic: the town wins about one game in six.
    const unfair = balanceSetup('classic', 10, { mafia: 3 });
    const base = estimateOf(await runHere({ setup: unfair, seed: '1', from: 0, count: 600 }));
    expect(base.verdict).toBe('favours-mafia');
    const r = await suggestChange(unfair, base, runHere, { seed: '1', screenGames: 200, confirmGames: 400 });
    expect(r.tried).toBeGreaterThan(5);
    const s = r.suggestion!;
    expect(s).not.toBeNull();
    expect(s.changes.length).toBeGreaterThanOrEqual(1);
    expect(s.estimate.games).toBe(600);
    expect(Math.abs(s.estimate.town - 0.5)).toBeLessThan(Math.abs(base.town - 0.5));
    expect(s.setup).toEqual(applyChanges(unfair, s.changes));
  }, 60_000);

  it('a_fair_table_gets_no_suggestion_and_plays_no_games', async () => {
    let asked = 0;
    const r = await suggestChange(balanceSetup('sport', 10), estimateOf(tally(50, 50)), async (q) => {
      asked++;
      return runHere(q);
    }, { seed: '1' });
    expect(r).toEqual({ suggestion: null, tried: 0, games: 0 });
    expect(asked).toBe(0);
  });
});

describe('the share pool', () => {
  /** A worker in this thread that answers when told to: the test decides the order of answers. */
  function slowWorker() {
    const held: (() => void)[] = [];
    let answer: (m: FromLabWorker) => void = () => {};
    const w: LabWorker = {
      post: (m) => held.push(() => answer(answerShare(m))),
      listen: (a) => {
        answer = a;
      },
      close: () => {},
    };
    return { w, release: () => held.splice(0).forEach((f) => f()) };
  }

  it('cuts_a_request_into_shares_and_adds_them_up_to_the_single_thread_figures', async () => {
    const a = slowWorker();
    const b = slowWorker();
    const pool = new SharePool([a.w, b.w], 30);
    const setup = balanceSetup('classic', 7);
    const result = pool.run({ setup, seed: 's', from: 0, count: 100 });
    for (let i = 0; i < 4; i++) {
      a.release();
      b.release();
      await Promise.resolve();
    }
    expect(await result).toEqual(playShare({ setup, seed: 's', from: 0, count: 100 }));
  });

  it('cancel_rejects_what_is_queued_and_drops_what_is_being_played', async () => {
    const a = slowWorker();
    const pool = new SharePool([a.w], 10);
    const setup = balanceSetup('classic', 7);
    const first = pool.run({ setup, seed: 's', from: 0, count: 30 });
    pool.cancel();
    await expect(first).rejects.toBeInstanceOf(LabCancelled);
    a.release();
    // The worker is free again and the next request is answered in full.
    const next = pool.run({ setup, seed: 's', from: 0, count: 10 });
    a.release();
    expect((await next).games).toBe(10);
  });
});
