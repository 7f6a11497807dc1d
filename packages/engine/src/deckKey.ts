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

/** The preset and the set of `items` (each one bit; -1 when one is unknown). */
function setKey(preset: PresetId, items: readonly string[], bits: ReadonlyMap<string, number>, span: number): number {
  const p = PRESET_IDS.indexOf(preset);
  if (p < 0) return -1;
  let mask = 0;
  for (let k = 0; k < items.length; k++) {
    const bit = bits.get(items[k]);
    if (bit === undefined) return -1;
    // An item twice is one bit: `|` on doubles up to 2 ** 25 stays exact (Smi range).
    mask |= bit;
  }
  return p * span + mask;
}

/** The preset and the set of roles of `deck` (the whole deck under extra-card, else the dealt roles). */
export const deckKey = (preset: PresetId, deck: readonly RoleId[]): number => setKey(preset, deck, ROLE_BIT, ROLE_SPAN);

/** The preset and the set of modifications. */
export const modificationsKey = (preset: PresetId, modifications: readonly ModificationId[]): number =>
  setKey(preset, modifications, MODIFICATION_BIT, MODIFICATION_SPAN);

/**
 * A value made once per key (a deck's, or the modifications') and shared by every game with that
 * key; the last setup asked about answers first, as every view of one game asks again.
 */
export class ByKey<S extends object, V> {
  private readonly made = new Map<number, V>();
  private lastOf: S | undefined;
  private last: V | undefined;

  constructor(private readonly keyOf: (setup: S) => number, private readonly make: (setup: S) => V) {}

  get(setup: S): V {
    if (setup === this.lastOf) return this.last!;
    const key = this.keyOf(setup);
    let v = key >= 0 ? this.made.get(key) : undefined;
    if (v === undefined) {
      v = this.make(setup);
      if (key >= 0) this.made.set(key, v);
    }
    this.lastOf = setup;
    this.last = v;
    return v;
  }
}
