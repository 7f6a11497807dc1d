/**
 * The fiim day (R-FIIM-4..10): the best move of the night-2 victim, the whole-table tie, the lift
 * vote's exceptions, the day-1 voting options, the re-vote order, the speech rotation, nominations.
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '@mafia/engine';
import { newGame, night, replayErr, replayOk, run, TABLE10, type Step } from './helpers.js';
import { fiim, fiimShot, OPENING } from './fiim-helpers.js';

describe('best move (R-FIIM-4)', () => {
  it('the_night_two_victim_makes_the_best_move_scored_by_tournament_points (R-FIIM-4, R-FIIM-16)', () => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(3) }, { day: 2, bestMove: [3, [2, 5, 8]] }]));
    expect(r.bestMove).toEqual({ by: 3, named: [2, 5, 8], mafiaNamed: 3 });
    expect(r.tournamentScores!['3']).toBe(0.4);
    const two = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(3) }, { day: 2, bestMove: [3, [2, 5, 9]] }]));
    expect(two.tournamentScores!['3']).toBe(0.25);
  });

  it('a_miss_on_night_two_means_nobody_makes_a_best_move (R-FIIM-4)', () => {
    const e = replayErr(fiim([...OPENING, { night: 2, acts: fiimShot(3, [2, 5]) }, { day: 2 }, { night: 3, acts: fiimShot(3) }, { day: 3, bestMove: [3, [2, 5, 8]] }]));
    expect(e).toMatchObject({ code: 'no-best-move', rule: 'R-FIIM-4', path: 'steps[5].bestMove' });
  });

  it('no_best_move_after_two_left_by_the_day_one_vote (R-FIIM-4)', () => {
    const day1: Step = { day: 1, nominations: [[1, 9], [3, 10]], votes: { 9: [1, 2, 3, 4, 5], 10: [6, 7, 8, 9, 10] }, revote: { 9: [1, 2, 3, 4, 5] }, liftAll: [1, 2, 3, 4, 5, 6] };
    const e = replayErr(fiim([{ night: 1 }, day1, { night: 2, acts: fiimShot(3) }, { day: 2, bestMove: [3, [2, 5, 8]] }]));
    expect(e).toMatchObject({ code: 'no-best-move', rule: 'R-SPORT-3' });
  });

  it('a_mafia_victims_best_move_scores_nothing (R-FIIM-16)', () => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(8) }, { day: 2, bestMove: [8, [2, 5, 1]] }]));
    expect(r.tournamentScores!['8']).toBe(0);
  });

  it('with_legacy_no_he_may_name_three_and_nothing_is_recorded (R-FIIM-4)', () => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(3) }, { day: 2, bestMove: [3, [2, 5, 8]] }], { legacy: 'no' }));
    expect(r.bestMove).toBeNull();
    expect(r.tournamentScores!['3']).toBe(0);
  });
});

describe('the whole table tied (R-FIIM-5)', () => {
  // Day 2 with 9 alive after night 2 kills 6: every alive player nominated, each votes for the next.
  const everyone = [1, 2, 3, 4, 5, 7, 8, 9, 10];
  const nominations = everyone.map((by, k) => [by, everyone[(k + 1) % everyone.length]]);
  const oneEach = Object.fromEntries(everyone.map((target, k) => [target, [everyone[(k + 8) % 9]]]));
  const tiedDay = (extra: Step): Step[] => [...OPENING, { night: 2, acts: fiimShot(6) }, { day: 2, nominations, votes: oneEach, ...extra }];

  it('a_whole_table_tie_is_a_tie_like_any_other_with_a_revote (R-FIIM-5)', () => {
    const e = replayErr(fiim(tiedDay({})));
    expect(e).toMatchObject({ code: 'missing-revote', path: 'steps[3].revote' });
  });

  it('tied_again_with_kill_all_no_night_falls_and_nobody_leaves (R-FIIM-5)', () => {
    const r = replayOk(fiim(tiedDay({ revote: oneEach })));
    expect(r.timeline[3]).toMatchObject({ day: 2, left: [], by: 'none' });
    expect(r.winner).toBeNull();
  });

  it('tied_again_with_kill_all_draw_the_lift_vote_decides_a_draw (R-FIIM-5)', () => {
    const r = replayOk(fiim(tiedDay({ revote: oneEach, liftAll: [1, 2, 3, 4, 5] }), { killAll: 'draw' }));
    expect(r.timeline[3]).toMatchObject({ day: 2, left: [], by: 'lift' });
    expect(r.winner).toBe('draw');
    expect(r.alive).toEqual(everyone);
    const failed = replayOk(fiim(tiedDay({ revote: oneEach, liftAll: [1, 2, 3, 4] }), { killAll: 'draw' }));
    expect(failed.timeline[3]).toMatchObject({ left: [], by: 'none' });
    expect(failed.winner).toBeNull();
  });
});

describe('the lift vote (R-FIIM-6)', () => {
  // Day 2, 9 alive: 1, 3, 7 nominated; 3 votes each, twice.
  const three: Step = { day: 2, nominations: [[1, 1], [2, 3], [4, 7]], votes: { 1: [1, 2, 3], 3: [4, 5, 7] }, revote: { 1: [1, 2, 3], 3: [4, 5, 7] } };
  const nine = (options: Record<string, unknown>, extra: Step = {}) => fiim([...OPENING, { night: 2, acts: fiimShot(6) }, { ...three, ...extra }], options);

  it('split_on_nine_no_by_default_holds_no_lift_vote (R-FIIM-6)', () => {
    expect(replayOk(nine({})).timeline[3]).toMatchObject({ day: 2, left: [], by: 'none' });
    expect(replayErr(nine({}, { liftAll: [1, 2, 3, 4, 5] }))).toMatchObject({ code: 'not-reached', path: 'steps[3].liftAll' });
  });

  it('split_on_nine_yes_holds_it (R-FIIM-6)', () => {
    const r = replayOk(nine({ splitOnNine: 'yes' }, { liftAll: [1, 2, 3, 4, 5] }));
    expect(r.timeline[3]).toMatchObject({ day: 2, left: [1, 3, 7], by: 'lift' });
  });

  it('split_on_nine_after1_holds_none_on_day_two_only (R-FIIM-6)', () => {
    expect(replayOk(nine({ splitOnNine: 'after1' })).timeline[3]).toMatchObject({ by: 'none' });
    // Day 3 with 9 alive (night 2 and 3: one kill, then a miss).
    const day3: Step = { ...three, day: 3, liftAll: [1, 2, 3, 4, 5] };
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6) }, { day: 2 }, { night: 3 }, day3], { splitOnNine: 'after1' }));
    expect(r.timeline[5]).toMatchObject({ day: 3, left: [1, 3, 7], by: 'lift' });
  });

  it('split_on_four_prohibited_holds_no_lift_vote_with_four_alive_and_two_tied (R-FIIM-6)', () => {
    // The Don, a mafioso and two civilians are voted out, three civilians shot: 2 (mafia), 3, 4, 10 alive on day 5.
    const steps = (day5: Step): Step[] => [
      { night: 1 }, { day: 1 },
      { night: 2, acts: fiimShot(6) }, { day: 2, nominations: [[1, 5]] },
      { night: 3, acts: fiimShot(7, [2, 8]) }, { day: 3, nominations: [[1, 8]] },
      { night: 4, acts: fiimShot(9, [2]) }, { day: 4, nominations: [[3, 1]] },
      { night: 5 },
      { day: 5, nominations: [[3, 2], [4, 10]], votes: { 2: [3, 4], 10: [2, 10] }, revote: { 2: [3, 4], 10: [2, 10] }, ...day5 },
    ];
    const held = replayOk(fiim(steps({ liftAll: [3, 4, 10] })));
    expect(held.timeline[9]).toMatchObject({ day: 5, left: [2, 10], by: 'lift' });
    expect(held.winner).toBe('town');
    const prohibited = replayOk(fiim(steps({}), { splitOnFour: 'prohibited' }));
    expect(prohibited.timeline[9]).toMatchObject({ day: 5, left: [], by: 'none' });
    expect(prohibited.alive).toEqual([2, 3, 4, 10]);
  });
});

describe('the day-1 vote (R-FIIM-7)', () => {
  // Day 1 (FIIM day 0): 9 and 10 nominated; 9 gets 6 votes, or a 5–5 tie.
  const win9: Step = { day: 1, nominations: [[1, 9], [3, 10]], votes: { 9: [1, 2, 3, 4, 5, 6] } };
  const tie: Step = { day: 1, nominations: [[1, 9], [3, 10]], votes: { 9: [1, 2, 3, 4, 5] } };
  const day1 = (step: Step, options: Record<string, unknown> = {}) => replayOk(fiim([{ night: 1 }, step], options)).timeline[1];

  it('a_single_nominee_is_never_voted_on_day_one_whatever_the_option (R-FIIM-7, R-VOTE-4)', () => {
    for (const firstVoting of ['standard', 'to-talk', 'no-break', 'self-break']) {
      expect(day1({ day: 1, nominations: [[1, 9]] }, { firstVoting })).toEqual({ day: 1, left: [], by: 'none', tally: null });
    }
  });

  it('standard_day_one_is_voted_as_any_day (R-FIIM-7)', () => {
    expect(day1(win9)).toEqual({ day: 1, left: [9], by: 'vote', tally: { 9: 6, 10: 4 } });
  });

  it('to_talk_nobody_leaves_by_the_day_one_vote (R-FIIM-7)', () => {
    expect(day1(win9, { firstVoting: 'to-talk' })).toEqual({ day: 1, left: [], by: 'none', tally: { 9: 6, 10: 4 } });
    // The tied after the re-vote stay too: no lift vote.
    expect(day1({ ...tie, revote: { 9: [1, 2, 3, 4, 5] } }, { firstVoting: 'to-talk' })).toMatchObject({ left: [], by: 'none' });
    expect(replayErr(fiim([{ night: 1 }, { ...tie, revote: { 9: [1, 2, 3, 4, 5] }, liftAll: [1] }], { firstVoting: 'to-talk' }))).toMatchObject({ code: 'not-reached' });
    // One re-vote only: a 3-way tie (9, 10, 1) re-voted into a 2-way tie (9, 1) is not re-voted again.
    const three: Step = { day: 1, nominations: [[1, 9], [3, 10], [5, 1], [6, 2]], votes: { 9: [1, 2, 3], 10: [4, 5, 6], 1: [7, 8, 9] }, revote: { 9: [1, 2, 3, 4, 5] } };
    expect(day1(three, { firstVoting: 'to-talk' })).toEqual({ day: 1, left: [], by: 'none', tally: { 9: 5, 10: 0, 1: 5 } });
    expect(replayErr(fiim([{ night: 1 }, three]))).toMatchObject({ code: 'missing-revote', rule: 'R-SPORT-5' });
  });

  it('no_break_a_single_winner_stays_but_the_tied_go_to_the_lift_vote (R-FIIM-7)', () => {
    expect(day1(win9, { firstVoting: 'no-break' })).toMatchObject({ left: [], by: 'none' });
    expect(day1({ ...tie, revote: { 9: [1, 2, 3, 4, 5, 6] } }, { firstVoting: 'no-break' })).toMatchObject({ left: [], by: 'none' });
    expect(day1({ ...tie, revote: { 9: [1, 2, 3, 4, 5] }, liftAll: [1, 2, 3, 4, 5, 6] }, { firstVoting: 'no-break' })).toMatchObject({ left: [9, 10], by: 'lift' });
  });

  it('self_break_a_single_winner_leaves_only_if_he_voted_for_himself (R-FIIM-7)', () => {
    expect(day1(win9, { firstVoting: 'self-break' })).toMatchObject({ left: [], by: 'none' });
    const self: Step = { day: 1, nominations: [[1, 9], [3, 10]], votes: { 9: [1, 2, 3, 4, 9, 6] } };
    expect(day1(self, { firstVoting: 'self-break' })).toMatchObject({ left: [9], by: 'vote' });
    // The last nominee's vote not cast counts against himself (R-VOTE-3): he voted for himself.
    const last: Step = { day: 1, nominations: [[1, 9], [3, 10]], votes: { 9: [1, 2, 3, 4], 10: [5, 6, 7, 8, 9] } };
    expect(day1(last, { firstVoting: 'self-break' })).toMatchObject({ left: [10], by: 'vote' });
  });
});

describe('the re-vote order (R-FIIM-8)', () => {
  // 9, 10, 1 nominated in that order; 9 and 10 tie 4–4 (1 gets 2); in the re-vote 2 voters are silent.
  const step = (revote: Step): Step => ({ day: 1, nominations: [[1, 9], [3, 10], [5, 1]], votes: { 9: [1, 2, 3, 4], 10: [5, 6, 7, 8], 1: [9, 10] }, revote });

  it('same_order_the_votes_not_cast_go_to_the_last_tied_nominee (R-FIIM-8)', () => {
    const r = replayOk(fiim([{ night: 1 }, step({ 9: [1, 2, 3, 4], 10: [5, 6, 7, 8] })]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [10], by: 'vote', tally: { 9: 4, 10: 6 } });
  });

  it('reverse_order_the_votes_not_cast_go_to_the_other_one (R-FIIM-8)', () => {
    const r = replayOk(fiim([{ night: 1 }, step({ 9: [1, 2, 3, 4], 10: [5, 6, 7, 8] })], { splitOrder: 'reverse' }));
    expect(r.timeline[1]).toEqual({ day: 1, left: [9], by: 'vote', tally: { 10: 4, 9: 6 } });
  });

  it('each_repeated_revote_reverses_the_round_before_it (R-FIIM-8, R-SPORT-5)', () => {
    // Day 2, 9 alive: a 3-way tie (9, 10, 1) → re-vote reversed (1, 10, 9) ties 10 and 9 → re-vote again,
    // reversed once more (9, 10): the votes not cast go to 10.
    const three: Step = {
      day: 2, nominations: [[1, 9], [3, 10], [5, 1]], votes: { 9: [1, 2, 3], 10: [4, 5, 7] },
      revote: [{ 1: [1], 10: [2, 3, 4, 5], 9: [7, 8, 9, 10] }, { 9: [1, 2, 3, 4] }],
    };
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6) }, three], { splitOrder: 'reverse' }));
    expect(r.timeline[3]).toEqual({ day: 2, left: [10], by: 'vote', tally: { 9: 4, 10: 5 } });
    // Had the second re-vote kept the first one's order (10, 9), its silent voters would have gone to 9.
  });
});

describe('speech rotation (R-FIIM-9)', () => {
  const speakersOfDay2 = (options: Record<string, unknown>, kill: number) => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(kill) }], options));
    expect(r.alive).not.toContain(kill);
    let g = newGame('fiim', TABLE10, options);
    g = night(g);
    while (g.state.phase.kind === 'day') g = runEnd(g);
    g = night(g, fiimShot(kill));
    return g.state.day!.speakers;
  };

  it('rotation_first_opens_with_the_seat_after_the_previous_first_speaker (R-FIIM-9, R-PHASE-2)', () => {
    expect(speakersOfDay2({}, 1)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(speakersOfDay2({}, 2)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 1]);
  });

  it('rotation_last_closes_with_the_next_alive_seat_after_the_previous_last_speaker (R-FIIM-9)', () => {
    // Day 1: 1..10. Seat 1 shot: the next alive after 10 is 2, who closes; 3 opens (FIIM 6.3.2).
    expect(speakersOfDay2({ rotation: 'last' }, 1)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 2]);
    expect(speakersOfDay2({ rotation: 'last' }, 4)).toEqual([2, 3, 5, 6, 7, 8, 9, 10, 1]);
  });
});

describe('nominations (R-FIIM-10)', () => {
  it('a_player_may_nominate_himself (R-FIIM-10)', () => {
    const r = replayOk(fiim([{ night: 1 }, { day: 1, nominations: [[4, 4], [5, 6]], votes: { 4: [1, 2, 3, 4, 5, 7] } }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [4], by: 'vote', tally: { 4: 6, 6: 4 } });
  });

  it('one_nomination_per_speech_and_no_nominee_twice (R-FIIM-10, R-VOTE-1)', () => {
    expect(replayErr(fiim([{ night: 1 }, { day: 1, nominations: [[4, 4], [4, 6]] }]))).toMatchObject({ code: 'already-nominated' });
    expect(replayErr(fiim([{ night: 1 }, { day: 1, nominations: [[4, 6], [5, 6]] }]))).toMatchObject({ code: 'already-nominee' });
  });
});

/** One host step of a quiet day (its speeches, its evening). */
function runEnd(g: Game): Game {
  const stage = g.state.day?.stage;
  return run(g, stage === 'lastWords' ? { type: 'endLastWords' } : { type: 'endSpeech' });
}
