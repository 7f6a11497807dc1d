/**
 * The end of a fiim game (R-FIIM-13, R-FIIM-15, R-FIIM-16): the final minute, the team defeat, the
 * tournament points and the compensation mark; the tournament fields outside fiim.
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { compensation } from '@mafia/engine';
import { newGame, night, protocol, refused, replayErr, replayOk, run, S, TABLE10, times, type Step } from './helpers.js';
import { fiim, fiimShot, OPENING } from './fiim-helpers.js';

/**
 * The mafia win by the shot of night 4: kills 6, 4, 7 on nights 2–4; the town votes out 9 on day 2 and
 * nobody on day 3. Alive after night 4: 1, 2, 3, 5, 8, 10 (3 mafia v 3).
 */
const MAFIA_WIN_BY_SHOT: Step[] = [
  ...OPENING,
  { night: 2, acts: fiimShot(6) }, { day: 2, nominations: [[1, 9]] },
  { night: 3, acts: fiimShot(4) }, { day: 3 },
];
const DECIDING_NIGHT = (extra: Step = {}): Step[] => [...MAFIA_WIN_BY_SHOT, { night: 4, acts: fiimShot(7), ...extra }];

/** The town wins on day 4 by a vote: the Don, then the mafia 2 and 8 voted out on days 2–4. */
const TOWN_WIN_BY_VOTE = (day4: Step = {}): Step[] => [
  ...OPENING,
  { night: 2, acts: fiimShot(6) }, { day: 2, nominations: [[1, 5]] },
  { night: 3, acts: fiimShot(4, [2, 8]) }, { day: 3, nominations: [[1, 2]] },
  { night: 4, acts: fiimShot(7, [8]) }, { day: 4, nominations: [[1, 8]], ...day4 },
];

describe('the final minute (R-FIIM-13)', () => {
  it('when_a_shot_decides_the_game_the_victim_has_the_final_minute (R-FIIM-13)', () => {
    let g = night(newGame('fiim'));
    expect(g.state.final).toBeNull();
    const r = replayOk(fiim(DECIDING_NIGHT()));
    expect(r.winner).toBe('mafia');
    expect(r.timeline.at(-1)).toEqual({ night: 4, died: [7], results: [] });
    g = run(g, { type: 'endSpeech' });
    expect(g.state.final).toBeNull();
  });

  it('fouls_and_removals_in_the_final_minute_count_for_points_but_not_the_result (R-FIIM-13)', () => {
    // The last mafioso gets a 4th foul in the final minute: the town still wins by the vote... and in
    // the deciding night a mafia member's removal does not undo the mafia's win.
    const byVote = replayOk(fiim(TOWN_WIN_BY_VOTE({ foulsAfterVote: times(4, 0).concat(times(9, 4)), removedAfterVote: [{ seat: 10, reason: 'left' }] })));
    expect(byVote.winner).toBe('town');
    expect(byVote.tournamentScores).toMatchObject({ 9: 0.5, 10: 1, 1: 1 });
    const byShot = replayOk(fiim(DECIDING_NIGHT({ fouls: times(8, 4), removed: [2] })));
    expect(byShot.winner).toBe('mafia');
    expect(byShot.timeline.at(-1)).toEqual({ night: 4, died: [7], results: [] });
    expect(byShot.tournamentScores).toMatchObject({ 2: 0.5, 5: 1, 8: 0.5 });
  });

  it('after_a_removal_decides_the_game_there_is_no_final_minute (R-FIIM-13)', () => {
    const e = replayErr(fiim([...OPENING, { night: 2, acts: fiimShot(6) }, { day: 2, nominations: [[1, 5]] }, { night: 3, acts: fiimShot(4, [2, 8]) },
      { day: 3, fouls: [...times(2, 4), ...times(8, 4)], foulsAfterVote: [1] }]));
    expect(e).toMatchObject({ code: 'game-over', path: 'steps[5].foulsAfterVote[0]' });
  });

  it('with_game_end_speech_no_the_game_ends_at_once_and_such_entries_are_an_error (R-FIIM-13)', () => {
    const day = replayErr(fiim(TOWN_WIN_BY_VOTE({ foulsAfterVote: [9] }), { gameEndSpeech: 'no' }));
    expect(day).toMatchObject({ code: 'game-over', path: 'steps[7].foulsAfterVote[0]' });
    const night4 = replayErr(fiim(DECIDING_NIGHT({ fouls: [8] }), { gameEndSpeech: 'no' }));
    expect(night4).toMatchObject({ code: 'no-final-minute', rule: 'R-FIIM-13', path: 'steps[6].fouls[0]' });
  });

  it('nothing_but_penalties_and_extra_points_after_the_end (R-FIIM-13, R-WIN-0)', () => {
    let g = newGame('fiim');
    g = night(g);
    for (const seat of [2, 5]) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    g = run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(4) });
    while (g.state.day?.stage === 'speeches' || g.state.day?.stage === 'defence') g = run(g, { type: 'endSpeech' });
    for (const v of [1, 3, 4, 6, 7, 9, 10]) g = run(g, { type: 'vote', by: S(v), target: S(8) });
    g = run(g, { type: 'closeVote' });
    expect(g.state.winner).toBe('town');
    expect(g.state.final).toEqual([8]);
    g = run(g, { type: 'foul', seat: S(8) }, { type: 'extraPoints', seat: S(3), points: 0.3 }, { type: 'remove', seat: S(9), reason: 'disqualified' });
    expect(g.state.fouls[7]).toBe(1);
    expect(g.state.removedFor[8]).toBe('disqualified');
    expect(refused(g, { type: 'foul', seat: S(2) }).code).toBe('not-alive');
    expect(refused(g, { type: 'endSpeech' }).code).toBe('game-over');
  });
});

describe('team defeat (R-FIIM-15)', () => {
  it('a_team_defeat_removes_the_offender_and_his_team_loses_at_the_end_of_the_step (R-FIIM-15, R-FIIM-16)', () => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6) }, { day: 2, teamDefeat: 5, nominations: [[1, 9]] }]));
    // The day is played to its end (9 leaves as a lone nominee), then the Don is removed and the town wins.
    expect(r.timeline[3]).toEqual({ day: 2, left: [5, 9], by: 'single', tally: null });
    expect(r.winner).toBe('town');
    expect(r.tournamentScores).toEqual({ 1: 1, 2: 0, 3: 1, 4: 1, 5: -0.7, 6: 1, 7: 1, 8: 0, 9: 1, 10: 1 });
  });

  it('a_team_defeat_at_night_takes_effect_at_the_nights_end (R-FIIM-15)', () => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6), teamDefeat: 4 }]));
    expect(r.winner).toBe('mafia');
    expect(r.timeline[2]).toEqual({ night: 2, died: [4, 6], results: [] });
    expect(r.tournamentScores!['4']).toBe(-0.7);
    expect(r.tournamentScores!['2']).toBe(1);
  });

  it('a_step_that_already_decided_the_game_keeps_its_result (R-FIIM-15)', () => {
    const r = replayOk(fiim(DECIDING_NIGHT({ teamDefeat: 2 })));
    expect(r.winner).toBe('mafia');
    expect(r.tournamentScores).toMatchObject({ 2: 0.3, 5: 1, 8: 1, 1: 0 });
  });

  it('team_defeat_is_given_once_and_only_in_fiim (R-FIIM-15)', () => {
    // On the introduction night: the Commissar's neighbour 4 (town) is the offender; extra points still count after the end.
    const night1 = replayOk(fiim([{ night: 1, teamDefeat: 4, extraPoints: { 4: 0.1 } }]));
    expect(night1).toMatchObject({ winner: 'mafia', timeline: [{ night: 1, died: [4], results: [] }] });
    expect(night1.tournamentScores!['4']).toBe(-0.6);
    let g = run(night(newGame('fiim')), { type: 'teamDefeat', seat: S(4) });
    expect(refused(g, { type: 'teamDefeat', seat: S(5) }).code).toBe('team-defeat-given');
    g = run(g, { type: 'extraPoints', seat: S(4), points: -0.1 });
    expect(g.state.extraPoints[3]).toBe(-0.1);
    const sport = protocol('sport', TABLE10, [{ night: 1 }, { day: 1, teamDefeat: 4 }]);
    expect(replayErr(sport)).toMatchObject({ code: 'not-in-preset', path: 'steps[1].teamDefeat' });
  });
});

describe('tournament points (R-FIIM-16)', () => {
  it('the_winning_team_gets_a_point_and_the_referee_adds_extra_points (R-FIIM-16)', () => {
    const r = replayOk(fiim(TOWN_WIN_BY_VOTE({ extraPoints: { 3: 0.3, 7: -0.2, 9: 0 } })));
    expect(r.winner).toBe('town');
    expect(r.tournamentScores).toEqual({ 1: 1, 2: 0, 3: 1.3, 4: 1, 5: 0, 6: 1, 7: 0.8, 8: 0, 9: 1, 10: 1 });
    expect(r.shotFirstNight).toEqual([]);
  });

  it('a_town_player_shot_on_night_two_whose_team_lost_is_marked (R-FIIM-16)', () => {
    const r = replayOk(fiim(DECIDING_NIGHT()));
    expect(r.shotFirstNight).toEqual([6]);
    // A draw is not a loss; a mafia member shot on night 2 is not marked.
    const draw = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6) }, { day: 2 }, { night: 3 }, { day: 3 }, { night: 4 }, { day: 4 }, { night: 5 }]));
    expect(draw.winner).toBe('draw');
    expect(draw.shotFirstNight).toEqual([]);
  });

  it('extra_points_are_numbers_and_a_seat_out_of_the_table_is_an_error (R-FIIM-16)', () => {
    expect(replayErr(fiim([{ night: 1, extraPoints: { 4: 'much' } }]))).toMatchObject({ code: 'bad-field', path: 'steps[0].extraPoints.4' });
    expect(replayErr(fiim([{ night: 1, extraPoints: { 11: 0.5 } }]))).toMatchObject({ code: 'bad-seat' });
    expect(replayErr(fiim([{ night: 1, extraPoints: { 4: 11 } }]))).toMatchObject({ code: 'bad-field', path: 'steps[0].extraPoints.4' });
  });

  it('removals_cost_points_by_their_reason (R-FIIM-16)', () => {
    const r = replayOk(fiim([{ night: 1 }, { day: 1, removed: [4, { seat: 6, reason: 'left' }, { seat: 7, reason: 'disqualified' }] }]));
    expect(r.tournamentScores).toMatchObject({ 4: -0.5, 6: 0, 7: -0.5 });
    expect(r.winner).toBeNull();
  });

  it('the_numbers_are_options (R-FIIM-16)', () => {
    const r = replayOk(fiim(TOWN_WIN_BY_VOTE({ removedAfterVote: [9] }), { winPoints: 2, removalPoints: -1 }));
    expect(r.tournamentScores).toMatchObject({ 1: 2, 9: 1 });
  });

  it('compensation_is_min_of_a_cap_and_a_share_of_marked_games (R-FIIM-16)', () => {
    expect(compensation(2, 5)).toBe(0.4);
    expect(compensation(1, 10)).toBe(0.1);
    expect(compensation(1, 3)).toBe(0.4);
    expect(compensation(0, 10)).toBe(0);
    expect(compensation(3, 20)).toBe(0.15);
  });

  it('other_presets_have_no_tournament_points (R-FIIM-16)', () => {
    const r = replayOk(protocol('sport', TABLE10, [{ night: 1 }]));
    expect(r).not.toHaveProperty('tournamentScores');
    expect(r).not.toHaveProperty('shotFirstNight');
    for (const [k, v] of [['techFouls', [4]], ['extraPoints', { 4: 1 }], ['foulsAfterVote', [4]], ['removedAfterVote', [4]]] as const) {
      expect(replayErr(protocol('sport', TABLE10, [{ night: 1 }, { day: 1, [k]: v }])), k).toMatchObject({ code: 'not-in-preset', path: `steps[1].${k}` });
    }
    expect(replayErr(protocol('sport', TABLE10, [{ night: 1, fouls: [4] }]))).toMatchObject({ code: 'not-in-preset', path: 'steps[0].fouls' });
  });
});
