/**
 * The sport preset (RULES.md §4 R-SPORT and the sport choices of R-PHASE-1, R-PHASE-3, R-VOTE-5):
 * checks on night 1, removal at the 4th foul, win checks after removals, best move, draw,
 * repeated re-votes and the lift-vote thresholds.
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { PRESETS } from '@mafia/engine';
import {
  check, endSpeeches, newGame, night, protocol, replayErr, replayOk, run, S, shot, TABLE10, times, TOWN10, type Step,
} from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const sport = (steps: Step[], options?: Record<string, unknown>) =>
  protocol('sport', TABLE10, steps, options ? { options } : {});

describe('sport defaults (R-SPORT)', () => {
  it('sport_turns_on_the_tournament_additions_by_default (R-SPORT)', () => {
    expect(PRESETS.sport!.defaults).toMatchObject({
      firstNight: 'checks', revealOnDeath: false, foulsToSilence: 3, foulsToRemove: 4, removalCancelsVote: true,
      bestMove: true, drawAfterQuietRounds: 3, wholeTableTieNobodyLeaves: true, repeatShrinkingRevote: true,
      liftVoteFourAliveTwoTied: true, liftVoteNineAliveThreeTied: true, nightVictimLastWord: true,
    });
  });
});

describe('night 1 in sport (R-PHASE-1)', () => {
  it('commissar_and_don_check_on_night_one (R-PHASE-1)', () => {
    const r = replayOk(sport([{ night: 1, acts: [check(5, 3), check(3, 2)] }]));
    expect(r.timeline[0]).toEqual({
      night: 1, died: [],
      results: [{ by: 5, act: 'check', target: 3, answer: 'yes' }, { by: 3, act: 'check', target: 2, answer: 'yes' }],
    });
  });

  it('nobody_is_shot_on_night_one_in_sport (R-PHASE-1)', () => {
    const e = replayErr(sport([{ night: 1, acts: shot(4) }]));
    expect(e.rule).toBe('R-PHASE-1');
    expect(e.path).toBe('steps[0].acts[0]');
    expect(e.message).toMatch(/nobody dies on night 1/);
  });

  it('a_night_victim_has_a_last_word_in_sport (R-PHASE-3)', () => {
    let g = night(newGame('sport'));
    g = endSpeeches(g);
    g = night(g, shot(6));
    expect(g.state.day).toMatchObject({ n: 2, stage: 'lastWords', lastWords: [6] });
  });
});

describe('removal at the 4th foul (R-SPORT-1)', () => {
  it('the_fourth_foul_removes_the_player_and_cancels_the_days_vote (R-SPORT-1)', () => {
    const r = replayOk(sport([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], fouls: times(4, 4) }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [4], by: 'removed', tally: null });
    expect(r.alive).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    expect(r.scores['4']).toBe(-2);
    expect(r.winner).toBeNull();
  });

  it('three_fouls_do_not_remove (R-SPORT-1, R-FOUL-1)', () => {
    const r = replayOk(sport([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], fouls: times(4, 3), votes: { 8: [1, 3, 4, 6, 7, 9, 10] } }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 7, 2: 3 } });
  });

  it('votes_recorded_on_a_day_whose_vote_was_cancelled_are_an_error (R-SPORT-1)', () => {
    const e = replayErr(sport([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], fouls: times(4, 4), votes: { 8: [1] } }]));
    expect(e.rule).toBe('R-SPORT-1');
    expect(e.path).toBe('steps[1].votes');
    expect(e.message).toMatch(/no vote was held/);
  });

  it('a_host_removal_cancels_the_days_vote_as_well (R-SPORT-1)', () => {
    const r = replayOk(sport([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], removed: [9] }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [9], by: 'removed', tally: null });
    expect(r.scores['9']).toBe(-2);
  });

  it('a_removed_player_gets_no_last_word (R-SPORT-1)', () => {
    let g = night(newGame('sport'));
    for (let i = 0; i < 4; i++) g = run(g, { type: 'foul', seat: S(4) });
    expect(g.state.alive[3]).toBe(false);
    expect(g.state.removed).toEqual([4]);
    expect(g.state.day).toMatchObject({ stage: 'speeches', lastWords: [], voteCancelled: true });
  });

  it('a_removal_after_the_vote_cancels_the_next_days_vote (R-SPORT-1)', () => {
    let g = night(newGame('sport'));
    g = endSpeeches(run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) }));
    for (const v of [1, 3, 4, 6, 7, 9, 10]) g = run(g, { type: 'vote', by: S(v), target: S(8) });
    g = run(g, { type: 'closeVote' });
    expect(g.state.day).toMatchObject({ stage: 'lastWords', outcome: 'vote', left: [8] });
    for (let i = 0; i < 4; i++) g = run(g, { type: 'foul', seat: S(4) }); // removed during 8's last word
    g = night(run(g, { type: 'endLastWords' }));
    expect(g.state.day).toMatchObject({ n: 2, voteCancelled: true });
    g = endSpeeches(run(g, { type: 'nominate', by: S(2), target: S(5) }, { type: 'nominate', by: S(3), target: S(2) }));
    const resolved = g.log.filter((e) => e.type === 'DayResolved');
    expect(resolved.at(-1)).toMatchObject({ n: 2, left: [], eliminated: [], by: 'removed', tally: null });
    expect(g.state.phase).toEqual({ kind: 'night', n: 3 });
  });
});

describe('win checks after a removal (R-SPORT-2)', () => {
  it('removing_the_last_mafia_member_wins_for_the_town_at_once (R-SPORT-2)', () => {
    const r = replayOk(sport([
      { night: 1 },
      { day: 1, fouls: [...times(2, 4), ...times(8, 4)] },
      { night: 2 },
      { day: 2, fouls: times(5, 4) },
    ]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [2, 8], by: 'removed', tally: null });
    expect(r.timeline[3]).toEqual({ day: 2, left: [5], by: 'removed', tally: null });
    expect(r.winner).toBe('town');
    expect(r.winners).toEqual(TOWN10);
    expect(r.scores).toEqual({ 1: 3, 2: -2, 3: 3, 4: 3, 5: -2, 6: 3, 7: 3, 8: -2, 9: 3, 10: 3 });
  });

  it('removals_that_bring_parity_win_for_the_mafia_at_once (R-SPORT-2, R-WIN-MAFIA)', () => {
    const r = replayOk(sport([
      { night: 1 },
      { day: 1, fouls: [...times(1, 4), ...times(4, 4), ...times(6, 4), ...times(7, 4)] },
    ]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [1, 4, 6, 7], by: 'removed', tally: null });
    expect(r.winner).toBe('mafia');
    expect(r.winners).toEqual([2, 5, 8]);
    expect(r.alive).toEqual([2, 3, 5, 8, 9, 10]);
    expect(r.scores).toEqual({ 1: -2, 2: 4, 3: 0, 4: -2, 5: 4, 6: -2, 7: -2, 8: 4, 9: 0, 10: 0 });
  });

  it('no_step_may_follow_a_game_ended_by_a_removal (R-SPORT-2, R-WIN-0)', () => {
    const e = replayErr(sport([
      { night: 1 },
      { day: 1, fouls: [...times(1, 4), ...times(4, 4), ...times(6, 4), ...times(7, 4)] },
      { night: 2 },
    ]));
    expect(e.rule).toBe('R-WIN-0');
    expect(e.path).toBe('steps[2].night');
  });
});

describe('best move (R-SPORT-3)', () => {
  const toDay2 = (day2: Step, day1: Step = { day: 1 }) => sport([{ night: 1 }, day1, { night: 2, acts: shot(4) }, day2]);

  it('the_first_night_victim_names_three_players_and_the_mafia_among_them_are_counted (R-SPORT-3)', () => {
    const r = replayOk(toDay2({ day: 2, bestMove: [4, [2, 5, 9]] }));
    expect(r.bestMove).toEqual({ by: 4, named: [2, 5, 9], mafiaNamed: 2 });
    // Best-move points are tournament points, not part of the seed-004 game score.
    expect(r.scores['4']).toBe(0);
  });

  it('a_best_move_naming_three_mafia_counts_three (R-SPORT-3)', () => {
    const r = replayOk(toDay2({ day: 2, bestMove: [4, [8, 2, 5]] }));
    expect(r.bestMove).toEqual({ by: 4, named: [8, 2, 5], mafiaNamed: 3 });
  });

  it('without_a_best_move_the_result_has_none (R-SPORT-3)', () => {
    expect(replayOk(toDay2({ day: 2 })).bestMove).toBeNull();
  });

  it('only_the_first_night_victim_has_a_best_move (R-SPORT-3)', () => {
    const e = replayErr(toDay2({ day: 2, bestMove: [6, [2, 5, 8]] }));
    expect(e.rule).toBe('R-SPORT-3');
    expect(e.path).toBe('steps[3].bestMove');
    expect(e.message).toMatch(/seat 6/);
  });

  it('the_first_night_that_kills_may_be_a_later_night (R-SPORT-3)', () => {
    const r = replayOk(sport([
      { night: 1 }, { day: 1 }, { night: 2 }, { day: 2 },
      { night: 3, acts: shot(6) },
      { day: 3, bestMove: [6, [2, 5, 8]] },
    ]));
    expect(r.bestMove).toEqual({ by: 6, named: [2, 5, 8], mafiaNamed: 3 });
  });

  it('the_second_night_victim_has_no_best_move (R-SPORT-3)', () => {
    const e = replayErr(sport([
      { night: 1 }, { day: 1 }, { night: 2, acts: shot(4) }, { day: 2 },
      { night: 3, acts: shot(6) },
      { day: 3, bestMove: [6, [2, 5, 8]] },
    ]));
    expect(e.rule).toBe('R-SPORT-3');
    expect(e.message).toMatch(/seat 6/);
  });

  it('no_best_move_when_two_players_left_by_the_day_one_vote (R-SPORT-3)', () => {
    const liftTwo = { day: 1, nominations: [[2, 1], [5, 4]], votes: { 1: [2, 3, 5, 6, 8] }, revote: { 1: [2, 3, 5, 6, 8] }, liftAll: [2, 3, 5, 6, 8, 9] };
    const e = replayErr(sport([{ night: 1 }, liftTwo, { night: 2, acts: shot(6) }, { day: 2, bestMove: [6, [2, 5, 8]] }]));
    expect(e.rule).toBe('R-SPORT-3');
    expect(e.message).toMatch(/2 or more players left by the day-1 vote/);
  });

  it('a_best_move_after_one_player_left_by_the_day_one_vote_is_allowed (R-SPORT-3)', () => {
    const r = replayOk(toDay2({ day: 2, bestMove: [4, [2, 5, 8]] }, { day: 1, nominations: [[1, 9], [3, 10]], votes: { 9: [1, 2, 3, 4, 5, 6] } }));
    expect(r.timeline[1]).toMatchObject({ left: [9] });
    expect(r.bestMove).toEqual({ by: 4, named: [2, 5, 8], mafiaNamed: 3 });
  });

  it('a_best_move_names_three_different_players_other_than_himself (R-SPORT-3)', () => {
    for (const named of [[2, 2, 5], [4, 2, 5], [2, 5], [2, 5, 8, 9]]) {
      const e = replayErr(toDay2({ day: 2, bestMove: [4, named] }));
      expect(e.rule).toBe('R-SPORT-3');
      expect(e.message).toMatch(/three/);
    }
  });

  it('classic_has_no_best_move (R-SPORT-3)', () => {
    const e = replayErr(protocol('classic', TABLE10, [{ night: 1 }, { day: 1 }, { night: 2, acts: shot(4) }, { day: 2, bestMove: [4, [2, 5, 8]] }]));
    expect(e.rule).toBe('R-SPORT-3');
    expect(e.message).toMatch(/no best move/);
  });
});

describe('draw (R-SPORT-4)', () => {
  const quiet = [{ night: 1 }, { day: 1 }, { night: 2 }, { day: 2 }, { night: 3 }, { day: 3 }];

  it('three_nights_and_three_days_with_nobody_leaving_is_a_draw (R-SPORT-4)', () => {
    const r = replayOk(sport(quiet));
    expect(r.winner).toBe('draw');
    expect(r.winners).toEqual([]);
    expect(r.alive).toHaveLength(10);
    expect(r.timeline).toHaveLength(6);
    expect(r.timeline[5]).toEqual({ day: 3, left: [], by: 'none', tally: null });
    expect(Object.values(r.scores).every((p) => p === 0)).toBe(true);
  });

  it('five_quiet_phases_are_not_yet_a_draw (R-SPORT-4)', () => {
    expect(replayOk(sport(quiet.slice(0, 5))).winner).toBeNull();
  });

  it('no_step_may_follow_a_draw (R-SPORT-4, R-WIN-0)', () => {
    const e = replayErr(sport([...quiet, { night: 4 }]));
    expect(e.rule).toBe('R-WIN-0');
    expect(e.message).toMatch(/over/);
  });

  it('a_removal_restarts_the_quiet_count (R-SPORT-4)', () => {
    const steps: Step[] = [{ night: 1 }, { day: 1 }, { night: 2 }, { day: 2, fouls: times(9, 4) }, { night: 3 }, { day: 3 }, { night: 4 }, { day: 4 }, { night: 5 }];
    expect(replayOk(sport(steps)).winner).toBeNull();
    expect(replayOk(sport([...steps, { day: 5 }])).winner).toBe('draw');
  });

  it('classic_has_no_draw (R-SPORT-4 is sport only)', () => {
    const r = replayOk(protocol('classic', TABLE10, [...quiet, { night: 4 }, { day: 4 }]));
    expect(r.winner).toBeNull();
  });

  it('the_whole_table_tied_at_the_vote_means_nobody_leaves_and_night_falls (R-SPORT-4)', () => {
    const ring = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8], [8, 9], [9, 10], [10, 1]];
    const votes = { 2: [1], 3: [2], 4: [3], 5: [4], 6: [5], 7: [6], 8: [7], 9: [8], 10: [9], 1: [10] };
    const r = replayOk(sport([{ night: 1 }, { day: 1, nominations: ring, votes }, { night: 2 }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1 } });
    expect(r.timeline[2]).toEqual({ night: 2, died: [], results: [] });
  });
});

describe('repeated re-votes (R-SPORT-5)', () => {
  const five = [[1, 8], [3, 2], [4, 6], [6, 7], [7, 9]];
  const fiveWay = { 8: [1, 2], 2: [3, 4], 6: [5, 6], 7: [7, 8], 9: [9, 10] };
  const twoWay = { 8: [1, 2, 3, 4, 5], 2: [6, 7, 8, 9, 10] };

  it('a_revote_tied_among_fewer_players_is_held_again_among_them (R-SPORT-5)', () => {
    const r = replayOk(sport([{ night: 1 }, { day: 1, nominations: five, votes: fiveWay, revote: [twoWay, { 8: [1, 2, 3, 4, 5, 6] }] }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 6, 2: 4 } });
  });

  it('the_lift_vote_comes_when_the_same_players_tie_twice (R-SPORT-5)', () => {
    const r = replayOk(sport([{ night: 1 }, { day: 1, nominations: five, votes: fiveWay, revote: [twoWay, twoWay], liftAll: [1, 2, 3, 4, 5, 6] }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [2, 8], by: 'lift', tally: { 8: 5, 2: 5 } });
  });

  it('a_two_player_tie_repeated_goes_to_the_lift_vote_at_once (R-SPORT-5)', () => {
    const r = replayOk(sport([{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7] }, revote: { 8: [1, 3, 4, 6, 7] }, liftAll: [] }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 8: 5, 2: 5 } });
  });

  it('a_shrinking_tie_needs_its_second_revote_in_the_protocol (R-SPORT-5)', () => {
    const e = replayErr(sport([{ night: 1 }, { day: 1, nominations: five, votes: fiveWay, revote: [twoWay] }]));
    expect(e.rule).toBe('R-SPORT-5');
    expect(e.message).toMatch(/re-vote number 2/);
  });
});

describe('lift-vote thresholds (R-SPORT-6)', () => {
  // Day 1: both plain mafia and four civilians are removed by fouls; 1, 3, 5 (Don) and 10 remain.
  const fourLeft: Step[] = [
    { night: 1 },
    { day: 1, fouls: [2, 8, 4, 6, 7, 9].flatMap((s) => times(s, 4)) },
    { night: 2 },
  ];
  const tiedTwice = { nominations: [[3, 5], [5, 1]], votes: { 5: [1, 3] }, revote: { 5: [1, 3] } };

  it('with_four_alive_and_two_tied_the_lift_vote_is_held_by_default (R-SPORT-6)', () => {
    const r = replayOk(sport([...fourLeft, { day: 2, ...tiedTwice, liftAll: [1, 3, 10] }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [2, 4, 6, 7, 8, 9], by: 'removed', tally: null });
    expect(r.timeline[3]).toEqual({ day: 2, left: [1, 5], by: 'lift', tally: { 5: 2, 1: 2 } });
    expect(r.winner).toBe('town');
  });

  it('with_four_alive_and_two_tied_no_lift_vote_when_the_option_is_off (R-SPORT-6)', () => {
    const r = replayOk(sport([...fourLeft, { day: 2, ...tiedTwice }], { liftVoteFourAliveTwoTied: false }));
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'none', tally: { 5: 2, 1: 2 } });
    expect(r.winner).toBeNull();
    const e = replayErr(sport([...fourLeft, { day: 2, ...tiedTwice, liftAll: [1, 3, 10] }], { liftVoteFourAliveTwoTied: false }));
    expect(e.path).toBe('steps[3].liftAll');
    expect(e.message).toMatch(/no "all tied leave" vote was held/);
  });

  // Day 1: seat 9 is removed; day 2 has 9 alive and 1, 4, 6 tie at 3 twice.
  const nineLeft: Step[] = [{ night: 1 }, { day: 1, fouls: times(9, 4) }, { night: 2 }];
  const threeTied = { nominations: [[2, 1], [3, 4], [4, 6]], votes: { 1: [1, 2, 3], 4: [4, 5, 6] }, revote: { 1: [1, 2, 3], 4: [4, 5, 6] } };

  it('with_nine_alive_and_three_tied_the_lift_vote_is_held_by_default (R-SPORT-6)', () => {
    const r = replayOk(sport([...nineLeft, { day: 2, ...threeTied, liftAll: [1, 2, 3, 4] }]));
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'none', tally: { 1: 3, 4: 3, 6: 3 } });
    expect(replayErr(sport([...nineLeft, { day: 2, ...threeTied }])).rule).toBe('R-VOTE-6');
  });

  it('with_nine_alive_and_three_tied_no_lift_vote_when_the_option_is_off (R-SPORT-6)', () => {
    const r = replayOk(sport([...nineLeft, { day: 2, ...threeTied }], { liftVoteNineAliveThreeTied: false }));
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'none', tally: { 1: 3, 4: 3, 6: 3 } });
  });
});

describe('sport table (R-PRESET)', () => {
  it('sport_is_played_by_exactly_ten (R-PRESET)', () => {
    const e = replayErr(protocol('sport', TABLE10.slice(0, 9), []));
    expect(e.rule).toBe('R-PRESET');
    expect(e.path).toBe('seats');
    expect(e.message).toMatch(/10/);
  });

  it('sport_needs_one_don_two_mafia_one_commissar (R-PRESET)', () => {
    const seats = ['civilian', 'mafia', 'commissar', 'civilian', 'mafia', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];
    const e = replayErr(protocol('sport', seats, []));
    expect(e.rule).toBe('R-PRESET');
    expect(e.message).toMatch(/Don/);
  });

  it('the_recommended_sport_deal_is_don_two_mafia_commissar_six_civilians (R-PRESET)', () => {
    const roles = [...PRESETS.sport!.composition(10)!].sort();
    expect(roles).toEqual(['civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'commissar', 'don', 'mafia', 'mafia']);
    expect(PRESETS.sport!.composition(9)).toBeNull();
  });
});
