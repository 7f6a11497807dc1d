/**
 * Fouls and removals (RULES.md §4 R-FOUL, R-FOUL-1) in classic, where the 4th foul does not remove
 * (the sport removal at the 4th foul, R-SPORT-1, is in sport.test.ts).
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { project } from '@mafia/engine';
import {
  newGame, night, protocol, quietDay, refused, replayErr, replayOk, run, S, shot, speaker, TABLE10, times,
} from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const foul = (seat: number, n = 1) => new Array(n).fill({ type: 'foul', seat: S(seat) });

describe('warnings (R-FOUL, R-FOUL-1)', () => {
  it('the_third_foul_costs_the_players_next_speech (R-FOUL-1)', () => {
    let g = night(newGame('classic'));
    g = run(g, ...foul(5, 3)); // during seat 1's speech; seat 5 has not spoken yet
    for (let i = 0; i < 4; i++) g = run(g, { type: 'endSpeech' });
    expect(speaker(g.state)).toBe(6);
    expect(g.state.day?.silenced).toEqual([5]);
  });

  it('a_player_who_lost_his_speech_cannot_nominate (R-FOUL-1)', () => {
    let g = night(newGame('classic'));
    g = run(g, ...foul(5, 3));
    const e = refused(g, { type: 'nominate', by: S(5), target: S(1) });
    expect(e.rule).toBe('R-FOUL-1');
    expect(e.message).toMatch(/seat 5 has lost this speech/);
  });

  it('a_third_foul_after_his_speech_costs_the_next_days_speech (R-FOUL-1)', () => {
    let g = night(newGame('classic'));
    for (let i = 0; i < 3; i++) g = run(g, { type: 'endSpeech' }); // seats 1-3 have spoken
    g = run(g, ...foul(2, 3));
    g = night(quietDay(g));
    // Day 2 would start at seat 2; he lost that speech, so seat 3 speaks first.
    expect(speaker(g.state)).toBe(3);
    expect(refused(g, { type: 'nominate', by: S(2), target: S(1) }).rule).toBe('R-FOUL-1');
  });

  it('only_one_speech_is_lost (R-FOUL-1)', () => {
    let g = night(newGame('classic'));
    g = run(g, ...foul(5, 3));
    g = night(quietDay(g)); // day 1: seat 5 skipped
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' }); // day 2: seats 2, 3, 4
    expect(speaker(g.state)).toBe(5);
    expect(run(g, { type: 'nominate', by: S(5), target: S(1) }).state.day?.nominations).toEqual([[5, 1]]);
  });

  it('a_third_foul_recorded_in_a_protocol_costs_the_next_days_speech (R-FOUL-1)', () => {
    // The day's fouls come after its nominations: seat 4 still nominated on day 1, but not on day 2.
    const day1 = { day: 1, nominations: [[4, 1], [1, 2]], fouls: times(4, 3) };
    expect(replayOk(protocol('classic', TABLE10, [{ night: 1 }, day1])).timeline[1]).toMatchObject({ day: 1, by: 'vote' });
    const e = replayErr(protocol('classic', TABLE10, [{ night: 1 }, day1, { night: 2 }, { day: 2, nominations: [[4, 1]] }]));
    expect(e.rule).toBe('R-FOUL-1');
    expect(e.path).toBe('steps[3].nominations[0]');
    expect(e.message).toMatch(/seat 4 has lost this speech/);
    // Day 3: the lost speech is behind him.
    const r = replayOk(protocol('classic', TABLE10, [{ night: 1 }, day1, { night: 2 }, { day: 2 }, { night: 3 }, { day: 3, nominations: [[4, 1]] }]));
    expect(r.timeline[5]).toEqual({ day: 3, left: [1], by: 'single', tally: null });
  });

  it('fouls_are_counted_by_the_app_and_public (R-FOUL, R-FOUL-1)', () => {
    const g = run(night(newGame('classic')), ...foul(5, 2));
    expect(project(g.state, { kind: 'spectator' }).seats[4].fouls).toBe(2);
    expect(project(g.state, { kind: 'seat', seat: S(1) }).seats[4].fouls).toBe(2);
  });

  it('the_fourth_foul_does_not_remove_in_classic (R-FOUL-1)', () => {
    const g = run(night(newGame('classic')), ...foul(5, 5));
    expect(g.state.alive[4]).toBe(true);
    expect(g.state.fouls[4]).toBe(5);
    expect(g.log.some((e) => e.type === 'PlayerRemoved')).toBe(false);
  });

  it('fouls_in_a_protocol_do_not_remove_in_classic (R-FOUL-1)', () => {
    const r = replayOk(protocol('classic', TABLE10, [{ night: 1 }, { day: 1, fouls: times(4, 4), nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 9, 10] } }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 7, 2: 3 } });
    expect(r.scores['4']).toBe(0);
  });

  it('only_the_host_gives_fouls (R-FOUL-1, R-HOST-1)', () => {
    const g = night(newGame('classic'));
    const e = refused(g, { type: 'foul', seat: S(5) }, { kind: 'seat', seat: S(1) });
    expect(e.rule).toBe('R-HOST-1');
    expect(e.message).toMatch(/only the host/);
  });

  it('a_player_out_of_the_game_cannot_be_fouled (R-FOUL-1)', () => {
    const e = replayErr(protocol('classic', TABLE10, [{ night: 1 }, { day: 1 }, { night: 2, acts: shot(4) }, { day: 2, fouls: [4] }]));
    expect(e.rule).toBe('R-FOUL-1');
    expect(e.path).toBe('steps[3].fouls[0]');
    expect(e.message).toMatch(/seat 4/);
  });
});

describe('removal from the table (R-FOUL-1)', () => {
  it('a_removed_player_leaves_at_once_and_the_classic_vote_goes_on (R-FOUL-1)', () => {
    const r = replayOk(protocol('classic', TABLE10, [
      { night: 1 },
      { day: 1, removed: [9], nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 10] } },
    ]));
    // Nine voters: 8 gets six, the other three go to 2, the last nominee.
    expect(r.timeline[1]).toEqual({ day: 1, left: [8, 9], by: 'vote', tally: { 8: 6, 2: 3 } });
    expect(r.alive).toEqual([1, 2, 3, 4, 5, 6, 7, 10]);
    expect(r.scores['9']).toBe(-2);
  });

  it('a_removed_nominee_is_no_longer_a_candidate (R-FOUL-1)', () => {
    const r = replayOk(protocol('classic', TABLE10, [
      { night: 1 },
      { day: 1, removed: [2], nominations: [[1, 8], [3, 2], [4, 6]], votes: { 8: [1, 3, 4, 5, 6] } },
    ]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [2, 8], by: 'vote', tally: { 8: 5, 6: 4 } });
  });

  it('a_removal_at_night_takes_the_players_act_back (R-FOUL-1, R-NIGHT-2)', () => {
    // Mafia 8 is removed by the host after shooting: the two remaining members agree, so the shot kills.
    let g = quietDay(night(newGame('classic')));
    g = run(g, ...shot(4).map((a) => ({ type: 'act' as const, by: S(a.by), act: 'kill' as const, target: S(a.target) })), { type: 'remove', seat: S(8) }, { type: 'endNight' });
    expect(g.log.filter((e) => e.type === 'NightResolved').at(-1)).toMatchObject({ n: 2, died: [4] });
    expect(g.state.alive[7]).toBe(false);
  });

  it('only_the_host_removes (R-FOUL-1, R-HOST-1)', () => {
    const e = refused(night(newGame('classic')), { type: 'remove', seat: S(5) }, { kind: 'seat', seat: S(5) });
    expect(e.rule).toBe('R-HOST-1');
  });
});
