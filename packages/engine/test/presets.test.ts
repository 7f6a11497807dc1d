/**
 * Preset compositions and rule lists (RULES.md §8 R-PRESET, §6 R-ROLE).
 */
import { describe, expect, it } from 'vitest';
import { PRESETS, builtRoles } from '@mafia/engine';

const black = (roles: readonly string[]) => roles.filter((r) => r === 'mafia' || r === 'don').length;

describe('classic compositions (R-PRESET)', () => {
  it('ten_players_are_seven_red_and_three_black_with_don_and_commissar (R-PRESET)', () => {
    const roles = [...PRESETS.classic!.composition(10)!].sort();
    expect(roles).toEqual(['civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'commissar', 'don', 'mafia', 'mafia']);
  });

  it('the_other_red_black_splits_of_seed_003_are_dealt (R-PRESET)', () => {
    // "6/2, 10/4, 13/5" are red/black: 8, 14 and 18 players.
    expect(black(PRESETS.classic!.composition(8)!)).toBe(2);
    expect(black(PRESETS.classic!.composition(14)!)).toBe(4);
    expect(black(PRESETS.classic!.composition(18)!)).toBe(5);
  });

  it('other_counts_use_m_equals_n_over_three_and_a_half (R-PRESET)', () => {
    for (const [n, m] of [[4, 1], [5, 1], [6, 2], [7, 2], [9, 3], [11, 3], [12, 3], [13, 4], [16, 5], [20, 6]]) {
      const roles = PRESETS.classic!.composition(n)!;
      expect(roles).toHaveLength(n);
      expect(black(roles)).toBe(m);
      expect(roles.filter((r) => r === 'don')).toHaveLength(1);
      expect(roles.filter((r) => r === 'commissar')).toHaveLength(1);
    }
  });
});

describe('roles (R-ROLE, R-TEAM)', () => {
  it('the_built_roles_have_their_teams (R-ROLE, R-TEAM)', () => {
    const teams = Object.fromEntries(builtRoles().map((r) => [r.id, r.team]));
    expect(teams).toMatchObject({ civilian: 'town', commissar: 'town', mafia: 'mafia', don: 'mafia' });
  });

  it('the_presets_deal_only_their_roles (R-PRESET)', () => {
    expect([...PRESETS.classic!.roles].sort()).toEqual(['civilian', 'commissar', 'don', 'mafia']);
    expect([...PRESETS.sport!.roles].sort()).toEqual(['civilian', 'commissar', 'don', 'mafia']);
    expect([...PRESETS.short!.roles].sort()).toEqual(['civilian', 'mafia']);
  });
});
