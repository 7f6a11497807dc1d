/**
 * Issue 23, point 3: the view names each role's variant as the preset and its modifications play it,
 * and whom the Don seeks in the deck, the same for every viewer and never by seat.
 */
import { describe, expect, it } from 'vitest';
import { createGame, donSeeks, project, roleVariants, seatNo, type Game } from '@mafia/engine';

function game(preset: string, roles: string[], modifications?: string[]): Game {
  const t = createGame({ preset, roles, ...(modifications ? { modifications } : {}) });
  if (!t.ok) throw new Error(t.error.message);
  return t.game;
}

const CLUB = ['don', 'mafia', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian'];

describe('role variants in the view', () => {
  it('club_plays_the_detective_sheriff_and_its_don_seeks_him', () => {
    const v = project(game('club', CLUB).state, { kind: 'seat', seat: seatNo(1) });
    expect(v.roleVariants.sheriff).toBe('detective');
    expect(v.roleVariants.doctor).toBe('club');
    expect(v.donSeeks).toEqual(['sheriff']);
  });

  it('party_plays_the_shooting_sheriff_and_its_don_seeks_the_commissar', () => {
    const g = game('party', ['don', 'mafia', 'commissar', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian']);
    expect(roleVariants(g.state.setup).sheriff).toBe('shooter');
    expect(donSeeks(g.state.setup)).toEqual(['commissar']);
  });

  it('a_deck_with_both_lists_them_in_a_fixed_order_whatever_the_seats', () => {
    // No built preset deals both; a setup that did must not tell by the order which seat holds which.
    const setup = (roles: string[]) => ({ ...game('club', CLUB).state.setup, roles }) as Game['state']['setup'];
    expect(donSeeks(setup(['don', 'sheriff', 'commissar', 'civilian']))).toEqual(['commissar', 'sheriff']);
    expect(donSeeks(setup(['don', 'commissar', 'sheriff', 'civilian']))).toEqual(['commissar', 'sheriff']);
  });

  it('modifications_change_the_variant_and_every_viewer_gets_the_same', () => {
    const g = game('extended', ['mafia', 'mafia', 'commissar', 'doctor', 'girl', 'maniac', 'maniac', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'], ['sherlock', 'bonnie-and-clyde']);
    const views = [{ kind: 'host' as const }, { kind: 'spectator' as const }, ...[1, 3, 6, 8].map((n) => ({ kind: 'seat' as const, seat: seatNo(n) }))].map((w) => project(g.state, w));
    for (const v of views) {
      expect(v.roleVariants).toEqual(views[0]!.roleVariants);
      expect(v.donSeeks).toEqual(['commissar']);
    }
    expect(views[0]!.roleVariants.commissar).toBe('sherlock');
    expect(views[0]!.roleVariants.maniac).toBe('bonnie-and-clyde');
    expect(views[0]!.roleVariants.doctor).toBe('extended');
  });
});
