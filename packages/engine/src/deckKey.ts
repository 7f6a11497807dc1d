import { ALL_MODIFICATIONS, ALL_ROLE_IDS, PRESET_IDS, type ModificationId, type PresetId, type RoleId } from './ids.js';

/*
 * Numbers that name what a game's public lists depend on, so that games with the same deck share
 * them (made once per process, frozen): the night's steps and the Don's search depend on the preset
 * and which roles are in the deck, the roles' variants on the preset and the modifications. Not a
 * WeakMap by the game's setup: an entry per game made the collector's work (ephemerons) one of the
 * simulator's largest costs. -1: not a known preset, role or modification (the caller does not cache).
 */

const ROLE_BIT = new Map<string, number>(ALL_ROLE_IDS.map((r, k) => [r, 2 ** k]));
const MODIFICATION_BIT = new Map<string, number>(ALL_MODIFICATIONS.map((m, k) => [m, 2 ** k]));
const ROLE_SPAN = 2 ** ALL_ROLE_IDS.length;
const MODIFICATION_SPAN = 2 ** ALL_MODIFICATIONS.length;

/** The preset and the set of roles of `deck` (the whole deck under extra-card, else the dealt roles). */
export function deckKey(preset: PresetId, deck: readonly RoleId[]): number {
  const p = PRESET_IDS.indexOf(preset);
  if (p < 0) return -1;
  let mask = 0;
  for (let k = 0; k < deck.length; k++) {
    const bit = ROLE_BIT.get(deck[k]);
    if (bit === undefined) return -1;
    // A role twice in the deck is one bit: `|` on doubles up to 2 ** 25 stays exact (Smi range).
    mask |= bit;
  }
  return p * ROLE_SPAN + mask;
}

/** The preset and the set of modifications. */
export function modificationsKey(preset: PresetId, modifications: readonly ModificationId[]): number {
  const p = PRESET_IDS.indexOf(preset);
  if (p < 0) return -1;
  let mask = 0;
  for (let k = 0; k < modifications.length; k++) {
    const bit = MODIFICATION_BIT.get(modifications[k]);
    if (bit === undefined) return -1;
    mask |= bit;
  }
  return p * MODIFICATION_SPAN + mask;
}
