import type { ModificationId, RoleId } from '../ids.js';
import type { GameOptions } from '../model/options.js';
import type { Preset } from '../presets/types.js';
import { roleIn } from '../roles/registry.js';

/**
 * R-MOD `extra-card` (На лишнюю руку, seed 002): the deck holds one card more than the players; the
 * card left over stays hidden and unused. The deck is the preset's composition for N + 1 players (or
 * N plus a Civilian where N + 1 is out of range) with at least 2 mafia: a Civilian becomes a Mafia if
 * needed. The caller shuffles it and deals the first N cards.
 */
export function extraCardDeck(preset: Preset, players: number, composition: readonly RoleId[]): RoleId[] {
  const deck = (preset.composition(players + 1) ?? [...composition, 'civilian']).slice();
  let mafia = 0;
  for (const r of deck) if (roleIn(preset.id, r)?.team === 'mafia') mafia++;
  for (let k = 0; k < deck.length && mafia < 2; k++) {
    if (deck[k] === 'civilian' && preset.roles.includes('mafia')) {
      deck[k] = 'mafia';
      mafia++;
    }
  }
  return deck;
}

/**
 * Options a modification fixes: `broken-lanterns` (Улицы разбитых фонарей) — eliminated players' cards
 * are not shown (revealOnDeath off, view/project.ts); `dying-note` (Предсмертная записка) — every
 * eliminated player, night victims included, gets a 60 s last word.
 */
export function modifiedOptions(options: GameOptions, modifications: readonly ModificationId[]): GameOptions {
  if (modifications.length === 0) return options;
  let out = options;
  if (modifications.includes('broken-lanterns')) out = { ...out, revealOnDeath: false };
  if (modifications.includes('dying-note')) out = { ...out, nightVictimLastWord: true, executedLastWord: 'always', lastWordSeconds: 60 };
  return out;
}
