/**
 * The Rake (Повеса, Piter, R-ROLE): executed by the day vote, he takes one of the players who voted
 * against him into jail with him, his choice, even a protected player or the Elder.
 * Table (TABLE10 with the Rake at seat 6): mafia 2, Don 5, mafia 8; Commissar 3.
 */
import { describe, expect, it, vi } from 'vitest';
import { nextHostCommand, pendingDecisions, roleOf, transition, type Game } from '@mafia/engine';
import { night, refused, run, S, TABLE10 } from './helpers.js';
import { afterNight, dayGame, playWithRandomBots, stepsErr, stepsOk } from './day-helpers.js';

vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const roles = (extra: Record<number, string>) => TABLE10.map((r, i) => extra[i + 1] ?? r);
const rakeGame = (o: Parameters<typeof dayGame>[0] = {}) => dayGame({ roles: roles({ 6: 'rake' }), ...o });
/** 6 (the Rake) and 2 nominated; 1, 3, 4, 7, 9, 10 vote against 6. */
const rakeOut = { nominations: [[1, 6], [3, 2]], votes: { 6: [1, 3, 4, 7, 9, 10] } };

/** Day 1 up to the Rake's choice (command level). */
function rakeChoosing(): Game {
  let g = night(rakeGame());
  g = run(g, { type: 'nominate', by: S(1), target: S(6) }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'nominate', by: S(3), target: S(2) });
  while (g.state.day?.stage === 'speeches' || g.state.day?.stage === 'defence') g = run(g, { type: 'endSpeech' });
  for (const by of [1, 3, 4, 7, 9, 10]) g = run(g, { type: 'vote', by: S(by), target: S(6) });
  return run(g, { type: 'closeVote' });
}

describe('the Rake (R-ROLE)', () => {
  it('the_executed_rake_takes_one_of_his_voters_along (R-ROLE)', () => {
    const r = stepsOk(rakeGame(), [{ night: 1 }, { day: 1, ...rakeOut, rakeTakes: 4 }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [4, 6], by: 'vote', tally: { 6: 6, 2: 4 } });
    expect(r.alive).toEqual([1, 2, 3, 5, 7, 8, 9, 10]);
    expect(roleOf('rake')).toMatchObject({ id: 'rake', team: 'town', acts: [] });
  });

  it('the_rakes_choice_waits_for_him_and_offers_exactly_his_voters (R-ROLE)', () => {
    const g = rakeChoosing();
    expect(g.state.day?.stage).toBe('rake');
    expect(g.state.alive[5]).toBe(false);
    expect(pendingDecisions(g.state)).toEqual([{ kind: 'rakeTake', seat: 6, candidates: [1, 3, 4, 7, 9, 10] }]);
    expect(nextHostCommand(g.state)).toEqual({ type: 'rakeTakes', by: 6, target: 1 });
    // A seat cannot choose for him; he cannot take a player who did not vote against him.
    expect(refused(g, { type: 'rakeTakes', by: S(6), target: S(3) }, { kind: 'seat', seat: S(3) }).rule).toBe('R-HOST-1');
    const e = refused(g, { type: 'rakeTakes', by: S(6), target: S(2) });
    expect(e.rule).toBe('R-ROLE');
    expect(e.code).toBe('not-a-voter');
    // The Rake himself chooses (his device), or the host for him.
    const t = transition(g, { type: 'rakeTakes', by: S(6), target: S(9) }, { kind: 'seat', seat: S(6) });
    if (!t.ok) throw new Error(t.error.message);
    const taken = t.game;
    expect(taken.state.alive[8]).toBe(false);
    expect(taken.state.day?.left).toEqual([6, 9]);
    expect(taken.log.at(-1)).toEqual({ type: 'RakeTook', by: 6, target: 9 });
    expect(taken.state.day?.stage).toBe('lastWords');
  });

  it('votes_counted_against_the_rake_as_leftover_votes_make_their_voters_eligible (R-ROLE, R-VOTE-3)', () => {
    // 2 then 6 nominated: the seven unlisted voters (2, 5, 6, 7, 8, 9, 10) go to 6, the last nominee.
    const r = stepsOk(rakeGame(), [{ night: 1 }, { day: 1, nominations: [[1, 2], [3, 6]], votes: { 2: [1, 3, 4] }, rakeTakes: 5 }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [5, 6], by: 'vote', tally: { 2: 3, 6: 7 } });
    // The Rake's own vote does not make him his own companion.
    const self = stepsErr(rakeGame(), [{ night: 1 }, { day: 1, nominations: [[1, 2], [3, 6]], votes: { 2: [1, 3, 4] }, rakeTakes: 6 }]);
    expect(self.path).toBe('steps[1].rakeTakes');
  });

  it('the_rake_may_take_the_elder_or_a_player_with_an_alibi (R-ROLE, R-VOTE-10, R-VOTE-9)', () => {
    const elder = stepsOk(dayGame({ roles: roles({ 6: 'rake', 4: 'elder' }) }), [{ night: 1 }, { day: 1, ...rakeOut, rakeTakes: 4 }]);
    expect(elder.timeline[1]).toEqual({ day: 1, left: [4, 6], by: 'vote', tally: { 6: 6, 2: 4 } });
    const alibi = stepsOk(afterNight(night(rakeGame()), { alibi: [7] }), [{ day: 1, ...rakeOut, rakeTakes: 7 }]);
    expect(alibi.timeline[0]).toEqual({ day: 1, left: [6, 7], by: 'vote', tally: { 6: 6, 2: 4 } });
  });

  it('the_rakes_choice_is_required_and_refused_when_he_was_not_executed (R-ROLE)', () => {
    const missing = stepsErr(rakeGame(), [{ night: 1 }, { day: 1, ...rakeOut }]);
    expect(missing.code).toBe('missing-rake');
    expect(missing.rule).toBe('R-ROLE');
    expect(missing.path).toBe('steps[1].rakeTakes');
    const notReached = stepsErr(rakeGame(), [{ night: 1 }, { day: 1, nominations: [[1, 6], [3, 2]], votes: { 2: [1, 3, 4, 7, 9, 10] }, rakeTakes: 4 }]);
    expect(notReached.code).toBe('not-reached');
    expect(notReached.path).toBe('steps[1].rakeTakes');
    const wrong = stepsErr(rakeGame(), [{ night: 1 }, { day: 1, ...rakeOut, rakeTakes: 2 }]);
    expect(wrong.code).toBe('not-a-voter');
  });

  it('a_voter_removed_while_the_rake_chooses_is_no_longer_a_choice (R-ROLE, R-FOUL-1)', () => {
    let g = rakeChoosing();
    g = run(g, { type: 'remove', seat: S(1) });
    expect(g.state.day?.rakeChoice).toEqual({ by: 6, among: [3, 4, 7, 9, 10] });
    expect(refused(g, { type: 'rakeTakes', by: S(6), target: S(1) }).code).toBe('not-alive');
    g = run(g, { type: 'remove', seat: S(3) }, { type: 'rakeTakes', by: S(6), target: S(4) });
    // Removals after the day's vote are not part of that day's `left` (decisions.md 16).
    expect(g.state.day?.left).toEqual([4, 6]);
    expect([1, 3, 4, 6].map((x) => g.state.alive[x - 1])).toEqual([false, false, false, false]);
    expect(g.state.day?.stage).toBe('lastWords');
  });

  it('the_choice_closes_when_every_voter_of_the_rake_is_removed (R-ROLE)', () => {
    // Three nominees: 6 (the Rake) gets 2, 3, 4 and his own vote; 1 gets 5, 7, 8; 9 the silent 1, 9, 10.
    let g = night(rakeGame());
    g = run(g, { type: 'nominate', by: S(1), target: S(6) }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'nominate', by: S(3), target: S(1) });
    g = run(g, { type: 'endSpeech' }, { type: 'nominate', by: S(4), target: S(9) });
    while (g.state.day?.stage === 'speeches' || g.state.day?.stage === 'defence') g = run(g, { type: 'endSpeech' });
    for (const by of [2, 3, 4, 6]) g = run(g, { type: 'vote', by: S(by), target: S(6) });
    for (const by of [5, 7, 8]) g = run(g, { type: 'vote', by: S(by), target: S(1) });
    g = run(g, { type: 'closeVote' });
    expect(g.state.day?.tally).toEqual({ 6: 4, 1: 3, 9: 3 });
    expect(g.state.day?.rakeChoice).toEqual({ by: 6, among: [2, 3, 4] });
    g = run(g, { type: 'remove', seat: S(3) }, { type: 'remove', seat: S(4) }, { type: 'remove', seat: S(2) });
    expect(g.state.phase.kind).toBe('day');
    expect(g.state.day?.stage).toBe('lastWords');
    expect(g.state.day?.rakeChoice).toBeNull();
    expect(g.state.day?.left).toEqual([6]);
    expect(g.state.alive.filter(Boolean)).toHaveLength(6);
  });

  it('a_rake_leaving_by_the_lift_vote_takes_a_voter_of_the_last_revote (R-ROLE, R-VOTE-6)', () => {
    const tie = { nominations: [[1, 6], [3, 2]], votes: { 6: [1, 3, 4, 7, 9] }, revote: { 6: [1, 3, 4, 7, 9] }, liftAll: [1, 2, 3, 4, 5, 6] };
    const r = stepsOk(rakeGame(), [{ night: 1 }, { day: 1, ...tie, rakeTakes: 9 }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [2, 6, 9], by: 'lift', tally: { 6: 5, 2: 5 } });
    // 10's re-vote went to 2 (the last tied nominee), not against him.
    expect(stepsErr(rakeGame(), [{ night: 1 }, { day: 1, ...tie, rakeTakes: 10 }]).code).toBe('not-a-voter');
  });

  it('a_rake_leaving_without_a_vote_takes_nobody (R-ROLE, R-VOTE-4)', () => {
    const r = stepsOk(rakeGame(), [{ night: 1 }, { day: 1 }, { night: 2 }, { day: 2, nominations: [[1, 6]] }]);
    expect(r.timeline[3]).toEqual({ day: 2, left: [6], by: 'single', tally: null });
  });

  it('the_win_check_comes_after_the_rakes_companion_leaves (R-ROLE, R-WIN-0)', () => {
    // 2 and 6 mafia; the Rake at 3. The Rake's execution leaves 2 vs 3; taking 1 makes it 2 vs 2: mafia win.
    const g = dayGame({ roles: ['civilian', 'mafia', 'rake', 'civilian', 'civilian', 'mafia'] });
    const r = stepsOk(g, [{ night: 1 }, { day: 1, nominations: [[1, 3], [2, 4]], votes: { 3: [1, 2, 4, 6] }, rakeTakes: 1 }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [1, 3], by: 'vote', tally: { 3: 4, 4: 2 } });
    expect(r.winner).toBe('mafia');
    expect(r.winners).toEqual([2, 6]);
  });

  it('the_rake_executed_at_the_piter_second_stage_takes_a_second_stage_voter (R-ROLE, R-VOTE-7)', () => {
    const g = rakeGame({ voting: 'two-stage' });
    const r = stepsOk(g, [{ night: 1 }, { day: 1, votes: { 6: [1, 2] }, revote: { 6: [3, 4] }, rakeTakes: 3 }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [3, 6], by: 'vote', tally: { 6: 2 } });
    expect(stepsErr(g, [{ night: 1 }, { day: 1, votes: { 6: [1, 2] }, revote: { 6: [3, 4] }, rakeTakes: 1 }]).code).toBe('not-a-voter');
  });

  it('random_bots_play_games_with_a_rake_and_an_elder_to_the_end (R-ROLE, R-VOTE-10)', () => {
    for (const voting of ['sequential', 'two-stage', 'circular'] as const) {
      for (let seed = 1; seed <= 10; seed++) {
        let g = dayGame({ roles: roles({ 6: 'rake', 4: 'elder' }), voting });
        g = playWithRandomBots(g, seed);
        expect(g.state.phase.kind).toBe('ended');
        expect(g.log.some((e) => e.type === 'DayResolved' && e.eliminated.includes(S(4)))).toBe(false);
      }
    }
  });
});
