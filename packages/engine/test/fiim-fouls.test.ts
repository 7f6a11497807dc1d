/**
 * FIIM fouls and removals (R-FIIM-2, R-FIIM-11..14): the 3rd foul's lost speech that keeps the
 * nomination, its 30-s form, fouls at night and in a last word, technical fouls, removals cancelling
 * the vote. Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { currentSpeechSeconds, type Game } from '@mafia/engine';
import { endSpeeches, newGame, night, refused, replayErr, replayOk, run, S, speaker, TABLE10, times } from './helpers.js';
import { fiim, fiimShot, OPENING } from './fiim-helpers.js';

const fiimGame = (options?: Record<string, unknown>): Game => newGame('fiim', TABLE10, options);

/** Day 1 after the introduction night; `fouls` on seat 4 given at once. */
function dayOneWithFouls(fouls: number, options?: Record<string, unknown>): Game {
  let g = night(fiimGame(options));
  for (let i = 0; i < fouls; i++) g = run(g, { type: 'foul', seat: S(4) });
  return g;
}

describe('the 3rd foul (R-FIIM-2)', () => {
  it('the_third_foul_costs_the_next_discussion_turn_once (R-FIIM-2)', () => {
    let g = dayOneWithFouls(3);
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' });
    expect(speaker(g.state)).toBe(5);
    expect(g.state.day!.silenced).toEqual([4]);
    g = night(endSpeeches(g));
    // Day 2 he speaks again (one turn only).
    expect(g.state.day!.speakers).toContain(4);
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' });
    expect(speaker(g.state)).toBe(4);
  });

  it('a_player_who_lost_his_speech_keeps_his_nomination (R-FIIM-2, R-FIIM-10)', () => {
    let g = dayOneWithFouls(3);
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' });
    g = run(g, { type: 'nominate', by: S(4), target: S(8) });
    expect(g.state.day!.nominations).toEqual([[4, 8]]);
    // From his own phone too, at any point of the speeches once his turn was passed over.
    let h = dayOneWithFouls(3);
    h = run(h, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' });
    const t = run(h, { type: 'endSpeech' });
    expect(t.state.day!.speakers[t.state.day!.speakerIndex]).toBe(6);
  });

  it('in_sport_a_player_who_lost_his_speech_cannot_nominate (R-FOUL-1)', () => {
    let g = night(newGame('sport'));
    for (let i = 0; i < 3; i++) g = run(g, { type: 'foul', seat: S(4) });
    expect(refused(g, { type: 'nominate', by: S(4), target: S(8) }).code).toBe('silenced');
  });

  it('a_tie_speech_comes_first_and_the_loss_moves_to_the_next_discussion_turn (R-FIIM-2)', () => {
    let g = night(fiimGame());
    g = run(g, { type: 'nominate', by: S(1), target: S(4) }, { type: 'endSpeech' }, { type: 'nominate', by: S(2), target: S(7) });
    g = endSpeeches(run(g, { type: 'endSpeech' }, { type: 'endSpeech' }));
    // The vote ties 5–5; the 3rd foul comes during the vote; the tie speeches follow.
    for (const v of [1, 2, 3, 4, 5]) g = run(g, { type: 'vote', by: S(v), target: S(4) });
    for (let i = 0; i < 3; i++) g = run(g, { type: 'foul', seat: S(4) });
    g = run(g, { type: 'closeVote' });
    expect(g.state.day).toMatchObject({ stage: 'defence', round: 1, speakers: [4, 7], speakerIndex: 0 });
    expect(g.state.missNextSpeech[3]).toBe(true);
  });

  it('with_four_alive_the_lost_turn_is_a_thirty_second_speech (R-FIIM-2)', () => {
    let g = night(fiimGame());
    for (const seat of [2, 8, 1, 6, 7, 9]) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    expect(g.state.alive.filter(Boolean)).toHaveLength(4);
    for (let i = 0; i < 3; i++) g = run(g, { type: 'foul', seat: S(4) });
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' });
    expect(speaker(g.state)).toBe(4);
    expect(g.state.day!.shortSpeech).toBe(4);
    expect(currentSpeechSeconds(g.state)).toBe(30);
    g = run(g, { type: 'nominate', by: S(4), target: S(5) }, { type: 'endSpeech' });
    expect(currentSpeechSeconds(g.state)).toBe(60);
    expect(g.state.missNextSpeech[3]).toBe(false);
  });

  it('option_short_speech_makes_the_next_turn_thirty_seconds (R-FIIM-2)', () => {
    let g = dayOneWithFouls(3, { threeFouls: 'short-speech' });
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' });
    expect(speaker(g.state)).toBe(4);
    expect(currentSpeechSeconds(g.state)).toBe(30);
  });

  it('option_none_makes_the_third_foul_cost_nothing (R-FIIM-2)', () => {
    let g = dayOneWithFouls(3, { threeFouls: 'none' });
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' });
    expect(speaker(g.state)).toBe(4);
    expect(currentSpeechSeconds(g.state)).toBe(60);
    // The 4th still removes him.
    g = run(g, { type: 'foul', seat: S(4) });
    expect(g.state.removedFor[3]).toBe('fouls');
  });
});

describe('fouls at night and in a last word (R-FIIM-11, R-FIIM-13)', () => {
  it('a_third_foul_at_night_costs_the_next_days_speech (R-FIIM-11)', () => {
    let g = endSpeeches(night(fiimGame()));
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
    g = run(g, { type: 'foul', seat: S(4) }, { type: 'foul', seat: S(4) }, { type: 'foul', seat: S(4) });
    g = night(g);
    g = run(g, { type: 'endSpeech' }, { type: 'endSpeech' });
    // Day 2 opens at seat 2: 2, 3, then 4 loses his turn.
    expect(speaker(g.state)).toBe(5);
    expect(g.state.day!.silenced).toEqual([4]);
    // His nomination is kept (R-FIIM-2), so a lone nominee of day 2 leaves.
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6), fouls: times(4, 3) }, { day: 2, nominations: [[4, 8]] }]));
    expect(r.timeline[3]).toMatchObject({ day: 2, left: [8], by: 'single' });
  });

  it('a_fourth_foul_at_night_removes_the_player_at_dawn_and_cancels_the_next_vote (R-FIIM-11, R-FIIM-12)', () => {
    const r = replayOk(fiim([
      ...OPENING,
      { night: 2, acts: fiimShot(6), fouls: times(4, 4) },
      { day: 2, nominations: [[7, 8], [9, 2]] },
    ]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [4, 6], results: [] });
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'removed', tally: null });
    expect(r.tournamentScores!['4']).toBe(-0.5);
  });

  it('a_removed_mafia_members_shot_still_counts_that_night (R-FIIM-11)', () => {
    // Removals at night take effect at its end: the member's shot was made before.
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6), removed: [8] }]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [6, 8], results: [] });
  });

  it('a_foul_on_the_nights_victim_counts_for_his_points_only (R-FIIM-11, R-FIIM-12)', () => {
    const r = replayOk(fiim([
      ...OPENING,
      { night: 2, acts: fiimShot(6), fouls: times(6, 4) },
      { day: 2, nominations: [[7, 8]] },
    ]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [6], results: [] });
    // The next day's vote is held: a lone nominee from day 2 leaves.
    expect(r.timeline[3]).toMatchObject({ day: 2, left: [8], by: 'single' });
    expect(r.tournamentScores!['6']).toBe(-0.5);
  });

  it('a_foul_in_his_own_last_word_counts_for_his_points_only (R-FIIM-13)', () => {
    const r = replayOk(fiim([
      ...OPENING,
      { night: 2, acts: fiimShot(6) },
      { day: 2, nominations: [[7, 8]], foulsAfterVote: times(8, 4) },
      { night: 3 },
      { day: 3, nominations: [[7, 2], [9, 4]], votes: { 2: [1, 3, 4, 7, 9] } },
    ]));
    expect(r.timeline[3]).toEqual({ day: 2, left: [8], by: 'single', tally: null });
    // The 4th foul in his last word changes nothing: day 3's vote is held.
    expect(r.timeline[5]).toMatchObject({ day: 3, by: 'vote' });
    expect(r.tournamentScores!['8']).toBe(-0.5);
  });

  it('the_morning_victims_fouls_in_his_last_word_count_for_his_points_only (R-FIIM-13)', () => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6) }, { day: 2, fouls: times(6, 4), nominations: [[7, 8]] }]));
    expect(r.timeline[3]).toMatchObject({ day: 2, left: [8], by: 'single' });
    expect(r.tournamentScores!['6']).toBe(-0.5);
  });

  it('a_dead_player_outside_his_last_word_cannot_be_fouled (R-FIIM-13)', () => {
    const e = replayErr(fiim([...OPENING, { night: 2, acts: fiimShot(6) }, { day: 2 }, { night: 3, fouls: [6] }]));
    expect(e).toMatchObject({ code: 'not-alive', path: 'steps[4].fouls[0]' });
  });
});

describe('technical fouls (R-FIIM-14)', () => {
  it('technical_fouls_are_refused_unless_the_option_is_on (R-FIIM-14)', () => {
    const e = replayErr(fiim([{ night: 1 }, { day: 1, techFouls: [4] }]));
    expect(e).toMatchObject({ code: 'not-in-preset', rule: 'R-FIIM-14', path: 'steps[1].techFouls[0]' });
  });

  it('the_second_technical_foul_removes_the_player_apart_from_his_fouls (R-FIIM-14)', () => {
    const r = replayOk(fiim([{ night: 1 }, { day: 1, fouls: times(4, 3), techFouls: [4, 7, 4], nominations: [[1, 8], [3, 2]] }], { techFouls: 'yes' }));
    expect(r.timeline[1]).toEqual({ day: 1, left: [4], by: 'removed', tally: null });
    expect(r.tournamentScores!['4']).toBe(-0.5);
    expect(r.tournamentScores!['7']).toBe(0);
  });
});

describe('removals (R-FIIM-12)', () => {
  it('a_removal_before_the_vote_cancels_a_single_nominees_execution (R-FIIM-12)', () => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6) }, { day: 2, nominations: [[7, 8]], removed: [9] }]));
    expect(r.timeline[3]).toEqual({ day: 2, left: [9], by: 'removed', tally: null });
    expect(r.alive).toContain(8);
  });

  it('a_removal_in_the_last_words_cancels_the_next_days_vote (R-FIIM-12)', () => {
    const r = replayOk(fiim([
      ...OPENING,
      { night: 2, acts: fiimShot(6) },
      { day: 2, nominations: [[7, 8]], removedAfterVote: [{ seat: 9, reason: 'left' }] },
      { night: 3 },
      { day: 3, nominations: [[7, 2]] },
    ]));
    expect(r.timeline[3]).toEqual({ day: 2, left: [8, 9], by: 'single', tally: null });
    expect(r.timeline[5]).toEqual({ day: 3, left: [], by: 'removed', tally: null });
    expect(r.tournamentScores!['9']).toBe(0);
  });

  it('removing_the_voted_out_player_in_his_last_word_cancels_nothing (R-FIIM-12)', () => {
    const r = replayOk(fiim([
      ...OPENING,
      { night: 2, acts: fiimShot(6) },
      { day: 2, nominations: [[7, 8]], removedAfterVote: [8] },
      { night: 3 },
      { day: 3, nominations: [[7, 2]] },
    ]));
    expect(r.timeline[5]).toMatchObject({ day: 3, left: [2], by: 'single' });
    expect(r.tournamentScores!['8']).toBe(-0.5);
  });

  it('a_player_removed_at_night_or_in_his_last_word_cannot_be_removed_again (R-FIIM-12)', () => {
    let g = endSpeeches(night(fiimGame()));
    g = run(g, { type: 'remove', seat: S(4) });
    expect(g.state.pendingRemovals).toEqual([{ seat: 4, reason: 'disqualified' }]);
    expect(refused(g, { type: 'remove', seat: S(4), reason: 'left' }).code).toBe('already-removed');
    g = night(g);
    expect(g.state.removedFor[3]).toBe('disqualified');
    expect(g.state.alive[3]).toBe(false);
  });

  it('a_removal_reason_is_disqualified_or_left_and_only_in_fiim (R-FIIM-12)', () => {
    expect(replayErr(fiim([{ night: 1 }, { day: 1, removed: [{ seat: 4, reason: 'tired' }] }]))).toMatchObject({ code: 'bad-field', path: 'steps[1].removed[0].reason' });
    const sport = { ...fiim([{ night: 1 }, { day: 1, removed: [{ seat: 4, reason: 'left' }] }]), preset: 'sport' };
    expect(replayErr(sport)).toMatchObject({ code: 'not-in-preset', path: 'steps[1].removed[0]' });
  });
});
