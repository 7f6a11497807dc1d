/**
 * Refusals: a protocol that breaks a rule or is malformed gives `{ok:false, error:{code, rule,
 * message, path}}`; an illegal command changes nothing. Setup rules: R-PRESET, R-ROLE.
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { builtPresets, createGame, PRESET_IDS, transition, type Command } from '@mafia/engine';
import { badCommand, newGame, night, protocol, quietDay, refused, replayErr, run, S, TABLE10 } from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

describe('protocol setup errors (R-PRESET, R-ROLE)', () => {
  it('an_unknown_preset_is_refused (R-PRESET)', () => {
    const e = replayErr(protocol('moscow', TABLE10, []));
    expect(e).toMatchObject({ code: 'unknown-preset', rule: 'R-PRESET', path: 'preset' });
    expect(e.message).toMatch(/unknown preset "moscow"/);
  });

  it('a_preset_that_is_not_built_is_refused (R-PRESET)', () => {
    // Whichever preset id of RULES.md §8 is still to be built (none once all are).
    const unbuilt = PRESET_IDS.find((id) => !builtPresets().some((p) => p.id === id));
    if (unbuilt === undefined) return;
    const e = replayErr(protocol(unbuilt, TABLE10, []));
    expect(e).toMatchObject({ rule: 'R-PRESET', path: 'preset' });
    expect(e.message).toMatch(new RegExp(unbuilt));
  });

  it('an_unknown_option_is_refused (R-PRESET)', () => {
    const e = replayErr(protocol('classic', TABLE10, [], { options: { doctorHeals: 2 } }));
    expect(e).toMatchObject({ code: 'unknown-option', rule: 'R-PRESET', path: 'options.doctorHeals' });
    expect(e.message).toMatch(/unknown option "doctorHeals"/);
  });

  it('an_option_of_another_preset_is_refused (R-PRESET)', () => {
    const e = replayErr(protocol('short', ['mafia', 'civilian', 'civilian'], [], { options: { bestMove: true } }));
    expect(e).toMatchObject({ rule: 'R-PRESET', path: 'options.bestMove' });
  });

  it('an_option_out_of_range_is_refused_citing_its_rule (R-PRESET, R-SPORT-1)', () => {
    const e = replayErr(protocol('sport', TABLE10, [], { options: { foulsToRemove: -1 } }));
    expect(e).toMatchObject({ code: 'bad-option', rule: 'R-SPORT-1', path: 'options.foulsToRemove' });
    expect(e.message).toMatch(/foulsToRemove/);
  });

  it('an_unknown_role_is_refused (R-ROLE)', () => {
    const seats = [...TABLE10];
    seats[2] = 'wizard' as never;
    const e = replayErr(protocol('classic', seats, []));
    expect(e).toMatchObject({ code: 'unknown-role', rule: 'R-ROLE', path: 'seats[2]' });
    expect(e.message).toMatch(/unknown role "wizard" at seat 3/);
  });

  it('a_role_the_preset_does_not_deal_is_refused (R-PRESET)', () => {
    const seats = [...TABLE10];
    seats[0] = 'doctor' as never;
    const e = replayErr(protocol('classic', seats, []));
    expect(e).toMatchObject({ rule: 'R-PRESET', path: 'seats[0]' });
    expect(e.message).toMatch(/doctor/);
  });

  it('a_second_commissar_is_refused (R-PRESET)', () => {
    const seats = [...TABLE10];
    seats[0] = 'commissar' as never;
    const e = replayErr(protocol('classic', seats, []));
    expect(e.rule).toBe('R-PRESET');
    expect(e.message).toMatch(/only one commissar/);
  });

  it('a_table_where_the_mafia_start_at_parity_is_refused (R-PRESET, R-WIN-MAFIA)', () => {
    const e = replayErr(protocol('classic', ['mafia', 'don', 'civilian', 'civilian'], []));
    expect(e.rule).toBe('R-PRESET');
    expect(e.message).toMatch(/minority/);
  });

  it('a_table_without_mafia_is_refused (R-PRESET)', () => {
    const e = replayErr(protocol('classic', ['civilian', 'commissar', 'civilian', 'civilian'], []));
    expect(e.rule).toBe('R-PRESET');
    expect(e.message).toMatch(/mafia/);
  });

  it('modifications_are_refused_in_the_built_presets (R-PRESET; error rule R-MOD)', () => {
    const e = replayErr(protocol('classic', TABLE10, [], { modifications: ['dying-note'] }));
    expect(e).toMatchObject({ rule: 'R-MOD', path: 'modifications[0]' });
    expect(e.message).toMatch(/dying-note/);
  });

  it('createGame_refuses_a_player_count_the_preset_does_not_allow (R-PRESET)', () => {
    const t = createGame({ preset: 'sport', players: 9 });
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error).toMatchObject({ rule: 'R-PRESET', path: 'players' });
    const c = createGame({ preset: 'classic', players: 21 });
    expect(!c.ok && c.error.rule).toBe('R-PRESET');
  });
});

describe('protocol shape errors', () => {
  it('an_unknown_field_is_refused_with_its_path', () => {
    expect(replayErr({ ...protocol('classic', TABLE10, []), host: 'Anna' })).toMatchObject({ code: 'unknown-field', path: 'host' });
    const inDay = replayErr(protocol('classic', TABLE10, [{ night: 1 }, { day: 1, vote: {} }]));
    expect(inDay).toMatchObject({ code: 'unknown-field', path: 'steps[1].vote' });
    expect(inDay.message).toMatch(/unknown field "vote"/);
    const inAct = replayErr(protocol('classic', TABLE10, [{ night: 1, acts: [{ by: 2, act: 'kill', target: 4, note: 'x' }] }]));
    expect(inAct).toMatchObject({ code: 'unknown-field', path: 'steps[0].acts[0].note' });
  });

  it('a_wrong_format_is_refused', () => {
    const e = replayErr({ ...protocol('classic', TABLE10, []), format: 'mafia-protocol/2' });
    expect(e).toMatchObject({ path: 'format' });
    expect(e.message).toMatch(/mafia-protocol\/1/);
  });

  it('a_step_must_be_a_night_or_a_day (R-PHASE)', () => {
    const e = replayErr(protocol('classic', TABLE10, [{ evening: 1 }]));
    expect(e).toMatchObject({ path: 'steps[0]' });
    expect(e.message).toMatch(/"night" or "day"/);
  });

  it('a_seat_must_be_a_whole_number_in_range', () => {
    const e = replayErr(protocol('classic', TABLE10, [{ night: 1 }, { day: 1, nominations: [[1, '8']] }]));
    expect(e).toMatchObject({ path: 'steps[1].nominations[0][1]' });
    expect(e.message).toMatch(/whole number/);
    const out = replayErr(protocol('classic', TABLE10, [{ night: 1 }, { day: 1, nominations: [[1, 11]] }]));
    expect(out.message).toMatch(/seat number from 1 to 10/);
  });

  it('vote_keys_must_be_seat_numbers (R-VOTE-3)', () => {
    const e = replayErr(protocol('classic', TABLE10, [{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], votes: { eight: [1] } }]));
    expect(e).toMatchObject({ path: 'steps[1].votes' });
    expect(e.message).toMatch(/seat numbers/);
  });

  it('an_unknown_ability_is_refused (R-ROLE)', () => {
    const e = replayErr(protocol('classic', TABLE10, [{ night: 1 }, { day: 1 }, { night: 2, acts: [{ by: 3, act: 'heal', target: 4 }] }]));
    expect(e).toMatchObject({ rule: 'R-ROLE', path: 'steps[2].acts[0]' });
    expect(e.message).toMatch(/heal/);
  });
});

describe('an illegal command changes nothing', () => {
  const illegal: [string, () => ReturnType<typeof newGame>, Command, string][] = [
    ['a_vote_during_the_speeches (R-VOTE-3)', () => night(newGame('classic')), { type: 'vote', by: S(1), target: S(2) }, 'R-VOTE-3'],
    ['a_nomination_at_night (R-VOTE-1)', () => newGame('classic'), { type: 'nominate', by: S(1), target: S(2) }, 'R-VOTE-1'],
    ['ending_a_night_during_the_day (R-NIGHT-1)', () => night(newGame('classic')), { type: 'endNight' }, 'R-NIGHT-1'],
    ['a_night_act_during_the_day (R-NIGHT-1)', () => night(newGame('classic')), { type: 'act', by: S(2), act: 'kill', target: S(4) }, 'R-NIGHT-1'],
    ['ending_a_last_word_nobody_has (R-PHASE-3)', () => night(newGame('classic')), { type: 'endLastWords' }, 'R-PHASE-3'],
    ['closing_a_vote_that_is_not_open (R-VOTE-3)', () => night(newGame('classic')), { type: 'closeVote' }, 'R-VOTE-3'],
    ['a_lift_vote_without_a_tie (R-VOTE-6)', () => night(newGame('classic')), { type: 'liftVote', by: S(1), leave: true }, 'R-VOTE-6'],
    ['a_shot_on_the_introduction_night (R-PHASE-1)', () => newGame('classic'), { type: 'act', by: S(2), act: 'kill', target: S(4) }, 'R-PHASE-1'],
    ['a_second_shot_by_one_member (R-NIGHT-2)', () => run(quietDay(night(newGame('classic'))), { type: 'act', by: S(2), act: 'kill', target: S(4) }), { type: 'act', by: S(2), act: 'kill', target: S(6) }, 'R-NIGHT-2'],
    ['a_best_move_in_classic (R-SPORT-3)', () => night(quietDay(night(newGame('classic'))), [{ by: 2, act: 'kill', target: 4 }, { by: 5, act: 'kill', target: 4 }, { by: 8, act: 'kill', target: 4 }]), { type: 'bestMove', by: S(4), named: [S(2), S(5), S(8)] }, 'R-SPORT-3'],
    ['a_seat_out_of_range', () => night(newGame('classic')), { type: 'nominate', by: S(0), target: S(2) }, 'INPUT'],
    ['an_unknown_command', () => night(newGame('classic')), badCommand({ type: 'shout' }), 'INPUT'],
    ['a_command_without_a_type', () => night(newGame('classic')), badCommand(null), 'INPUT'],
  ];

  for (const [name, setup, command, rule] of illegal) {
    it(`refuses_${name}`, () => {
      const g = setup();
      const e = refused(g, command);
      expect(e.rule).toBe(rule);
      expect(e.message.length).toBeGreaterThan(10);
    });
  }

  it('a_refused_command_returns_no_new_game_and_the_old_one_still_works', () => {
    const g = night(newGame('classic'));
    const t = transition(g, { type: 'vote', by: S(1), target: S(2) });
    expect(t.ok).toBe(false);
    expect('game' in t).toBe(false);
    expect(run(g, { type: 'nominate', by: S(1), target: S(2) }).state.day?.nominations).toEqual([[1, 2]]);
  });
});
