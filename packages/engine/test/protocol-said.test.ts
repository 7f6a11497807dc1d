/**
 * spec/protocol.md "What was said": a step's `said` is checked for its shape only and changes no
 * rule. An unknown kind, a seat or role that does not exist, or a speaker out of the game then is an error.
 */
import { describe, expect, it } from 'vitest';
import { protocol, replayErr, replayOk, TABLE10 } from './helpers.js';

const N1 = { night: 1, acts: [] };
/** Day 1 of the spec's example: seat 2 (mafia) leaves by the vote. */
const D1 = (said?: unknown) => ({ day: 1, nominations: [[1, 8], [3, 2]], votes: { '8': [1, 3, 4, 6], '2': [2, 5, 7, 8, 9, 10] }, ...(said === undefined ? {} : { said }) });
/** Night 2 kills seat 4 (5 and 8 shoot together). */
const N2_KILL_4 = { night: 2, acts: [{ by: 5, act: 'kill', target: 4 }, { by: 8, act: 'kill', target: 4 }] };

describe('a protocol\'s said', () => {
  it('statements_of_every_kind_change_nothing_of_the_result', () => {
    const said = [
      [3, { claim: 'commissar' }],
      [3, { checked: 8, answer: 'black', night: 1 }],
      [5, { claim: 'commissar' }],
      [5, { checked: 3, answer: 'yes', night: 1 }],
      [1, { suspect: 8 }], [6, { trust: 3 }], [7, { vote: 8 }], [9, { version: [2, 5, 8] }],
    ];
    const plain = replayOk(protocol('sport', TABLE10, [N1, D1()]));
    const talked = replayOk(protocol('sport', TABLE10, [{ ...N1, said: [[2, { plan: [[2, 3], [3, 4]] }]] }, D1(said)]));
    expect(talked).toEqual(plain);
  });

  it('the_mornings_victim_may_speak_in_his_last_word_a_player_out_before_may_not', () => {
    const day2 = (said: unknown) => ({ day: 2, said });
    replayOk(protocol('sport', TABLE10, [N1, D1(), N2_KILL_4, day2([[4, { claim: 'commissar' }]])]));
    const e = replayErr(protocol('sport', TABLE10, [N1, D1(), N2_KILL_4, day2([[2, { suspect: 3 }]])]));
    expect(e.code).toBe('not-alive');
    expect(e.path).toBe('steps[3].said[0][0]');
  });

  it('an_unknown_kind_a_role_that_does_not_exist_or_a_seat_off_the_table_is_an_error', () => {
    const bad = (statement: unknown) => replayErr(protocol('sport', TABLE10, [N1, D1([[3, statement]])]));
    expect(bad({ swear: 8 }).message).toMatch(/its kind is one of claim, checked, suspect, trust, vote, version, plan/);
    expect(bad({ claim: 'wizard' }).code).toBe('unknown-role');
    expect(bad({ suspect: 11 }).path).toBe('steps[1].said[0][1].suspect');
    expect(bad({ checked: 8, answer: 'green', night: 1 }).path).toBe('steps[1].said[0][1].answer');
    expect(bad({ claim: 'don', extra: 1 }).code).toBe('unknown-field');
  });

  it('a_morning_victim_is_a_speaker_of_that_day_but_not_of_the_next', () => {
    // Seat 4, shot on night 2, speaks on day 2 (a morning victim) but not on day 3.
    const day2 = { day: 2, nominations: [[1, 8], [3, 5]], votes: { '8': [1, 3, 6], '5': [5, 7, 8, 9, 10] }, said: [[4, { suspect: 8 }]] };
    replayOk(protocol('sport', TABLE10, [N1, D1(), N2_KILL_4, day2]));
    const e = replayErr(protocol('sport', TABLE10, [N1, D1(), N2_KILL_4, { ...day2, said: [] }, { night: 3, acts: [] }, { day: 3, said: [[4, { trust: 1 }]] }]));
    expect(e.code).toBe('not-alive');
  });
});
