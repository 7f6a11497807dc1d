/**
 * Transformations on leaving (RULES.md §5: at once, day or night — game/transform.ts): Student, the
 * town Werewolf (extended), Heir (R-MOD), Lawyer-turned-shooter (roles-lawyer.test.ts), and the Psycho
 * at nightfall (roles-piter.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Command, Game } from '@mafia/engine';
import { alive, diedAt, game, night, passDay, S, told, view } from './night-role-helpers.js';

/** T1: mafia 1, 2; Doctor 3; Commissar 4; Girl 5; Student 6; Werewolf 7; Soldiers 8, 9. */
const T1 = ['mafia', 'mafia', 'doctor', 'commissar', 'girl', 'student', 'werewolf', 'civilian', 'civilian'];
/** T2: mafia 1, 2; Doctor 3; Commissar 4; Cop 5; Student 6; Soldiers 7, 8, 9. */
const T2 = ['mafia', 'mafia', 'doctor', 'commissar', 'cop', 'student', 'civilian', 'civilian', 'civilian'];
/** T3: Mafia 1; Doctor 2; Commissar 3; Girl 4; Werewolf 5; Soldiers 6, 7. */
const T3 = ['mafia', 'doctor', 'commissar', 'girl', 'werewolf', 'civilian', 'civilian'];
/** T4: Mafia 1; Black Widow 2; Doctor 3; Commissar 4; Soldiers 5, 6, 7. */
const T4 = ['mafia', 'black-widow', 'doctor', 'commissar', 'civilian', 'civilian', 'civilian'];
const SEQ = { voting: 'sequential' };
const nominate = (by: number, target: number): Command => ({ type: 'nominate', by: S(by), target: S(target) });

function night2(roles: readonly string[], modifications?: readonly string[]): Game {
  return passDay(night(game('extended', roles, SEQ, modifications)).g).g;
}

describe('Student (R-ROLE)', () => {
  it('student_takes_the_role_and_team_of_the_first_shooter_to_leave_by_day (R-ROLE)', () => {
    const g0 = night(night2(T1)).g;
    const day = passDay(g0, [nominate(4, 1)]);
    const g = day.g;
    expect(alive(g)).not.toContain(1);
    expect(day.events).toContainEqual({ type: 'RoleChanged', seat: 6, role: 'mafia', team: 'mafia', reason: 'student' });
    expect(told(g, day.events, 6).some((e) => e.type === 'RoleChanged')).toBe(true);
    expect(told(g, day.events, 8).some((e) => e.type === 'RoleChanged')).toBe(false);
    // He now knows his new team, and shoots with it the very next night.
    expect(view(g, 6).seats[1].role).toBe('mafia');
    const n3 = night(g, [{ by: 2, act: 'kill', target: 8 }, { by: 6, act: 'kill', target: 8 }]);
    expect(diedAt(n3.events)).toEqual([8]);
  });

  it('student_takes_a_cop_killed_at_night_and_must_shoot_next (R-ROLE)', () => {
    const { g, events } = night(night2(T2), [{ by: 1, act: 'kill', target: 5 }, { by: 2, act: 'kill', target: 5 }, { by: 5, act: 'kill', target: 9 }]);
    expect(diedAt(events)).toEqual([5, 9]);
    expect(g.state.roles[5]).toBe('cop');
    expect(g.state.teams[5]).toBe('town');
    const g3 = passDay(g).g;
    const t = night(g3, [{ by: 6, act: 'kill', target: 1 }]);
    expect(diedAt(t.events)).toEqual([1]);
  });

  it('student_ignores_a_non_shooter_leaving (R-ROLE)', () => {
    const g = passDay(night(night2(T1)).g, [nominate(1, 4)]).g;
    expect(alive(g)).not.toContain(4);
    expect(g.state.roles[5]).toBe('student');
  });
});

describe('town Werewolf (extended, R-ROLE)', () => {
  it('werewolf_turns_when_the_whole_mafia_is_gone_and_kills_for_himself (R-ROLE)', () => {
    const day = passDay(night(night2(T3)).g, [nominate(3, 1)]);
    const g = day.g;
    expect(day.events).toContainEqual({ type: 'RoleChanged', seat: 5, role: 'werewolf', team: 'solo', reason: 'werewolf-turned' });
    // The town has not won: a hostile shooter remains.
    expect(g.state.winner).toBeNull();
    expect(g.state.phase.kind).toBe('night');
    expect(diedAt(night(g, [{ by: 5, act: 'kill', target: 6 }]).events)).toEqual([6]);
  });

  it('werewolf_is_seen_as_town_while_the_mafia_remain (R-ROLE)', () => {
    const { events } = night(night2(T3), [{ by: 3, act: 'check', target: 5 }]);
    const check = events.find((e) => e.type === 'NightResolved');
    expect(check && check.type === 'NightResolved' && check.results[0].answer).toBe('no');
  });
});

describe('Heir (R-MOD heir)', () => {
  it('heir_the_black_widow_becomes_the_shooter_and_the_host_announces_the_role (R-MOD)', () => {
    const day = passDay(night(night2(T4, ['heir'])).g, [nominate(3, 1)]);
    const g = day.g;
    expect(day.events).toContainEqual({ type: 'RoleChanged', seat: 2, role: 'mafia', team: 'mafia', reason: 'heir' });
    expect(told(g, day.events, 5)).toContainEqual({ type: 'RoleAnnounced', role: 'black-widow', reason: 'heir' });
    expect(g.state.phase.kind).toBe('night');
    expect(diedAt(night(g, [{ by: 2, act: 'kill', target: 5 }]).events)).toEqual([5]);
  });

  it('without_heir_no_shooter_is_named (R-MOD)', () => {
    const day = passDay(night(night2(T4)).g, [nominate(3, 1)]);
    expect(day.events.some((e) => e.type === 'RoleChanged')).toBe(false);
    expect(day.g.state.roles[1]).toBe('black-widow');
  });
});
