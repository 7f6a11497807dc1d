/**
 * The short game (RULES.md R-PHASE-5, §8 `short`): 3–5 players, one Mafia, no nights; the days run
 * as in classic (R-VOTE-*).
 */
import { describe, expect, it, vi } from 'vitest';
import { createGame, PRESETS } from '@mafia/engine';
import { endSpeeches, newGame, protocol, refused, replayErr, replayOk, S } from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const FOUR = ['civilian', 'civilian', 'mafia', 'civilian'];
const short = (steps: Record<string, unknown>[], seats: string[] = FOUR) => protocol('short', seats, steps);

describe('no nights (R-PHASE-5)', () => {
  it('the_short_game_starts_with_day_one (R-PHASE-5)', () => {
    const g = newGame('short', FOUR);
    expect(g.state.phase).toEqual({ kind: 'day', n: 1 });
    expect(g.state.day?.stage).toBe('speeches');
  });

  it('days_follow_days_without_a_night (R-PHASE-5)', () => {
    const r = replayOk(short([{ day: 1 }, { day: 2 }, { day: 3 }]));
    expect(r.timeline).toEqual([
      { day: 1, left: [], by: 'none', tally: null },
      { day: 2, left: [], by: 'none', tally: null },
      { day: 3, left: [], by: 'none', tally: null },
    ]);
    expect(r.winner).toBeNull();
  });

  it('a_night_step_is_an_error_in_the_short_game (R-PHASE-5)', () => {
    const e = replayErr(short([{ day: 1 }, { night: 2 }]));
    expect(e.rule).toBe('R-PHASE-5');
    expect(e.path).toBe('steps[1].night');
    expect(e.message).toMatch(/no nights/);
  });

  it('nobody_acts_at_night_in_the_short_game (R-PHASE-5)', () => {
    const e = refused(newGame('short', FOUR), { type: 'act', by: S(3), act: 'kill', target: S(1) });
    expect(e.message).toMatch(/only possible at night/);
  });
});

describe('short game days, run as in classic', () => {
  it('the_town_wins_by_voting_out_the_mafia (R-WIN-TOWN)', () => {
    const r = replayOk(short([{ day: 1, nominations: [[1, 3], [2, 4]], votes: { 3: [1, 2, 4] } }]));
    expect(r.timeline).toEqual([{ day: 1, left: [3], by: 'vote', tally: { 3: 3, 4: 1 } }]);
    expect(r.winner).toBe('town');
    expect(r.winners).toEqual([1, 2, 4]);
    expect(r.scores).toEqual({ 1: 3, 2: 3, 3: 0, 4: 3 });
  });

  it('the_mafia_wins_when_one_against_one (R-WIN-MAFIA)', () => {
    const r = replayOk(short([
      { day: 1, nominations: [[3, 1], [1, 2]], votes: { 1: [2, 3, 4] } },
      { day: 2, nominations: [[3, 2], [2, 4]], votes: { 2: [2, 3, 4] } },
    ]));
    expect(r.timeline[0]).toEqual({ day: 1, left: [1], by: 'vote', tally: { 1: 3, 2: 1 } });
    expect(r.timeline[1]).toEqual({ day: 2, left: [2], by: 'vote', tally: { 2: 3, 4: 0 } });
    expect(r.winner).toBe('mafia');
    expect(r.winners).toEqual([3]);
    expect(r.alive).toEqual([3, 4]);
    expect(r.scores).toEqual({ 1: 0, 2: 0, 3: 4, 4: 0 });
  });

  it('three_players_one_wrong_vote_loses_the_game (R-WIN-MAFIA)', () => {
    const r = replayOk(short([{ day: 1, nominations: [[1, 2], [2, 3]], votes: { 2: [1, 2, 3] } }], ['civilian', 'civilian', 'mafia']));
    expect(r.winner).toBe('mafia');
    expect(r.winners).toEqual([3]);
  });

  it('a_single_nominee_on_day_one_is_not_voted (R-VOTE-4)', () => {
    const r = replayOk(short([{ day: 1, nominations: [[1, 3]] }]));
    expect(r.timeline).toEqual([{ day: 1, left: [], by: 'none', tally: null }]);
  });

  it('a_single_nominee_on_day_two_leaves (R-VOTE-4)', () => {
    const r = replayOk(short([{ day: 1 }, { day: 2, nominations: [[1, 3]] }]));
    expect(r.timeline[1]).toEqual({ day: 2, left: [3], by: 'single', tally: null });
    expect(r.winner).toBe('town');
  });

  it('a_tie_goes_to_a_revote_as_in_classic (R-VOTE-6)', () => {
    const r = replayOk(short([{ day: 1, nominations: [[1, 3], [2, 4]], votes: { 3: [1, 2] }, revote: { 3: [1, 2, 4] } }]));
    expect(r.timeline).toEqual([{ day: 1, left: [3], by: 'vote', tally: { 3: 3, 4: 1 } }]);
  });

  it('speeches_rotate_each_day (R-PHASE-2)', () => {
    let g = newGame('short', FOUR);
    expect(g.state.day?.speakers).toEqual([1, 2, 3, 4]);
    g = endSpeeches(g); // nobody nominated: day 2 follows at once
    expect(g.state.phase).toEqual({ kind: 'day', n: 2 });
    expect(g.state.day?.speakers).toEqual([2, 3, 4, 1]);
  });
});

describe('short game table (R-PRESET)', () => {
  it('the_short_game_has_exactly_one_mafia (R-PRESET)', () => {
    const e = replayErr(protocol('short', ['mafia', 'civilian', 'mafia', 'civilian', 'civilian'], []));
    expect(e.rule).toBe('R-PRESET');
    expect(e.message).toMatch(/mafia/i);
  });

  it('the_short_game_is_for_three_to_five_players (R-PRESET)', () => {
    const e = replayErr(protocol('short', ['mafia', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'], []));
    expect(e.rule).toBe('R-PRESET');
    expect(e.message).toMatch(/3–5 players, not 6/);
    expect(replayErr(protocol('short', ['mafia', 'civilian'], [])).rule).toBe('R-PRESET');
  });

  it('the_short_game_has_no_don_or_commissar (R-PRESET)', () => {
    const e = replayErr(protocol('short', ['don', 'civilian', 'civilian', 'civilian'], []));
    expect(e.rule).toBe('R-PRESET');
    expect(e.path).toBe('seats[0]');
    expect(e.message).toMatch(/don/);
  });

  it('the_short_game_has_no_emergency_day_option (R-PRESET)', () => {
    const t = createGame({ preset: 'short', roles: FOUR, options: { emergencyDay: true } });
    expect(t.ok).toBe(false);
    if (!t.ok) {
      expect(t.error.rule).toBe('R-PRESET');
      expect(t.error.path).toBe('options.emergencyDay');
    }
  });

  it('the_recommended_short_deal_has_one_mafia (R-PRESET)', () => {
    for (const n of [3, 4, 5]) {
      const roles = PRESETS.short!.composition(n)!;
      expect(roles).toHaveLength(n);
      expect(roles.filter((r) => r === 'mafia')).toHaveLength(1);
    }
    expect(PRESETS.short!.composition(6)).toBeNull();
  });
});
