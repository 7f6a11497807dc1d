/**
 * Immortal (Бессмертный, Piter and seed 002, RULES.md §6): survives every night shot; dies by
 * execution, by a right guess or a Werewolf takeover; blocked, mortal (roles-lawyer.test.ts);
 * 1-on-1 with a shooter of another team he loses.
 * P10: Don 1, mafia 2, 3; Commissar 4; Doctor 5; Immortal 6; Kamikaze 7; Psycho 8; civilians 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { checkWinner, type Command } from '@mafia/engine';
import { alive, diedAt, game, night, passDay, S } from './night-role-helpers.js';

const P10 = ['don', 'mafia', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
const E4 = ['mafia', 'immortal', 'civilian', 'civilian'];
const nominate = (by: number, target: number): Command => ({ type: 'nominate', by: S(by), target: S(target) });

describe('Immortal (R-ROLE)', () => {
  it('immortal_survives_the_mafia_shot (R-ROLE)', () => {
    const g = passDay(night(game('piter', P10)).g).g;
    expect(diedAt(night(g, [1, 2, 3].map((by) => ({ by, act: 'kill', target: 6 }))).events)).toEqual([]);
  });

  it('immortal_survives_the_maniac_and_a_cheater_copied_shot (R-ROLE)', () => {
    const roles = ['don', 'mafia', 'mafia', 'commissar', 'doctor', 'immortal', 'maniac', 'cheater', 'civilian', 'civilian', 'civilian', 'civilian'];
    const g = passDay(night(game('piter', roles)).g).g;
    const { events } = night(g, [{ by: 7, act: 'kill', target: 6 }, { by: 8, act: 'copy', target: 1, target2: 6 }]);
    expect(diedAt(events)).toEqual([]);
  });

  it('immortal_dies_by_execution (R-ROLE)', () => {
    let g = passDay(night(game('piter', P10, { voting: 'sequential' })).g).g;
    g = night(g).g;
    g = passDay(g, [nominate(4, 6)]).g;
    expect(alive(g)).not.toContain(6);
  });

  it('immortal_left_one_on_one_with_a_mafia_shooter_loses_even_under_majority (R-ROLE)', () => {
    let g = passDay(night(game('extended', E4, { voting: 'sequential' })).g).g;
    // Night 2: the mafia kill a Soldier; day 2 the other Soldier leaves: the Mafia and the Immortal remain.
    g = night(g, [{ by: 1, act: 'kill', target: 3 }]).g;
    const d = passDay(g, [nominate(2, 4)]);
    expect(alive(d.g)).toEqual([1, 2]);
    expect(d.g.state.winner).toBe('mafia');
    expect(checkWinner(d.g.state)).toBe('mafia');
  });
});
