/**
 * A step's fouls and removals are given in the order written (spec/protocol.md; issue 23 point 16): a
 * removal that ends the speeches and cancels the vote does not stop the penalties written after it
 * (R-FIIM-12), and one written after the game ended is refused unless R-FIIM-13 allows it there.
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { protocol, replayErr, replayOk, TABLE10, times, type Step } from './helpers.js';
import { fiim, fiimShot, OPENING } from './fiim-helpers.js';

/**
 * To day 3: the mafia 2 and 8 are voted out on days 1 and 2, the Don 5 (2 fouls) is the last mafioso.
 * Day 3: alive 1, 4, 5, 7, 9, 10; the speeches go 4, 5, 7, 9, 10, 1, so seat 1 speaks last.
 */
const TO_DAY_3: Step[] = [
  { night: 1 },
  { day: 1, fouls: [5], nominations: [[3, 2], [6, 9]], votes: { 2: [1, 3, 4, 6, 7, 10] } },
  { night: 2, acts: fiimShot(6, [5, 8]) },
  { day: 2, fouls: [5], nominations: [[3, 5], [7, 8]], votes: { 5: [3, 4, 9] } },
  { night: 3, acts: fiimShot(3, [5]) },
];
const day3 = (day: Step, options?: Record<string, unknown>) => fiim([...TO_DAY_3, { day: 3, ...day }], options);

describe('a day step\'s fouls in the order written (R-FIIM-12, R-FIIM-13)', () => {
  it('the_last_speakers_fouls_written_before_a_game_ending_fourth_foul_are_given_before_it (R-FIIM-12, R-SPORT-2)', () => {
    const r = replayOk(day3({ nominations: [[4, 5]], fouls: [1, 1, 5, 5] }));
    expect(r.winner).toBe('town');
    expect(r.timeline.at(-1)).toEqual({ day: 3, left: [5], by: 'removed', tally: null });
    expect(r.tournamentScores).toMatchObject({ 1: 1, 5: -0.5 });
  });

  it('the_last_speakers_removal_before_a_game_ending_fourth_foul_counts_for_both (R-FIIM-12, R-FIIM-16)', () => {
    // His 4th foul ends the speeches and cancels the vote; the Don's 4th, written after, still ends the game.
    const r = replayOk(day3({ nominations: [[4, 5]], fouls: [...times(1, 4), 9, 5, 5] }));
    expect(r.winner).toBe('town');
    expect(r.timeline.at(-1)).toEqual({ day: 3, left: [1, 5], by: 'removed', tally: null });
    expect(r.tournamentScores).toMatchObject({ 1: 0.5, 5: -0.5, 9: 1 });
  });

  it('a_removal_that_cancels_the_vote_does_not_stop_the_penalties_written_after_it (R-FIIM-12, R-FIIM-2)', () => {
    // Day 2 (speeches 2, 3, 4, 5, 7, 8, 9, 10, 1): the last speaker 1's 4th foul ends the speeches and
    // cancels the vote; then 9's 3 fouls and the mafioso 8's 4th are given in that day, before any vote.
    const steps: Step[] = [
      ...OPENING,
      { night: 2, acts: fiimShot(6) },
      { day: 2, nominations: [[2, 7]], fouls: [...times(1, 4), ...times(9, 3), ...times(8, 4)] },
      { night: 3, acts: fiimShot(10, [2, 5]) },
      { day: 3, nominations: [[3, 2]] },
    ];
    const r = replayOk(fiim(steps));
    expect(r.timeline[3]).toEqual({ day: 2, left: [1, 8], by: 'removed', tally: null });
    // Both removals came before the vote: they cancel day 2's vote only, so day 3's lone nominee leaves.
    expect(r.timeline[5]).toEqual({ day: 3, left: [2], by: 'single', tally: null });
    expect(r.tournamentScores).toMatchObject({ 1: -0.5, 8: -0.5, 9: 0 });
    // 9's three fouls counted: one more removes him.
    const more = replayOk(fiim([...steps.slice(0, -1), { day: 3, nominations: [[3, 2]], fouls: [9] }]));
    expect(more.timeline[5]).toEqual({ day: 3, left: [9], by: 'removed', tally: null });
  });

  it('an_entry_written_after_a_removal_ended_the_game_is_refused_at_its_own_index (R-FIIM-13)', () => {
    const foul = replayErr(day3({ nominations: [[4, 5]], fouls: [5, 5, 1, 1] }));
    expect(foul).toMatchObject({ code: 'game-over', rule: 'R-FIIM-13', path: 'steps[5].fouls[2]' });
    expect(foul.message).toContain('no final minute after a removal');
    const removal = replayErr(day3({ fouls: [5, 5], removed: [{ seat: 7, reason: 'left' }] }));
    expect(removal).toMatchObject({ code: 'game-over', rule: 'R-FIIM-13', path: 'steps[5].removed[0]' });
  });

  it('final_minute_penalties_after_a_deciding_vote_are_given_in_the_order_written (R-FIIM-13, R-FIIM-16)', () => {
    // The lone nominee 5 leaves and the town wins; in his final minute he gets his 3rd and 4th fouls
    // (−0.5) around 9's, and 10 leaves the table (0): points only, the result stands.
    const r = replayOk(day3({ nominations: [[4, 5]], fouls: [1, 1], foulsAfterVote: [5, 9, 5], removedAfterVote: [{ seat: 10, reason: 'left' }] }));
    expect(r.winner).toBe('town');
    expect(r.timeline.at(-1)).toEqual({ day: 3, left: [5], by: 'single', tally: null });
    expect(r.alive).toEqual([1, 4, 7, 9, 10]);
    expect(r.tournamentScores).toMatchObject({ 5: -0.5, 9: 1, 10: 1 });
    // With gameEndSpeech "no" the game ended at once: the first of them is refused.
    const e = replayErr(day3({ nominations: [[4, 5]], foulsAfterVote: [5, 9, 5] }, { gameEndSpeech: 'no' }));
    expect(e).toMatchObject({ code: 'game-over', rule: 'R-FIIM-13', path: 'steps[5].foulsAfterVote[0]' });
  });
});

describe('the other presets keep the written order too (R-SPORT-1, R-FOUL-1)', () => {
  it('in_sport_a_removal_written_after_the_last_speakers_is_given_in_that_day (R-SPORT-1)', () => {
    // Day 1 (speeches 1..10): the last speaker 10's 4th foul cancels the vote and ends the speeches;
    // 4's 4th foul, written after it, removes him in that day too.
    const r = replayOk(protocol('sport', TABLE10, [{ night: 1 }, { day: 1, nominations: [[1, 8]], fouls: [...times(10, 4), ...times(4, 4)] }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [4, 10], by: 'removed', tally: null });
    expect(r.scores).toMatchObject({ 4: -2, 10: -2 });
  });

  it('in_sport_a_foul_written_after_a_removal_ended_the_game_is_refused (R-WIN-0)', () => {
    const steps: Step[] = [
      { night: 1 },
      { day: 1, nominations: [[3, 2], [6, 9]], votes: { 2: [1, 3, 4, 6, 7, 10] } },
      { night: 2, acts: fiimShot(6, [5, 8]) },
      { day: 2, nominations: [[3, 5], [7, 8]], votes: { 5: [3, 4, 9] } },
      { night: 3, acts: fiimShot(3, [5]) },
      { day: 3, fouls: [...times(5, 4), 1] },
    ];
    expect(replayErr(protocol('sport', TABLE10, steps))).toMatchObject({ code: 'game-over', rule: 'R-WIN-0', path: 'steps[5].fouls[4]' });
  });
});
