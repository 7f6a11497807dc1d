/**
 * Modifications of issue 3 (RULES.md §7): extra-card, broken-lanterns, dying-note, victim-list (heir:
 * transformations.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildSetup, createGame, HOST, presetOf, project, roleIn, transition, type Command, type Game } from '@mafia/engine';
import { extraCardDeck } from '../src/game/modifications.js';
import { game, night, passDay, S, step, told, view } from './night-role-helpers.js';

const E9 = ['mafia', 'mafia', 'lawyer', 'doctor', 'commissar', 'girl', 'immortal', 'civilian', 'civilian'];
const mafiaIn = (roles: readonly string[]) => roles.filter((r) => roleIn('extended', r as never)?.team === 'mafia').length;

describe('extra-card (R-MOD)', () => {
  it('extra_card_deck_holds_n_plus_one_cards_with_at_least_two_mafia (R-MOD)', () => {
    const deck = extraCardDeck(presetOf('extended')!, 5, presetOf('extended')!.composition(5)!);
    expect(deck).toHaveLength(6);
    expect(mafiaIn(deck)).toBeGreaterThanOrEqual(2);
  });

  it('extra_card_deals_n_cards_and_one_stays_hidden (R-MOD)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const setup = buildSetup({ preset: 'extended', players: 5, seed, modifications: ['extra-card'] });
      expect(setup.roles).toHaveLength(5);
      expect(mafiaIn(setup.roles)).toBeGreaterThanOrEqual(1);
    }
  });

  it('extra_card_nights_wake_every_card_of_the_deck_whichever_card_was_left_out (R-MOD, R-NIGHT-4)', () => {
    for (const [preset, players] of [['piter', 10], ['extended', 9]] as const) {
      const deck = buildSetup({ preset, players, seed: 1, modifications: ['extra-card'] }).deck!;
      expect(deck).toHaveLength(players + 1);
      const seen = new Map<string, string>();
      for (let seed = 1; seed <= 60; seed++) {
        const g = createGame({ preset, players, seed, modifications: ['extra-card'] });
        if (!g.ok) throw new Error(g.error.message);
        const left = [...deck];
        for (const r of g.game.state.setup.roles) left.splice(left.indexOf(r), 1);
        const steps = JSON.stringify(view(g.game, 1).nightSteps);
        expect(JSON.stringify(project(g.game.state, { kind: 'spectator' }).nightSteps)).toBe(steps);
        seen.set(left[0]!, steps);
      }
      // Several different cards were left out, and every one of those games has the same night.
      expect(seen.size).toBeGreaterThan(1);
      expect(new Set(seen.values()).size).toBe(1);
    }
  });

  it('extra_card_is_not_a_piter_or_extended_only_mistake_elsewhere (R-MOD)', () => {
    const t = createGame({ preset: 'classic', players: 10, modifications: ['extra-card'] });
    expect(t.ok).toBe(false);
  });
});

describe('broken-lanterns (R-MOD)', () => {
  it('broken_lanterns_eliminated_cards_stay_hidden (R-MOD)', () => {
    let h = game('extended', E9, { voting: 'sequential' }, ['broken-lanterns']);
    expect(h.state.options.revealOnDeath).toBe(false);
    h = passDay(night(h).g).g;
    h = night(h, [{ by: 1, act: 'kill', target: 8 }, { by: 2, act: 'kill', target: 8 }]).g;
    expect(h.state.alive[7]).toBe(false);
    expect(view(h, 9).seats[7].role).toBeUndefined();
    // Without the modification `extended` shows the card of a player who leaves.
    const open = passDay(night(game('extended', E9, { voting: 'sequential' })).g).g;
    const o = night(open, [{ by: 1, act: 'kill', target: 8 }, { by: 2, act: 'kill', target: 8 }]).g;
    expect(view(o, 9).seats[7].role).toBe('civilian');
  });
});

describe('dying-note (R-MOD)', () => {
  it('dying_note_every_eliminated_player_gets_a_60_s_last_word (R-MOD)', () => {
    let g = game('extended', E9, { voting: 'sequential' }, ['dying-note']);
    expect(g.state.options.lastWordSeconds).toBe(60);
    g = passDay(night(g).g).g;
    g = night(g, [{ by: 1, act: 'kill', target: 8 }, { by: 2, act: 'kill', target: 8 }]).g;
    expect(g.state.day?.stage).toBe('lastWords');
    expect(g.state.day?.lastWords).toEqual([8]);
    // Without the modification a night victim of `extended` leaves in silence.
    let h = passDay(night(game('extended', E9, { voting: 'sequential' })).g).g;
    h = night(h, [{ by: 1, act: 'kill', target: 8 }, { by: 2, act: 'kill', target: 8 }]).g;
    expect(h.state.day?.lastWords).toEqual([]);
  });
});

describe('victim-list (R-MOD)', () => {
  const P10 = ['don', 'mafia', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
  const list: Command = { type: 'victimList', seats: [S(4), S(5), S(9)] };

  it('victim_list_is_recorded_on_night_1_and_shown_to_the_mafia_only (R-MOD)', () => {
    const g0 = game('piter', P10, undefined, ['victim-list']);
    const r = step(g0, list);
    expect(r.events).toEqual([{ type: 'VictimListSet', seats: [4, 5, 9] }]);
    expect(told(r.g, r.events, 2)).toHaveLength(1);
    expect(told(r.g, r.events, 4)).toEqual([]);
    // It never fires by itself: a night without shots kills nobody.
    const n = night(r.g);
    expect(n.g.state.alive.every(Boolean)).toBe(true);
  });

  it('victim_list_only_on_night_1_only_by_the_mafia_only_with_the_modification (R-MOD)', () => {
    const g0 = game('piter', P10, undefined, ['victim-list']);
    const bySeat = transition(g0, list, { kind: 'seat', seat: S(4) });
    expect(bySeat.ok || bySeat.error.code).toBe('not-mafia');
    expect(transition(g0, list, { kind: 'seat', seat: S(2) }).ok).toBe(true);
    const later: Game = passDay(night(g0).g).g;
    const t = transition(later, list, HOST);
    expect(t.ok || t.error.code).toBe('wrong-phase');
    const without = transition(game('piter', P10), list, HOST);
    expect(without.ok || without.error.code).toBe('modification-not-in-play');
  });
});
