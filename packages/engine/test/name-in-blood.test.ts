/**
 * The `name-in-blood` modification (Имя кровью, R-MOD, seed 002): a player killed at night names a
 * suspected killer in the morning; that counts as one vote against him at the next vote. Optional;
 * not allowed when 3 players remain. Protocol day field `blood: [[VICTIM, SUSPECT]]`.
 * Table (TABLE10): mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { createGame, pendingDecisions, type Game } from '@mafia/engine';
import { refused, run, S, shot } from './helpers.js';
import { dayGame, playWithRandomBots, stepsErr, stepsOk } from './day-helpers.js';

vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const blood = (voting: 'sequential' | 'two-stage' | 'circular' = 'circular') => dayGame({ voting, modifications: ['name-in-blood'] });
/** In a circle everybody votes: a day 1 where 8 and 2 tie twice, so nobody leaves. */
const quietCircle = { day: 1, votes: { 8: [2, 1, 3, 4, 6], 2: [8, 5, 7, 9, 10] }, revote: { 8: [2, 1, 3, 4, 6], 2: [8, 5, 7, 9, 10] } };
/** Night 1, a day 1 where nobody leaves, and night 2 in which the mafia kill seat 1. */
const toDay2 = [{ night: 1 }, quietCircle, { night: 2, acts: shot(1) }];
const toDay2Quiet = [{ night: 1 }, { day: 1 }, { night: 2, acts: shot(1) }];

describe('name in blood (R-MOD)', () => {
  it('a_name_in_blood_counts_one_vote_against_the_suspect_at_the_next_vote (R-MOD)', () => {
    // Circle of 2..10: 8 and 2 get four votes each; seat 1's name in blood breaks the tie against 8.
    const r = stepsOk(blood(), [...toDay2, { day: 2, blood: [[1, 8]], votes: { 8: [3, 4, 6, 7], 2: [5, 8, 9, 10] } }]);
    expect(r.timeline[3]).toEqual({ day: 2, left: [8], by: 'vote', tally: { 2: 4, 8: 5, 10: 1 } });
    // Without it the same votes tie and go to a second round.
    const e = stepsErr(blood(), [...toDay2, { day: 2, votes: { 8: [3, 4, 6, 7], 2: [5, 8, 9, 10] } }]);
    expect(e.code).toBe('missing-revote');
  });

  it('a_name_in_blood_can_make_a_piter_defender (R-MOD, R-VOTE-7)', () => {
    const r = stepsOk(blood('two-stage'), [...toDay2Quiet, { day: 2, blood: [[1, 8]], votes: { 8: [3] }, revote: { 8: [3, 4] } }]);
    expect(r.timeline[3]).toEqual({ day: 2, left: [8], by: 'vote', tally: { 8: 2 } });
  });

  it('in_sequential_voting_it_counts_only_when_the_suspect_is_nominated (R-MOD, R-VOTE-3)', () => {
    const counted = stepsOk(blood('sequential'), [...toDay2Quiet, { day: 2, blood: [[1, 8]], nominations: [[3, 8], [4, 2]], votes: { 8: [3, 4, 6, 7, 9] } }]);
    expect(counted.timeline[3]).toEqual({ day: 2, left: [8], by: 'vote', tally: { 8: 6, 2: 4 } });
    // Seat 6 is not nominated: the name in blood against him counts for nobody.
    const lost = stepsOk(blood('sequential'), [...toDay2Quiet, { day: 2, blood: [[1, 6]], nominations: [[3, 8], [4, 2]], votes: { 8: [3, 4, 6, 7] } }]);
    expect(lost.timeline[3]).toEqual({ day: 2, left: [2], by: 'vote', tally: { 8: 4, 2: 5 } });
  });

  it('only_last_nights_victims_name_a_killer_and_only_once (R-MOD)', () => {
    const alive = stepsErr(blood(), [...toDay2, { day: 2, blood: [[3, 8]] }]);
    expect(alive.rule).toBe('R-MOD');
    expect(alive.code).toBe('not-a-victim');
    expect(alive.path).toBe('steps[3].blood[0]');
    const twice = stepsErr(blood(), [...toDay2, { day: 2, blood: [[1, 8], [1, 2]] }]);
    expect(twice.code).toBe('already-named');
    expect(twice.path).toBe('steps[3].blood[1]');
    const dead = stepsErr(blood(), [...toDay2, { day: 2, blood: [[1, 1]] }]);
    expect(dead.code).toBe('not-alive');
  });

  it('not_allowed_when_3_players_remain (R-MOD)', () => {
    const g = dayGame({ roles: ['civilian', 'mafia', 'civilian', 'civilian'], modifications: ['name-in-blood'], voting: 'two-stage' });
    const e = stepsErr(g, [{ night: 1 }, { day: 1 }, { night: 2, acts: [{ by: 2, act: 'kill', target: 1 }] }, { day: 2, blood: [[1, 2]] }]);
    expect(e.rule).toBe('R-MOD');
    expect(e.code).toBe('too-few-players');
  });

  it('blood_without_the_modification_in_play_is_an_error (R-MOD)', () => {
    const e = stepsErr(dayGame({ voting: 'circular' }), [...toDay2, { day: 2, blood: [[1, 8]] }]);
    expect(e.rule).toBe('R-MOD');
    expect(e.path).toBe('steps[3].blood');
  });

  it('the_victim_is_offered_the_choice_in_the_morning_and_it_is_optional (R-MOD)', () => {
    // Night 1, a two-stage day 1 where nobody names anybody, then night 2: the mafia kill seat 1.
    let g: Game = run(blood('two-stage'), { type: 'endNight' });
    while (g.state.day?.stage === 'speeches') g = run(g, { type: 'endSpeech' });
    g = run(g, { type: 'closeVote' });
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
    g = run(g, ...shot(1).map((a) => ({ type: 'act' as const, by: S(a.by), act: 'kill' as const, target: S(a.target) })), { type: 'endNight' });
    expect(g.state.day?.stage).toBe('lastWords');
    expect(pendingDecisions(g.state)).toEqual([{ kind: 'blood', seat: 1, candidates: [2, 3, 4, 5, 6, 7, 8, 9, 10] }]);
    const named = run(g, { type: 'blood', by: S(1), target: S(8) });
    expect(named.state.day?.blood).toEqual([[1, 8]]);
    expect(pendingDecisions(named.state)).toEqual([]);
    // A seat names only for himself; the evening is too late.
    expect(refused(g, { type: 'blood', by: S(1), target: S(8) }, { kind: 'seat', seat: S(3) }).rule).toBe('R-HOST-1');
    // Skipping it is fine: the day goes on.
    const skipped = run(g, { type: 'endLastWords' });
    expect(skipped.state.day?.stage).toBe('speeches');
  });

  it('random_bots_name_killers_in_blood_and_play_to_the_end (R-MOD, R-VOTE-8)', () => {
    let named = 0;
    let extNamed = 0;
    for (let seed = 1; seed <= 40; seed++) {
      // Half in the classic-based test game, half in the extended preset (no morning last word there).
      const ext = createGame({ preset: 'extended', players: 10, seed, modifications: ['name-in-blood'] });
      if (!ext.ok) throw new Error(ext.error.message);
      let g: Game = seed % 2 === 0 ? blood() : ext.game;
      g = playWithRandomBots(g, seed);
      expect(g.state.phase.kind).toBe('ended');
      named += g.log.filter((e) => e.type === 'BloodNamed').length;
      if (seed % 2 === 1) extNamed += g.log.filter((e) => e.type === 'BloodNamed').length;
    }
    expect(named).toBeGreaterThan(0);
    expect(extNamed).toBeGreaterThan(0);
  });
});
