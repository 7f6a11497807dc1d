import { describe, expect, it } from 'vitest';
import { latePenalty, lateDeclinePenalty, leavePenalty, CLUB_RULES } from '../src/index.js';

const START = Date.UTC(2026, 11, 5, 16, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const WEEK_BEFORE = START - 7 * 24 * HOUR;

describe('late arrival (R-CLUB, seed 003)', () => {
  it('arriving_seven_minutes_late_costs_five_points', () => {
    const p = latePenalty(START, START + 7 * MIN);
    expect(p).toEqual({ rule: 'late', points: -5, reason: 'arrived 7 minutes after the start (more than 5)', params: { minutes: 7 } });
  });
  it('arriving_exactly_five_minutes_late_costs_nothing', () => {
    expect(latePenalty(START, START + 5 * MIN)).toBeNull();
  });
  it('five_minutes_and_one_second_late_is_more_than_five', () => {
    expect(latePenalty(START, START + 5 * MIN + 1000)?.points).toBe(-5);
  });
  it('arriving_early_costs_nothing', () => {
    expect(latePenalty(START, START - 30 * MIN)).toBeNull();
  });
});

describe('late decline (R-CLUB, seed 003)', () => {
  it('a_no_two_hours_before_costs_ten_points', () => {
    const p = lateDeclinePenalty(START, START - 2 * HOUR, 'no', null, WEEK_BEFORE);
    expect(p?.points).toBe(-10);
    expect(p?.rule).toBe('late-decline');
    expect(p?.params).toEqual({ hours: 2, minutes: 0, withdrawn: 0 });
  });
  it('a_withdrawn_yes_later_than_a_day_before_costs_ten_points', () => {
    const p = lateDeclinePenalty(START, START - 23 * HOUR, 'no', 'yes', WEEK_BEFORE);
    expect(p?.points).toBe(CLUB_RULES.lateDeclinePoints);
    expect(p?.reason).toMatch(/withdrew a YES/);
  });
  it('a_no_a_day_or_more_before_costs_nothing', () => {
    expect(lateDeclinePenalty(START, START - 24 * HOUR, 'no', 'yes', WEEK_BEFORE)).toBeNull();
    expect(lateDeclinePenalty(START, START - 3 * 24 * HOUR, 'no', null, WEEK_BEFORE)).toBeNull();
  });
  it('a_yes_never_costs_points', () => {
    expect(lateDeclinePenalty(START, START - HOUR, 'yes', 'no', WEEK_BEFORE)).toBeNull();
  });
  it('a_no_repeated_over_a_no_costs_nothing_again', () => {
    expect(lateDeclinePenalty(START, START - HOUR, 'no', 'no', WEEK_BEFORE)).toBeNull();
  });
  // Issue 24 point 5: the rule is about a refusal later than a day before; a member who could not
  // have answered a day before does not pay for a first NO.
  it('a_first_no_to_an_invitation_received_less_than_a_day_before_costs_nothing', () => {
    const invitedAt = START - 20.5 * HOUR;
    expect(lateDeclinePenalty(START, invitedAt, 'no', null, invitedAt)).toBeNull();
    expect(lateDeclinePenalty(START, START - HOUR, 'no', null, invitedAt)).toBeNull();
  });
  it('an_invitation_received_exactly_a_day_before_is_a_day_to_answer', () => {
    const invitedAt = START - 24 * HOUR;
    expect(lateDeclinePenalty(START, START - 23 * HOUR, 'no', null, invitedAt)?.points).toBe(-10);
    expect(lateDeclinePenalty(START, START - 23 * HOUR, 'no', null, invitedAt + 1)).toBeNull();
  });
  it('a_yes_withdrawn_late_costs_ten_points_even_when_invited_late', () => {
    const invitedAt = START - 20.5 * HOUR;
    const p = lateDeclinePenalty(START, START - 3 * HOUR, 'no', 'yes', invitedAt);
    expect(p?.points).toBe(-10);
    expect(p?.params).toEqual({ hours: 3, minutes: 0, withdrawn: 1 });
  });
  it('the_penalty_gives_the_exact_time_in_hours_and_minutes', () => {
    const p = lateDeclinePenalty(START, START - (HOUR + 59 * MIN + 30_000), 'no', null, WEEK_BEFORE);
    expect(p?.params).toEqual({ hours: 1, minutes: 59, withdrawn: 0 });
    expect(p?.reason).toBe('answered NO 1 h 59 min before the evening (later than one day before)');
    expect(lateDeclinePenalty(START, START - 40 * MIN, 'no', 'yes', WEEK_BEFORE)?.params).toEqual({ hours: 0, minutes: 40, withdrawn: 1 });
  });
});

describe('leaving the evening (R-CLUB, seed 003)', () => {
  it('leaving_after_one_of_three_games_costs_three_per_unplayed_game', () => {
    expect(leavePenalty(3, 1, false)).toEqual({
      rule: 'left-early', points: -6, reason: 'left after 1 of 3 planned games without a replacement: 2 unplayed', params: { played: 1, planned: 3, unplayed: 2 },
    });
  });
  it('leaving_with_a_replacement_costs_nothing', () => {
    expect(leavePenalty(3, 1, true)).toBeNull();
  });
  it('leaving_after_every_planned_game_costs_nothing', () => {
    expect(leavePenalty(3, 3, false)).toBeNull();
    expect(leavePenalty(3, 4, false)).toBeNull();
  });
  it('leaving_before_any_game_costs_every_planned_game', () => {
    expect(leavePenalty(4, 0, false)?.points).toBe(-12);
  });
});
