/**
 * Day rules: speeches (R-PHASE-2), last words (R-PHASE-3), nominations and the court
 * (R-VOTE-1..5), the phase cycle (R-PHASE). Ties are in ties.test.ts.
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { project, transition } from '@mafia/engine';
import {
  endSpeeches, newGame, night, protocol, quietDay, refused, replayErr, replayOk, run, S, shot, speaker, TABLE10, type Step,
} from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const classic = (steps: Step[]) => protocol('classic', TABLE10, steps);
/** Classic up to day 2, seat 4 shot on night 2. */
const toDay2 = (day2: Step, more: Step[] = []) => classic([{ night: 1 }, { day: 1 }, { night: 2, acts: shot(4) }, day2, ...more]);

describe('the phase cycle (R-PHASE)', () => {
  it('night_then_day_then_night_with_the_same_numbers (R-PHASE)', () => {
    let g = newGame('classic');
    expect(g.state.phase).toEqual({ kind: 'night', n: 1 });
    g = night(g);
    expect(g.state.phase).toEqual({ kind: 'day', n: 1 });
    g = quietDay(g);
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
    g = night(g, shot(4));
    expect(g.state.phase).toEqual({ kind: 'day', n: 2 });
    expect(g.state.day?.stage).toBe('lastWords');
  });

  it('a_protocol_step_out_of_order_is_refused (R-PHASE)', () => {
    const e = replayErr(classic([{ night: 1 }, { night: 2 }]));
    expect(e.path).toBe('steps[1].night');
    expect(e.message).toMatch(/expected day 1, got night 2/);
  });

  it('a_protocol_cannot_start_with_a_day (R-PHASE)', () => {
    const e = replayErr(classic([{ day: 1 }]));
    expect(e.path).toBe('steps[0].day');
    expect(e.message).toMatch(/expected night 1/);
  });

  it('a_protocol_cannot_skip_a_number (R-PHASE)', () => {
    const e = replayErr(classic([{ night: 1 }, { day: 1 }, { night: 3 }]));
    expect(e.path).toBe('steps[2].night');
    expect(e.message).toMatch(/night 2/);
  });
});

describe('speeches (R-PHASE-2)', () => {
  it('day_one_speeches_start_at_seat_one_in_seat_order (R-PHASE-2)', () => {
    const g = night(newGame('classic'));
    expect(speaker(g.state)).toBe(1);
    expect(g.state.day?.speakers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(project(g.state, { kind: 'seat', seat: S(7) }).day?.speaker).toBe(1);
  });

  it('the_next_day_starts_at_the_next_alive_seat_after_the_previous_first_speaker (R-PHASE-2)', () => {
    let g = quietDay(night(newGame('classic')));
    g = run(night(g, shot(2)), { type: 'endLastWords' }); // seat 2 is shot: day 2 starts at seat 3
    expect(speaker(g.state)).toBe(3);
    expect(g.state.day?.speakers).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 1]);
    g = night(quietDay(g), []);
    expect(speaker(g.state)).toBe(4);
  });

  it('only_the_speaker_may_end_his_speech (R-PHASE-2)', () => {
    const g = night(newGame('classic'));
    const e = refused(g, { type: 'endSpeech' }, { kind: 'seat', seat: S(5) });
    expect(e.rule).toBe('R-PHASE-2');
    expect(e.message).toMatch(/seat 1's speech/);
    const t = transition(g, { type: 'endSpeech' }, { kind: 'seat', seat: S(1) });
    expect(t.ok && speaker(t.game.state)).toBe(2);
  });
});

describe('last words (R-PHASE-3)', () => {
  it('a_player_shot_at_night_has_a_last_word_before_the_speeches (R-PHASE-3)', () => {
    const g = night(quietDay(night(newGame('classic'))), shot(4));
    expect(g.state.day).toMatchObject({ stage: 'lastWords', lastWords: [4] });
    const e = refused(g, { type: 'nominate', by: S(1), target: S(2) });
    expect(e.rule).toBe('R-VOTE-1');
    expect(speaker(run(g, { type: 'endLastWords' }).state)).toBe(2);
  });

  it('an_executed_player_has_a_last_word_then_night_falls (R-PHASE-3, R-VOTE-5)', () => {
    let g = night(newGame('classic'));
    g = run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) });
    g = endSpeeches(g);
    for (const v of [1, 3, 4, 6, 7, 9, 10]) g = run(g, { type: 'vote', by: S(v), target: S(8) });
    g = run(g, { type: 'closeVote' });
    expect(g.state.day).toMatchObject({ stage: 'lastWords', lastWords: [8], outcome: 'vote' });
    expect(g.state.alive[7]).toBe(false);
    g = run(g, { type: 'endLastWords' });
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
  });
});

describe('nominations (R-VOTE-1)', () => {
  it('nominating_an_already_nominated_player_is_refused (R-VOTE-1)', () => {
    const e = replayErr(classic([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 8]] }]));
    expect(e.rule).toBe('R-VOTE-1');
    expect(e.path).toBe('steps[1].nominations[1]');
    expect(e.message).toMatch(/seat 8 is already nominated/);
  });

  it('a_player_nominates_at_most_one_player (R-VOTE-1)', () => {
    const e = replayErr(classic([{ night: 1 }, { day: 1, nominations: [[1, 8], [1, 2]] }]));
    expect(e.rule).toBe('R-VOTE-1');
    expect(e.path).toBe('steps[1].nominations[1]');
    expect(e.message).toMatch(/seat 1 has already nominated/);
  });

  it('nominating_a_dead_player_is_refused (R-VOTE-1)', () => {
    const e = replayErr(toDay2({ day: 2, nominations: [[1, 4]] }));
    expect(e.rule).toBe('R-VOTE-1');
    expect(e.path).toBe('steps[3].nominations[0]');
    expect(e.message).toMatch(/seat 4/);
    expect(e.message).toMatch(/not in the game/);
  });

  it('a_dead_player_cannot_nominate (R-VOTE-1)', () => {
    const e = replayErr(toDay2({ day: 2, nominations: [[4, 2]] }));
    expect(e.rule).toBe('R-VOTE-1');
    expect(e.message).toMatch(/seat 4/);
  });

  it('a_player_cannot_nominate_himself (R-VOTE-1)', () => {
    const e = replayErr(classic([{ night: 1 }, { day: 1, nominations: [[1, 1]] }]));
    expect(e.rule).toBe('R-VOTE-1');
    expect(e.path).toBe('steps[1].nominations[0]');
    expect(e.message).toMatch(/himself/);
  });

  it('a_seat_nominates_only_during_his_own_speech (R-VOTE-1)', () => {
    const g = night(newGame('classic'));
    const e = refused(g, { type: 'nominate', by: S(3), target: S(8) }, { kind: 'seat', seat: S(3) });
    expect(e.rule).toBe('R-VOTE-1');
    expect(e.message).toMatch(/own speech/);
    const t = transition(g, { type: 'nominate', by: S(1), target: S(8) }, { kind: 'seat', seat: S(1) });
    expect(t.ok && t.game.state.day?.nominations).toEqual([[1, 8]]);
  });
});

describe('the court (R-VOTE-2, R-VOTE-3)', () => {
  it('the_day_runs_speeches_then_the_court_then_the_last_word (R-VOTE)', () => {
    let g = night(newGame('classic'));
    const stages: string[] = [g.state.day!.stage];
    g = run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) });
    g = endSpeeches(g);
    stages.push(g.state.day!.stage);
    g = run(g, { type: 'closeVote' }); // every vote to 2, the last nominee
    stages.push(g.state.day!.stage);
    g = run(g, { type: 'endLastWords' });
    expect(stages).toEqual(['speeches', 'vote', 'lastWords']);
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
    expect(g.state.alive[1]).toBe(false);
  });

  it('nominees_are_announced_in_nomination_order_with_who_nominated_them (R-VOTE-2)', () => {
    let g = night(newGame('classic'));
    g = run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) }, { type: 'nominate', by: S(4), target: S(6) });
    g = endSpeeches(g);
    const view = project(g.state, { kind: 'seat', seat: S(9) });
    expect(view.day?.stage).toBe('vote');
    expect(view.day?.candidates).toEqual([8, 2, 6]);
    expect(view.day?.nominations).toEqual([[1, 8], [3, 2], [4, 6]]);
  });

  it('votes_not_cast_go_to_the_last_nominee (R-VOTE-3)', () => {
    const r = replayOk(classic([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6] } }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [2], by: 'vote', tally: { 8: 4, 2: 6 } });
  });

  it('the_last_nominee_is_the_last_nominated_whatever_his_seat (R-VOTE-2, R-VOTE-3)', () => {
    // Same votes as above with the nomination order reversed: now seat 8 is last and collects the rest.
    const r = replayOk(classic([{ night: 1 }, { day: 1, nominations: [[1, 2], [3, 8]], votes: { 2: [1, 3, 4, 6] } }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 2: 4, 8: 6 } });
  });

  it('no_votes_recorded_means_every_vote_went_to_the_last_nominee (R-VOTE-3)', () => {
    const r = replayOk(classic([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2], [4, 6]] }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [6], by: 'vote', tally: { 8: 0, 2: 0, 6: 10 } });
  });

  it('closing_the_vote_counts_the_missing_votes_against_the_last_nominee (R-VOTE-3)', () => {
    let g = night(newGame('classic'));
    g = endSpeeches(run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) }));
    g = run(g, { type: 'vote', by: S(1), target: S(8) }, { type: 'closeVote' });
    expect(g.state.day).toMatchObject({ outcome: 'vote', tally: { 8: 1, 2: 9 }, left: [2] });
  });

  it('a_player_votes_only_once (R-VOTE-3)', () => {
    const e = replayErr(classic([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1], 2: [1] } }]));
    expect(e.rule).toBe('R-VOTE-3');
    expect(e.message).toMatch(/seat 1 has already voted/);
  });

  it('a_vote_against_a_player_who_is_not_nominated_is_refused (R-VOTE-3)', () => {
    const e = replayErr(classic([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], votes: { 5: [1] } }]));
    expect(e.rule).toBe('R-VOTE-3');
    expect(e.path).toBe('steps[1].votes.5[0]');
    expect(e.message).toMatch(/seat 5 is not a candidate/);
  });

  it('a_dead_player_cannot_vote (R-VOTE-3)', () => {
    const e = replayErr(toDay2({ day: 2, nominations: [[1, 8], [3, 2]], votes: { 8: [4] } }));
    expect(e.rule).toBe('R-VOTE-3');
    expect(e.message).toMatch(/seat 4/);
  });

  it('a_seat_cannot_vote_for_another_seat (R-VOTE-3, R-HOST-1)', () => {
    let g = night(newGame('classic'));
    g = endSpeeches(run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) }));
    const e = refused(g, { type: 'vote', by: S(4), target: S(8) }, { kind: 'seat', seat: S(6) });
    expect(e.rule).toBe('R-HOST-1');
    expect(e.message).toMatch(/seat 6 cannot act for seat 4/);
  });
});

describe('single and zero nominees (R-VOTE-4)', () => {
  it('a_single_nominee_on_day_one_is_not_voted_and_stays (R-VOTE-4)', () => {
    const r = replayOk(classic([{ night: 1 }, { day: 1, nominations: [[1, 8]] }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: null });
    expect(r.alive).toContain(8);
  });

  it('votes_recorded_for_a_single_day_one_nominee_are_an_error (R-VOTE-4)', () => {
    const e = replayErr(classic([{ night: 1 }, { day: 1, nominations: [[1, 8]], votes: { 8: [1, 2] } }]));
    expect(e.rule).toBe('R-VOTE-4');
    expect(e.path).toBe('steps[1].votes');
    expect(e.message).toMatch(/no vote was held/);
  });

  it('a_single_nominee_from_day_two_leaves_without_a_vote (R-VOTE-4)', () => {
    const r = replayOk(toDay2({ day: 2, nominations: [[1, 8]] }));
    expect(r.timeline[3]).toEqual({ day: 2, left: [8], by: 'single', tally: null });
    expect(r.alive).not.toContain(8);
  });

  it('no_nominees_nobody_leaves (R-VOTE-4)', () => {
    const r = replayOk(toDay2({ day: 2 }));
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'none', tally: null });
    expect(r.alive).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
  });
});

describe('execution (R-VOTE-5)', () => {
  it('the_nominee_with_strictly_most_votes_leaves (R-VOTE-5)', () => {
    const r = replayOk(classic([
      { night: 1 },
      { day: 1, nominations: [[1, 8], [3, 2], [4, 6]], votes: { 8: [1, 3, 4, 6], 2: [5, 7, 9] } },
    ]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 4, 2: 3, 6: 3 } });
    expect(r.alive).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10]);
  });

  it('a_dead_night_victim_is_not_a_candidate (R-VOTE-5)', () => {
    const r = replayOk(toDay2({ day: 2, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 5, 6, 7] } }));
    expect(r.timeline[3]).toEqual({ day: 2, left: [8], by: 'vote', tally: { 8: 5, 2: 4 } });
  });
});

describe('defence speeches (R-VOTE-2, R-VOTE-6)', () => {
  /** Day 1 up to the end of the speeches, with seats 8 and 2 nominated in that order. */
  const toDefence = () => {
    let g = night(newGame('classic'));
    g = run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) });
    while (g.state.day?.stage === 'speeches') g = run(g, { type: 'endSpeech' });
    return g;
  };

  it('each_nominee_defends_in_nomination_order_before_the_vote (R-VOTE-2)', () => {
    let g = toDefence();
    expect(g.state.day?.stage).toBe('defence');
    expect(project(g.state, { kind: 'spectator' }).day?.speaker).toBe(8);
    expect(refused(g, { type: 'vote', by: S(1), target: S(8) }).rule).toBe('R-VOTE-3');
    g = run(g, { type: 'endSpeech' });
    expect(project(g.state, { kind: 'spectator' }).day?.speaker).toBe(2);
    g = run(g, { type: 'endSpeech' });
    expect(g.state.day?.stage).toBe('vote');
    expect(g.state.day?.candidates).toEqual([8, 2]);
  });

  it('only_the_defending_nominee_may_end_his_defence (R-VOTE-2)', () => {
    const g = toDefence();
    expect(refused(g, { type: 'endSpeech' }, { kind: 'seat', seat: S(2) }).code).toBe('not-your-turn');
    const t = transition(g, { type: 'endSpeech' }, { kind: 'seat', seat: S(8) });
    expect(t.ok).toBe(true);
  });

  it('the_tied_nominees_speak_again_before_the_revote (R-VOTE-6)', () => {
    let g = endSpeeches(toDefence());
    for (const v of [1, 3, 4, 6, 7]) g = run(g, { type: 'vote', by: S(v), target: S(8) });
    g = run(g, { type: 'closeVote' });
    expect(g.state.day?.stage).toBe('defence');
    expect(g.state.day?.round).toBe(1);
    expect(g.state.day?.speakers).toEqual([8, 2]);
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' });
    expect(g.state.day?.stage).toBe('vote');
    expect(g.state.day?.round).toBe(1);
  });
});
