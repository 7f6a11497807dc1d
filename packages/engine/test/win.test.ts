/**
 * Teams and win conditions (RULES.md §2: R-TEAM, R-WIN-0, R-WIN-TOWN, R-WIN-MAFIA).
 */
import { describe, expect, it, vi } from 'vitest';
import { protocol, refused, replayErr, replayOk, run, newGame, S, TABLE10, TOWN10, shot } from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

describe('town win (R-WIN-TOWN, R-TEAM)', () => {
  it('the_town_wins_when_the_last_mafia_member_leaves (R-WIN-TOWN)', () => {
    const r = replayOk(protocol('classic', TABLE10, [
      { night: 1 },
      { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7] }, revote: { 8: [1, 3, 4, 6, 7] }, liftAll: [1, 3, 4, 6, 7, 9] },
      { night: 2, acts: shot(4, [5]) },
      { day: 2, nominations: [[3, 5]] },
    ]));
    expect(r.timeline[3]).toEqual({ day: 2, left: [5], by: 'single', tally: null });
    expect(r.winner).toBe('town');
    expect(r.alive).toEqual([1, 3, 6, 7, 9, 10]);
  });

  it('every_town_seat_wins_dead_or_alive_and_the_commissar_is_town (R-TEAM)', () => {
    const r = replayOk(protocol('classic', TABLE10, [
      { night: 1 },
      { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7] }, revote: { 8: [1, 3, 4, 6, 7] }, liftAll: [1, 3, 4, 6, 7, 9] },
      { night: 2, acts: shot(4, [5]) },
      { day: 2, nominations: [[3, 5]] },
    ]));
    expect(r.winners).toEqual(TOWN10); // 4 was shot and still wins; 3 is the Commissar
    expect(r.scores).toEqual({ 1: 3, 2: 0, 3: 3, 4: 2, 5: 0, 6: 3, 7: 3, 8: 0, 9: 3, 10: 3 });
  });
});

describe('mafia win (R-WIN-MAFIA, R-TEAM)', () => {
  it('the_mafia_wins_at_parity_after_a_night_shot_and_the_don_is_mafia (R-WIN-MAFIA, R-TEAM)', () => {
    const r = replayOk(protocol('classic', ['don', 'civilian', 'civilian', 'civilian'], [
      { night: 1 },
      { day: 1, nominations: [[1, 2], [2, 3]], votes: { 2: [1, 2, 3, 4] } },
      { night: 2, acts: [{ by: 1, act: 'kill', target: 3 }] },
    ]));
    expect(r.timeline).toEqual([
      { night: 1, died: [], results: [] },
      { day: 1, left: [2], by: 'vote', tally: { 2: 4, 3: 0 } },
      { night: 2, died: [3], results: [] },
    ]);
    expect(r.winner).toBe('mafia');
    expect(r.winners).toEqual([1]);
    expect(r.alive).toEqual([1, 4]);
    expect(r.scores).toEqual({ 1: 4, 2: 0, 3: 0, 4: 0 });
  });

  it('the_mafia_wins_at_parity_after_a_day_vote (R-WIN-MAFIA)', () => {
    const r = replayOk(protocol('classic', ['mafia', 'don', 'civilian', 'civilian', 'civilian'], [
      { night: 1 },
      { day: 1, nominations: [[1, 3], [2, 4]], votes: { 3: [1, 2, 3] } },
    ]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [3], by: 'vote', tally: { 3: 3, 4: 2 } });
    expect(r.winner).toBe('mafia');
    expect(r.winners).toEqual([1, 2]);
    expect(r.scores).toEqual({ 1: 4, 2: 4, 3: 0, 4: 0, 5: 0 });
  });

  it('dead_mafia_members_win_with_their_team (R-TEAM)', () => {
    const r = replayOk(protocol('classic', ['mafia', 'don', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'], [
      { night: 1 },
      { day: 1, nominations: [[3, 1], [4, 5]], votes: { 1: [1, 2, 3, 4, 5] } }, // the mafia member leaves: 1 vs 5
      { night: 2, acts: [{ by: 2, act: 'kill', target: 3 }] },
      { day: 2, nominations: [[2, 4]] },
      { night: 3, acts: [{ by: 2, act: 'kill', target: 5 }] },
      { day: 3, nominations: [[2, 6]] },
    ]));
    expect(r.winner).toBe('mafia');
    expect(r.winners).toEqual([1, 2]);
    expect(r.scores).toMatchObject({ 1: 3, 2: 4 });
  });

  it('one_mafia_against_two_is_not_yet_parity (R-WIN-MAFIA)', () => {
    const r = replayOk(protocol('classic', ['don', 'civilian', 'civilian', 'civilian'], [
      { night: 1 },
      { day: 1, nominations: [[1, 2], [2, 3]], votes: { 2: [1, 2, 3, 4] } },
    ]));
    expect(r.winner).toBeNull();
  });
});

describe('win checks (R-WIN-0)', () => {
  it('no_step_may_follow_the_end_of_the_game (R-WIN-0)', () => {
    const e = replayErr(protocol('classic', ['don', 'civilian', 'civilian', 'civilian'], [
      { night: 1 },
      { day: 1, nominations: [[1, 2], [2, 3]], votes: { 2: [1, 2, 3, 4] } },
      { night: 2, acts: [{ by: 1, act: 'kill', target: 3 }] },
      { day: 2 },
    ]));
    expect(e.rule).toBe('R-WIN-0');
    expect(e.path).toBe('steps[3].day');
    expect(e.message).toMatch(/already over/);
  });

  it('no_command_is_accepted_after_the_end_of_the_game (R-WIN-0)', () => {
    let g = run(newGame('classic'), { type: 'endNight' });
    for (const seat of [2, 5, 8]) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    expect(g.state.phase).toEqual({ kind: 'ended' });
    const e = refused(g, { type: 'nominate', by: S(1), target: S(3) });
    expect(e.rule).toBe('R-WIN-0');
    expect(e.message).toMatch(/game is over/);
  });

  it('a_protocol_with_no_steps_has_no_winner (R-WIN-0)', () => {
    const r = replayOk(protocol('classic', TABLE10, []));
    expect(r).toEqual({
      format: 'mafia-result/1',
      winner: null,
      winners: [],
      bestMove: null,
      alive: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      timeline: [],
      roles: {},
      scores: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 0 },
    });
  });
});
