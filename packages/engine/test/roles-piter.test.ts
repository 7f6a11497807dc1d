/**
 * The Piter roles (seed 000 Piter, RULES.md §6): Kamikaze, Psycho, Recruiter, Cheater, Werewolf (Piter).
 * P10: Don 1, mafia 2, 3; Commissar 4; Doctor 5; Immortal 6; Kamikaze 7; Psycho 8; civilians 9, 10.
 * K12: Don 1, mafia 2, 3; Commissar 4; Doctor 5; Immortal 6; Kamikaze 7; Psycho 8; Maniac 9; Cheater 10;
 *      Werewolf 11; civilian 12.
 * R10: Don 1, Recruiter 2, mafia 3; then as P10.
 */
import { describe, expect, it } from 'vitest';
import { checkWinner, type Command, type Game } from '@mafia/engine';
import { alive, diedAt, game, night, passDay, refusedAct, resultsOf, S, told, view } from './night-role-helpers.js';

const P10 = ['don', 'mafia', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
const K12 = ['don', 'mafia', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'maniac', 'cheater', 'werewolf', 'civilian'];
const R10 = ['don', 'recruiter', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
const R11 = ['don', 'recruiter', 'mafia', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
const SEQ = { voting: 'sequential' };
const nominate = (by: number, target: number): Command => ({ type: 'nominate', by: S(by), target: S(target) });
const shot = (target: number, shooters = [1, 2, 3]) => shooters.map((by) => ({ by, act: 'kill', target }));

function night2(roles: readonly string[], options: Record<string, unknown> = SEQ): Game {
  return passDay(night(game('piter', roles, options)).g).g;
}

describe('Kamikaze (R-ROLE)', () => {
  it('kamikaze_shot_by_the_mafia_takes_the_lowest_seat_that_shot_him (R-ROLE)', () => {
    // The Don names nobody (a Don's own shot decides a split: R-NIGHT-3, "Rules audit 3").
    const { events } = night(night2(P10), [{ by: 2, act: 'kill', target: 7 }, { by: 3, act: 'kill', target: 7 }]);
    expect(diedAt(events)).toEqual([2, 7]);
    // The Don overrules the two others: 9 is shot, the Kamikaze lives.
    expect(diedAt(night(night2(P10), [{ by: 1, act: 'kill', target: 9 }, { by: 2, act: 'kill', target: 7 }, { by: 3, act: 'kill', target: 7 }]).events)).toEqual([9]);
  });

  it('kamikaze_shot_by_the_maniac_takes_the_maniac (R-ROLE)', () => {
    expect(diedAt(night(night2(K12), [{ by: 9, act: 'kill', target: 7 }]).events)).toEqual([7, 9]);
  });

  it('kamikaze_shot_by_a_cheater_copied_shot_takes_the_cheater (R-ROLE)', () => {
    expect(diedAt(night(night2(K12), [{ by: 10, act: 'copy', target: 1, target2: 7 }]).events)).toEqual([7, 10]);
  });

  it('kamikaze_healed_or_guessed_takes_nobody (R-ROLE)', () => {
    expect(diedAt(night(night2(P10), [...shot(7), { by: 5, act: 'heal', target: 7 }]).events)).toEqual([]);
    expect(diedAt(night(night2(P10), [{ by: 1, act: 'guess', target: 7, role: 'kamikaze' }]).events)).toEqual([7]);
  });
});

describe('Psycho (R-ROLE)', () => {
  it('psycho_is_town_until_nominated_then_kills_from_the_next_night (R-ROLE)', () => {
    let g = game('piter', P10, SEQ);
    g = night(g).g;
    // Day 1: nominated (a lone nominee on day 1 stays): he turns at nightfall.
    const day = passDay(g, [nominate(4, 8)]);
    g = day.g;
    expect(day.events).toContainEqual({ type: 'RoleChanged', seat: 8, role: 'psycho', team: 'solo', reason: 'nominated' });
    expect(told(g, day.events, 8).some((e) => e.type === 'RoleChanged')).toBe(true);
    expect(told(g, day.events, 9).some((e) => e.type === 'RoleChanged')).toBe(false);
    expect(diedAt(night(g, [{ by: 8, act: 'kill', target: 9 }]).events)).toEqual([9]);
  });

  it('psycho_never_nominated_stays_a_civilian_and_cannot_kill (R-ROLE)', () => {
    expect(refusedAct(night2(P10), { by: 8, act: 'kill', target: 9 }).code).toBe('not-tonight');
  });

  it('psycho_wins_one_on_one_with_a_town_role (R-ROLE)', () => {
    const g = passDay(night(game('piter', P10, SEQ)).g, [nominate(4, 8)]).g;
    const s = { ...g.state, alive: g.state.alive.map((_, i) => i === 7 || i === 8) };
    expect(checkWinner(s)).toBe('psycho');
  });
});

describe('Recruiter (R-ROLE)', () => {
  it('recruit_turns_a_town_player_into_mafia_at_dawn_and_the_role_is_announced (R-ROLE)', () => {
    const { g, events } = night(night2(R10), [{ by: 2, act: 'recruit', target: 4 }]);
    expect(g.state.roles[3]).toBe('mafia');
    expect(g.state.teams[3]).toBe('mafia');
    // The morning news: which role turned, not who (public); the seat hears his new role alone.
    expect(told(g, events, 9)).toContainEqual({ type: 'RoleAnnounced', role: 'commissar', reason: 'recruited' });
    expect(told(g, events, 9).some((e) => e.type === 'RoleChanged')).toBe(false);
    expect(told(g, events, 4)).toContainEqual({ type: 'RoleChanged', seat: 4, role: 'mafia', team: 'mafia', reason: 'recruited' });
    // The recruit now knows the mafia, and they know him.
    expect(view(g, 4).seats[0].role).toBe('don');
    expect(view(g, 1).seats[3].role).toBe('mafia');
  });

  it('recruit_once_per_game (R-ROLE)', () => {
    let g = night(night2(R10), [{ by: 2, act: 'recruit', target: 9 }]).g;
    g = passDay(g).g;
    expect(refusedAct(g, { by: 2, act: 'recruit', target: 10 }).code).toBe('not-tonight');
  });

  it('no_recruit_with_four_or_more_mafia_alive (R-ROLE)', () => {
    expect(refusedAct(night2(R11), { by: 2, act: 'recruit', target: 10 }).code).toBe('not-tonight');
  });

  it('a_recruit_killed_that_night_does_not_turn (R-ROLE)', () => {
    const { g, events } = night(night2(R10), [{ by: 2, act: 'recruit', target: 9 }, ...shot(9)]);
    expect(diedAt(events)).toEqual([9]);
    expect(g.state.roles[8]).toBe('civilian');
    expect(events.some((e) => e.type === 'RoleAnnounced')).toBe(false);
  });
});

describe('Cheater (R-ROLE)', () => {
  it('cheater_copies_a_shot_onto_his_second_target (R-ROLE)', () => {
    expect(diedAt(night(night2(K12), [{ by: 10, act: 'copy', target: 1, target2: 12 }]).events)).toEqual([12]);
  });

  it('cheater_copies_a_heal_which_saves_from_the_mafia (R-ROLE)', () => {
    expect(diedAt(night(night2(K12), [...shot(12), { by: 10, act: 'copy', target: 5, target2: 12 }]).events)).toEqual([]);
  });

  it('cheater_copies_nothing_from_a_player_without_an_active_ability (R-ROLE)', () => {
    const { events } = night(night2(K12), [{ by: 10, act: 'copy', target: 6, target2: 12 }]);
    expect(diedAt(events)).toEqual([]);
    expect(resultsOf(events)).toEqual([]);
  });

  it('cheater_needs_a_second_target (R-ROLE)', () => {
    expect(refusedAct(night2(K12), { by: 10, act: 'copy', target: 1 }).code).toBe('bad-seat');
  });

  it('cheater_wins_alone_against_two_non_shooting_roles (R-ROLE)', () => {
    const g = night2(K12);
    const keep = [3, 9, 11]; // Commissar, Cheater, civilian (0-based 3 = seat 4)
    const s = { ...g.state, alive: g.state.alive.map((_, i) => keep.includes(i)) };
    expect(checkWinner(s)).toBe('cheater');
    const withShooter = { ...g.state, alive: g.state.alive.map((_, i) => [1, 9, 11].includes(i)) };
    expect(checkWinner(withShooter)).not.toBe('cheater');
  });
});

describe('Werewolf, Piter variant (R-ROLE)', () => {
  it('werewolf_right_guess_takes_the_role_and_the_owner_dies_even_the_immortal (R-ROLE)', () => {
    const { g, events } = night(night2(K12), [{ by: 11, act: 'guess', target: 6, role: 'immortal' }, { by: 5, act: 'heal', target: 6 }]);
    expect(diedAt(events)).toEqual([6]);
    expect(resultsOf(events)).toEqual([{ by: 11, act: 'guess', target: 6, role: 'immortal', answer: 'right' }]);
    expect(g.state.roles[10]).toBe('immortal');
    expect(g.state.teams[10]).toBe('town');
    expect(told(g, events, 11)).toContainEqual({ type: 'RoleChanged', seat: 11, role: 'immortal', team: 'town', reason: 'werewolf-guess' });
    expect(told(g, events, 12).some((e) => e.type === 'RoleChanged')).toBe(false);
  });

  it('werewolf_takes_a_mafia_role_and_joins_the_mafia (R-ROLE)', () => {
    const { g } = night(night2(K12), [{ by: 11, act: 'guess', target: 2, role: 'mafia' }]);
    expect(alive(g)).not.toContain(2);
    expect(g.state.teams[10]).toBe('mafia');
    expect(view(g, 11).seats[0].role).toBe('don');
  });

  it('werewolf_wrong_guess_does_nothing (R-ROLE)', () => {
    const { g, events } = night(night2(K12), [{ by: 11, act: 'guess', target: 12, role: 'doctor' }]);
    expect(diedAt(events)).toEqual([]);
    expect(g.state.roles[10]).toBe('werewolf');
  });

  it('werewolf_dies_as_soon_as_five_remain (R-ROLE)', () => {
    const W7 = ['don', 'mafia', 'commissar', 'doctor', 'werewolf', 'civilian', 'civilian'];
    let g = night2(W7);
    g = night(g, [{ by: 1, act: 'kill', target: 6 }, { by: 2, act: 'kill', target: 6 }]).g;
    expect(alive(g)).toContain(5);
    const day = passDay(g, [nominate(3, 7)]);
    expect(day.events).toContainEqual({ type: 'PlayerDied', seat: 5, reason: 'werewolf-five' });
    expect(alive(day.g)).toEqual([1, 2, 3, 4]);
  });

  it('werewolf_dies_at_dawn_when_the_night_leaves_five (R-ROLE)', () => {
    const W7 = ['don', 'mafia', 'commissar', 'doctor', 'werewolf', 'civilian', 'civilian'];
    let g = game('piter', W7, SEQ);
    g = passDay(night(g).g, []).g;
    g = night(g, [{ by: 1, act: 'kill', target: 6 }, { by: 2, act: 'kill', target: 6 }]).g;
    g = passDay(g, [nominate(3, 7)]).g;
    expect(alive(g)).toEqual([1, 2, 3, 4]);
    const W8 = ['don', 'mafia', 'commissar', 'doctor', 'werewolf', 'civilian', 'civilian', 'civilian'];
    let h = night2(W8);
    h = night(h, [{ by: 1, act: 'kill', target: 6 }, { by: 2, act: 'kill', target: 6 }]).g;
    h = passDay(h, [nominate(3, 7)]).g;
    const last = night(h, [{ by: 1, act: 'kill', target: 8 }, { by: 2, act: 'kill', target: 8 }]);
    expect(diedAt(last.events)).toEqual([5, 8]);
  });
});

describe('Piter mafia (R-CHECK-1)', () => {
  it('piter_don_is_red_to_the_commissar_the_mafia_black (R-CHECK-1)', () => {
    const { events } = night(night2(P10), [{ by: 4, act: 'check', target: 1 }]);
    expect(resultsOf(events)).toEqual([{ by: 4, act: 'check', target: 1, answer: 'no' }]);
    const other = night(night2(P10), [{ by: 4, act: 'check', target: 2 }]);
    expect(resultsOf(other.events)).toEqual([{ by: 4, act: 'check', target: 2, answer: 'yes' }]);
  });

  it('piter_don_has_no_check_of_his_own (R-ROLE)', () => {
    expect(refusedAct(night2(P10), { by: 1, act: 'check', target: 4 }).code).toBe('no-such-ability');
  });

  it('piter_night_1_is_an_introduction_night (R-PHASE-1)', () => {
    expect(refusedAct(game('piter', P10), { by: 1, act: 'kill', target: 9 }).code).toBe('introduction-night');
  });
});

