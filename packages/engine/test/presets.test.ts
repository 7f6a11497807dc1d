/**
 * Preset compositions and rule lists (RULES.md §8 R-PRESET, §6 R-ROLE).
 */
import { describe, expect, it } from 'vitest';
import { PRESETS, builtRoles, createGame } from '@mafia/engine';

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

describe('a club\'s own deck (R-PRESET)', () => {
  const deck = ['don', 'mafia', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];

  it('a_custom_composition_is_dealt_from_the_seed_card_for_card (R-PRESET)', () => {
    const a = createGame({ preset: 'club', composition: deck, seed: 7 });
    const b = createGame({ preset: 'club', composition: deck, seed: 7 });
    if (!a.ok || !b.ok) throw new Error(a.ok ? '' : a.error.message);
    expect([...a.game.state.setup.roles].sort()).toEqual([...deck].sort());
    expect(b.game.state.setup.roles).toEqual(a.game.state.setup.roles);
    const other = createGame({ preset: 'club', composition: deck, seed: 8 });
    const seeds = [7, 8, 9, 10, 11].map((seed) => createGame({ preset: 'club', composition: deck, seed })).map((t) => (t.ok ? t.game.state.setup.roles.join() : ''));
    expect(other.ok).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('a_custom_composition_obeys_the_presets_roles_and_counts (R-PRESET)', () => {
    const foreign = createGame({ preset: 'classic', composition: ['don', 'mafia', 'doctor', 'commissar', 'civilian', 'civilian', 'civilian'], seed: 1 });
    expect(foreign.ok).toBe(false);
    if (!foreign.ok) expect(foreign.error).toMatchObject({ code: 'role-not-in-preset', path: 'composition[2]' });
    const mismatch = createGame({ preset: 'club', composition: deck, players: 10, seed: 1 });
    expect(mismatch.ok).toBe(false);
    if (!mismatch.ok) expect(mismatch.error).toMatchObject({ code: 'bad-player-count', path: 'composition' });
  });
});
