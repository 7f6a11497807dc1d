import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawSeats, ledgerTotal, offTheList, unansweredRun } from '../src/index.js';

describe('the invitation list (R-CLUB, seed 003)', () => {
  it('the_third_unanswered_invitation_in_a_row_takes_the_member_off_the_list', () => {
    expect(unansweredRun(['unanswered'])).toBe(1);
    expect(offTheList(unansweredRun(['unanswered', 'unanswered']))).toBe(false);
    expect(unansweredRun(['unanswered', 'unanswered', 'unanswered'])).toBe(3);
    expect(offTheList(unansweredRun(['unanswered', 'unanswered', 'unanswered']))).toBe(true);
  });
  it('an_answer_between_unanswered_invitations_starts_the_count_again', () => {
    expect(unansweredRun(['unanswered', 'unanswered', 'answered', 'unanswered'])).toBe(1);
  });
  it('an_answer_to_a_later_evening_ends_the_run_of_earlier_ones_closing_after_it', () => {
    // Invitations to the 10th and 15th close unanswered after he answered the 20th.
    expect(unansweredRun(['unanswered', 'unanswered', 'answered'])).toBe(0);
  });
  it('invitations_still_open_count_neither_way', () => {
    expect(unansweredRun(['unanswered', 'open', 'unanswered', 'open'])).toBe(2);
  });
});

describe('drawn seats (R-CLUB, seed 003)', () => {
  const people = Array.from({ length: 21 }, (_, i) => `m${i + 1}`);
  it('the_same_seed_draws_the_same_seats', () => {
    expect(drawSeats(people, 2, 12345)).toEqual(drawSeats(people, 2, 12345));
  });
  it('another_seed_draws_other_seats', () => {
    expect(drawSeats(people, 2, 1)).not.toEqual(drawSeats(people, 2, 2));
  });
  it('every_person_gets_exactly_one_seat_and_tables_differ_by_at_most_one', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (n, tables, seed) => {
      const ps = Array.from({ length: n }, (_, i) => i);
      const drawn = drawSeats(ps, tables, seed);
      expect(drawn).toHaveLength(tables);
      expect(drawn.flat().sort((a, b) => a - b)).toEqual(ps);
      const sizes = drawn.map((t) => t.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }));
  });
  it('zero_tables_is_refused', () => {
    expect(() => drawSeats(people, 0, 1)).toThrow(/tables must be a whole number/);
  });
});

describe('the ledger (R-CLUB)', () => {
  it('a_cancelled_entry_stays_but_counts_nothing', () => {
    expect(ledgerTotal([{ points: -10, cancelledAt: null }, { points: -5, cancelledAt: 123 }, { points: -3, cancelledAt: null }])).toBe(-13);
  });
});
