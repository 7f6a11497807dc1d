/**
 * The fiim night (R-FIIM-1, R-FIIM-11) and the quiet-night draw (R-FIIM-3).
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { check, replayErr, replayOk, type Step } from './helpers.js';
import { fiim, fiimShot, OPENING } from './fiim-helpers.js';

describe('introduction night (R-FIIM-1)', () => {
  it('nobody_checks_or_shoots_on_night_one (R-FIIM-1)', () => {
    for (const act of [check(3, 5), check(5, 3), { by: 2, act: 'kill', target: 4 }]) {
      const e = replayErr(fiim([{ night: 1, acts: [act] }]));
      expect(e).toMatchObject({ code: 'introduction-night', rule: 'R-PHASE-1', path: 'steps[0].acts[0]' });
    }
  });

  it('checks_and_the_shot_start_on_night_two (R-FIIM-1)', () => {
    const r = replayOk(fiim([...OPENING, { night: 2, acts: [...fiimShot(4), check(5, 3), check(3, 8)] }]));
    expect(r.timeline[2]).toEqual({
      night: 2, died: [4],
      results: [{ by: 5, act: 'check', target: 3, answer: 'yes' }, { by: 3, act: 'check', target: 8, answer: 'yes' }],
    });
  });
});

describe('every seat number is called (R-FIIM-11)', () => {
  const killFourThenShoot = (acts: Step['acts']): Step[] => [...OPENING, { night: 2, acts: fiimShot(4) }, { day: 2 }, { night: 3, acts }];

  it('a_shot_at_a_seat_already_out_is_a_miss (R-FIIM-11)', () => {
    const r = replayOk(fiim(killFourThenShoot(fiimShot(4))));
    expect(r.timeline[4]).toEqual({ night: 3, died: [], results: [] });
    expect(r.alive).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
  });

  it('a_member_who_shoots_twice_makes_the_night_a_miss (R-FIIM-11)', () => {
    const acts = [...fiimShot(6), { by: 2, act: 'kill', target: 6 }];
    const r = replayOk(fiim([...OPENING, { night: 2, acts }]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [], results: [] });
  });

  it('a_member_who_shoots_twice_and_one_who_does_not_shoot_is_still_a_miss (R-FIIM-11)', () => {
    const acts = [...fiimShot(6, [2, 5]), { by: 2, act: 'kill', target: 6 }];
    expect(replayOk(fiim([...OPENING, { night: 2, acts }])).timeline[2]).toMatchObject({ died: [] });
  });

  it('a_third_shot_by_one_member_is_refused (R-FIIM-11)', () => {
    const acts = [...fiimShot(6), { by: 2, act: 'kill', target: 6 }, { by: 2, act: 'kill', target: 7 }];
    expect(replayErr(fiim([...OPENING, { night: 2, acts }]))).toMatchObject({ code: 'already-acted', path: 'steps[2].acts[4]' });
  });

  it('a_member_who_does_not_shoot_makes_the_night_a_miss (R-FIIM-11, R-NIGHT-2)', () => {
    expect(replayOk(fiim([...OPENING, { night: 2, acts: fiimShot(6, [2, 8]) }])).timeline[2]).toMatchObject({ died: [] });
  });

  it('the_don_and_the_commissar_may_check_a_seat_already_out (R-FIIM-11)', () => {
    // Night 2 kills the Commissar's neighbour 4; on night 3 the Commissar checks 4 and the Don checks 4.
    const r = replayOk(fiim(killFourThenShoot([...fiimShot(9), check(3, 4), check(5, 4)])));
    expect(r.timeline[4]).toEqual({
      night: 3, died: [9],
      results: [{ by: 3, act: 'check', target: 4, answer: 'no' }, { by: 5, act: 'check', target: 4, answer: 'no' }],
    });
  });

  it('a_dead_seat_cannot_act_at_night (R-FIIM-11)', () => {
    const e = replayErr(fiim(killFourThenShoot([{ by: 4, act: 'check', target: 5 }])));
    expect(e).toMatchObject({ code: 'not-alive', path: 'steps[4].acts[0]' });
  });

  it('in_sport_a_shot_at_a_seat_already_out_is_refused (R-NIGHT-2)', () => {
    const e = replayErr({ ...fiim(killFourThenShoot(fiimShot(4))), preset: 'sport' });
    expect(e.code).toBe('not-alive');
  });
});

describe('draw after three quiet nights (R-FIIM-3)', () => {
  const miss = (n: number): Step => ({ night: n, acts: fiimShot(6, [2, 5]) });

  it('three_quiet_shooting_nights_in_a_row_end_in_a_draw_at_the_third_nights_end (R-FIIM-3)', () => {
    const r = replayOk(fiim([...OPENING, miss(2), { day: 2 }, miss(3), { day: 3 }, miss(4)]));
    expect(r.winner).toBe('draw');
    expect(r.winners).toEqual([]);
    expect(r.timeline).toHaveLength(7);
    expect(r.tournamentScores).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 0 });
  });

  it('night_one_and_day_one_never_count (R-FIIM-3)', () => {
    // Night 1 and day 1 are quiet; nights 2 and 3 are quiet: two nights only, the game goes on.
    const r = replayOk(fiim([...OPENING, miss(2), { day: 2 }, miss(3), { day: 3 }]));
    expect(r.winner).toBeNull();
  });

  it('a_day_vote_between_the_quiet_nights_starts_the_count_again (R-FIIM-3)', () => {
    const r = replayOk(fiim([
      ...OPENING, miss(2), { day: 2, nominations: [[1, 10]] }, miss(3), { day: 3 }, miss(4), { day: 4 }, miss(5),
    ]));
    expect(r.timeline[3]).toMatchObject({ day: 2, left: [10], by: 'single' });
    expect(r.winner).toBe('draw');
    expect(r.timeline).toHaveLength(9);
  });

  it('a_removal_at_night_counts_as_leaving (R-FIIM-3, R-FIIM-12)', () => {
    const r = replayOk(fiim([...OPENING, miss(2), { day: 2 }, { ...miss(3), removed: [{ seat: 9, reason: 'left' }] }, { day: 3 }, miss(4)]));
    expect(r.winner).toBeNull();
    expect(r.timeline[4]).toEqual({ night: 3, died: [9], results: [] });
  });
});
