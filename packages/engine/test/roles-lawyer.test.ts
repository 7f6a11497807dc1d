/**
 * Lawyer (Адвокат), both variants (RULES.md §6): the Piter alibi (R-VOTE-9) and the `extended` block.
 * PL10 (piter): Don 1, Lawyer 2, mafia 3; Commissar 4; Doctor 5; Immortal 6; Kamikaze 7; Psycho 8; civilians 9, 10.
 * E9 (extended): mafia 1, 2; Lawyer 3; Doctor 4; Commissar 5; Girl 6; Immortal 7; Soldiers 8, 9.
 */
import { describe, expect, it } from 'vitest';
import type { Command, Game } from '@mafia/engine';
import { actCmd, alive, diedAt, game, night, passDay, refusedAct, resultsOf, S, step, told, view } from './night-role-helpers.js';

const PL10 = ['don', 'lawyer', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
const E9 = ['mafia', 'mafia', 'lawyer', 'doctor', 'commissar', 'girl', 'immortal', 'civilian', 'civilian'];
const MANIACS = ['mafia', 'mafia', 'lawyer', 'doctor', 'commissar', 'maniac', 'maniac', 'civilian', 'civilian', 'civilian', 'civilian'];
const SEQ = { voting: 'sequential' };
const nominate = (by: number, target: number): Command => ({ type: 'nominate', by: S(by), target: S(target) });

/** Night 2 of a game (after the introduction night and a quiet day 1). */
function night2(preset: string, roles: readonly string[]): Game {
  return passDay(night(game(preset, roles, SEQ)).g).g;
}

describe('Piter Lawyer: alibi (R-VOTE-9)', () => {
  it('piter_lawyer_alibi_saves_the_player_from_the_next_day_execution (R-VOTE-9)', () => {
    let g = night(night2('piter', PL10), [{ by: 2, act: 'alibi', target: 9 }]).g;
    const day = passDay(g, [nominate(4, 9)]);
    g = day.g;
    expect(alive(g)).toContain(9);
    expect(day.events.find((e) => e.type === 'DayResolved')).toMatchObject({ by: 'alibi', left: [] });
  });

  it('piter_lawyer_alibi_each_player_once_per_game_self_included (R-VOTE-9)', () => {
    let g = night(night2('piter', PL10), [{ by: 2, act: 'alibi', target: 9 }]).g;
    g = passDay(g).g;
    expect(refusedAct(g, { by: 2, act: 'alibi', target: 9 })).toMatchObject({ code: 'forbidden-target', rule: 'R-VOTE-9' });
    g = night(g, [{ by: 2, act: 'alibi', target: 2 }]).g;
    expect(g.state.alibi).toEqual([2]);
    g = passDay(g).g;
    expect(refusedAct(g, { by: 2, act: 'alibi', target: 2 }).code).toBe('forbidden-target');
  });

  it('piter_lawyer_shoots_with_the_mafia (R-NIGHT-3)', () => {
    const { events } = night(night2('piter', PL10), [1, 2, 3].map((by) => ({ by, act: 'kill', target: 10 })));
    expect(diedAt(events)).toEqual([10]);
  });
});

describe('extended Lawyer: block (R-ROLE, R-NIGHT)', () => {
  it('blocked_doctor_does_not_heal_and_is_told_blocked (R-ROLE)', () => {
    const g0 = night2('extended', E9);
    const { g, events } = night(g0, [
      { by: 1, act: 'kill', target: 8 }, { by: 2, act: 'kill', target: 8 },
      { by: 3, act: 'block', target: 4 }, { by: 4, act: 'heal', target: 8 },
    ]);
    expect(diedAt(events)).toEqual([8]);
    const doctor = told(g, events, 4).find((e) => e.type === 'NightResolved');
    expect(doctor && doctor.type === 'NightResolved' && doctor.results).toEqual([{ by: 4, act: 'heal', target: 8, answer: 'blocked' }]);
    const soldier = told(g, events, 9).find((e) => e.type === 'NightResolved');
    expect(soldier && soldier.type === 'NightResolved' && soldier.results).toEqual([]);
  });

  it('blocked_commissar_gets_blocked_instead_of_an_answer (R-ROLE)', () => {
    const { events } = night(night2('extended', E9), [{ by: 3, act: 'block', target: 5 }, { by: 5, act: 'check', target: 1 }]);
    expect(resultsOf(events)).toEqual([{ by: 5, act: 'check', target: 1, answer: 'blocked' }]);
  });

  it('blocked_immortal_is_mortal_that_night (R-ROLE)', () => {
    const shot = [{ by: 1, act: 'kill', target: 7 }, { by: 2, act: 'kill', target: 7 }];
    expect(diedAt(night(night2('extended', E9), shot).events)).toEqual([]);
    expect(diedAt(night(night2('extended', E9), [...shot, { by: 3, act: 'block', target: 7 }]).events)).toEqual([7]);
  });

  it('lawyer_cannot_block_the_same_player_two_nights_running (R-ROLE)', () => {
    let g = night(night2('extended', E9), [{ by: 3, act: 'block', target: 4 }]).g;
    g = passDay(g).g;
    expect(refusedAct(g, { by: 3, act: 'block', target: 4 })).toMatchObject({ code: 'forbidden-target', rule: 'R-ROLE' });
    expect(refusedAct(g, { by: 3, act: 'block', target: 3 }).code).toBe('self-target');
  });

  it('blocking_one_of_two_maniacs_blocks_both (R-ROLE)', () => {
    const { events } = night(night2('extended', MANIACS), [
      { by: 3, act: 'block', target: 6 }, { by: 6, act: 'kill', target: 8 }, { by: 7, act: 'kill', target: 9 },
    ]);
    expect(diedAt(events)).toEqual([]);
    expect(resultsOf(events).map((r) => r.answer)).toEqual(['blocked', 'blocked']);
  });

  it('lawyer_becomes_a_shooter_when_the_mafia_shooters_are_gone (R-ROLE)', () => {
    let g = night2('extended', E9);
    g = step(g, { type: 'override', action: { kind: 'eliminate', seat: S(1) } }).g;
    const r = step(g, { type: 'override', action: { kind: 'eliminate', seat: S(2) } });
    g = r.g;
    expect(r.events).toContainEqual({ type: 'RoleChanged', seat: 3, role: 'mafia', team: 'mafia', reason: 'lawyer-shooter' });
    // The change is hidden information: the Lawyer hears it, a Soldier does not.
    expect(told(g, r.events, 3).some((e) => e.type === 'RoleChanged')).toBe(true);
    expect(told(g, r.events, 8).some((e) => e.type === 'RoleChanged')).toBe(false);
    expect(g.state.phase.kind).toBe('night');
    expect(diedAt(night(g, [{ by: 3, act: 'kill', target: 8 }]).events)).toEqual([8]);
  });
});

describe('the Lawyer\'s block is told to the blocked player (R-ROLE)', () => {
  it('blocked_immortal_learns_it_during_the_night_and_nobody_else_does (R-ROLE)', () => {
    let g = passDay(night(game('extended', E9, SEQ)).g).g;
    expect(g.state.phase.kind).toBe('night');
    expect(view(g, 7).blockedTonight).toBeUndefined();
    g = step(g, actCmd({ by: 3, act: 'block', target: 7 })).g;
    // The Immortal has no act to make, yet his view tells him at once.
    expect(view(g, 7).blockedTonight).toBe(true);
    for (const seat of [1, 2, 3, 4, 5, 6, 8, 9]) expect(view(g, seat).blockedTonight).toBeUndefined();
    // Shot that night he dies (the block makes him mortal); at dawn the flag is gone.
    g = step(g, actCmd({ by: 1, act: 'kill', target: 7 })).g;
    g = step(g, actCmd({ by: 2, act: 'kill', target: 7 })).g;
    g = step(g, { type: 'endNight' }).g;
    expect(alive(g)).not.toContain(7);
    for (const seat of [5, 7, 9]) expect(view(g, seat).blockedTonight).toBeUndefined();
  });

  it('blocked_commissar_sees_the_block_before_his_turn (R-ROLE)', () => {
    let g = passDay(night(game('extended', E9, SEQ)).g).g;
    g = step(g, actCmd({ by: 3, act: 'block', target: 5 })).g;
    expect(view(g, 5).blockedTonight).toBe(true);
    expect(view(g, 4).blockedTonight).toBeUndefined();
  });
});
