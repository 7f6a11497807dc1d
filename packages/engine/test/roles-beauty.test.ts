/**
 * Beauty (Красотка), both variants (RULES.md §6): the club Beauty of seed 004 (town, `visit`) and the
 * Piter Beauty (mafia, `guess`), and the mafia's team guess without her (УГАДАЙКА).
 * CLUB10: mafia 2, Don 5, mafia 8; Sheriff 3; Doctor 4; Maniac 6; Beauty 9; civilians 1, 7, 10.
 * P10: Don 1, Beauty 2, mafia 3; Commissar 4; Doctor 5; Immortal 6; Kamikaze 7; Psycho 8; civilians 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { alive, diedAt, game, night, passDay, refusedAct, resultsOf, step, told } from './night-role-helpers.js';

const CLUB10 = ['civilian', 'mafia', 'sheriff', 'doctor', 'don', 'maniac', 'civilian', 'mafia', 'beauty', 'civilian'];
const P10 = ['don', 'beauty', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
const NO_BEAUTY = ['don', 'mafia', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
const clubShot = (target: number) => [2, 5, 8].map((by) => ({ by, act: 'kill', target }));
const piterShot = (target: number, shooters = [1, 2, 3]) => shooters.map((by) => ({ by, act: 'kill', target }));

/** A piter game at night 2 (night 1 is the introduction night, a quiet day 1). */
function piterNight2(roles = P10, options: Record<string, unknown> = {}) {
  let g = game('piter', roles, options);
  g = night(g).g;
  return passDay(g).g;
}

describe('club Beauty (seed 004, R-ROLE)', () => {
  it('club_beauty_host_survives_a_mafia_shot_nobody_home_and_it_is_a_useful_action (R-ROLE)', () => {
    const { g, events } = night(game('club', CLUB10), [...clubShot(7), { by: 9, act: 'visit', target: 7 }]);
    expect(diedAt(events)).toEqual([]);
    expect(g.state.useful[8]).toBe(1);
  });

  it('club_beauty_host_survives_the_maniac_too (R-ROLE)', () => {
    const { events } = night(game('club', CLUB10), [{ by: 6, act: 'kill', target: 10 }, { by: 9, act: 'visit', target: 10 }]);
    expect(diedAt(events)).toEqual([]);
  });

  it('club_beauty_killed_her_host_dies_with_her_even_a_mafioso (R-NIGHT)', () => {
    const { g, events } = night(game('club', CLUB10), [...clubShot(9), { by: 9, act: 'visit', target: 2 }]);
    expect(diedAt(events)).toEqual([2, 9]);
    expect(alive(g)).not.toContain(2);
  });

  it('club_beauty_cannot_visit_herself_nor_the_same_player_two_nights_running (R-ROLE)', () => {
    let g = game('club', CLUB10);
    expect(refusedAct(g, { by: 9, act: 'visit', target: 9 }).code).toBe('self-target');
    g = night(g, [{ by: 9, act: 'visit', target: 7 }]).g;
    g = passDay(g).g;
    expect(refusedAct(g, { by: 9, act: 'visit', target: 7 })).toMatchObject({ code: 'forbidden-target', rule: 'R-ROLE' });
  });
});

describe('Piter Beauty: the guess (R-ROLE)', () => {
  it('piter_beauty_right_guess_kills_through_heal_and_immortality (R-ROLE)', () => {
    const g0 = piterNight2();
    const { g, events } = night(g0, [{ by: 2, act: 'guess', target: 6, role: 'immortal' }, { by: 5, act: 'heal', target: 6 }]);
    expect(diedAt(events)).toEqual([6]);
    expect(resultsOf(events)).toEqual([{ by: 2, act: 'guess', target: 6, role: 'immortal', answer: 'right' }]);
    // Only the Beauty hears the answer; the Doctor learns nothing but the morning news.
    const beauty = told(g, events, 2).find((e) => e.type === 'NightResolved');
    const doctor = told(g, events, 5).find((e) => e.type === 'NightResolved');
    expect(beauty && beauty.type === 'NightResolved' && beauty.results).toHaveLength(1);
    expect(doctor && doctor.type === 'NightResolved' && doctor.results).toEqual([]);
  });

  it('piter_beauty_wrong_guess_does_nothing (R-ROLE)', () => {
    const { events } = night(piterNight2(), [{ by: 2, act: 'guess', target: 9, role: 'doctor' }]);
    expect(diedAt(events)).toEqual([]);
    expect(resultsOf(events)).toEqual([{ by: 2, act: 'guess', target: 9, role: 'doctor', answer: 'wrong' }]);
  });

  it('piter_beauty_also_shoots_with_the_mafia_and_a_guess_needs_a_role (R-NIGHT-3)', () => {
    const g = piterNight2();
    expect(refusedAct(g, { by: 2, act: 'guess', target: 9 }).code).toBe('bad-field');
    expect(refusedAct(g, { by: 2, act: 'guess', target: 9, role: 'wizard' }).code).toBe('forbidden-target');
    expect(diedAt(night(g, piterShot(9)).events)).toEqual([9]);
  });

  it('piter_with_a_beauty_the_mafia_have_no_team_guess (R-ROLE)', () => {
    expect(refusedAct(piterNight2(), { by: 1, act: 'guess', target: 9, role: 'civilian' }).code).toBe('not-tonight');
  });
});

describe('УГАДАЙКА: the mafia guess without a Beauty (R-ROLE)', () => {
  it('mafia_team_guess_is_shown_by_any_mafia_member_once_a_night (R-ROLE, decisions "Rules audit 3")', () => {
    const g = piterNight2(NO_BEAUTY);
    const { events } = night(g, [{ by: 2, act: 'guess', target: 9, role: 'civilian' }]);
    expect(diedAt(events)).toEqual([9]);
    expect(resultsOf(events)[0]).toMatchObject({ by: 2, answer: 'right' });
    // One guess a night for the team: after the Mafia's guess the Don has none tonight.
    const after = step(g, { type: 'act', by: 2 as never, act: 'guess', target: 9 as never, role: 'civilian' } as never).g;
    expect(refusedAct(after, { by: 1, act: 'guess', target: 10, role: 'civilian' }).code).toBe('not-tonight');
  });

  it('mafia_team_guess_is_limited_per_game_by_the_mafiaGuesses_option (R-ROLE)', () => {
    let g = piterNight2(NO_BEAUTY, { mafiaGuesses: 1 });
    g = night(g, [{ by: 1, act: 'guess', target: 9, role: 'doctor' }]).g;
    g = passDay(g).g;
    expect(refusedAct(g, { by: 1, act: 'guess', target: 9, role: 'civilian' }).code).toBe('not-tonight');
  });

  it('mafia_team_guess_default_is_two_per_game (R-ROLE)', () => {
    let g = piterNight2(NO_BEAUTY);
    expect(g.state.options.mafiaGuesses).toBe(2);
    for (let k = 0; k < 2; k++) g = passDay(night(g, [{ by: 1, act: 'guess', target: 9, role: 'doctor' }]).g).g;
    expect(refusedAct(g, { by: 1, act: 'guess', target: 9, role: 'doctor' }).code).toBe('not-tonight');
  });

  it('without_the_don_any_other_alive_mafia_member_shows_the_guess (R-ROLE)', () => {
    let g = piterNight2(NO_BEAUTY);
    // The Doctor's heal on the Don does not matter: he leaves by the vote below (sequential test day).
    g = night(g, piterShot(10, [1, 2, 3])).g;
    expect(alive(g)).not.toContain(10);
    const t = game('piter', NO_BEAUTY, { voting: 'sequential' });
    let h = passDay(night(t).g).g;
    h = night(h).g;
    // Day 2: the Don is the single nominee and leaves.
    h = passDay(h, [{ type: 'nominate', by: 4 as never, target: 1 as never }]).g;
    expect(alive(h)).not.toContain(1);
    expect(refusedAct(h, { by: 1, act: 'guess', target: 9, role: 'civilian' }).code).toBe('not-alive');
    expect(diedAt(night(h, [{ by: 3, act: 'guess', target: 9, role: 'civilian' }]).events)).toEqual([9]);
  });
});
