import { ALL_ROLE_IDS, type ModificationId, type PresetId, type RoleId } from '../ids.js';
import type { GameSetup } from '../model/state.js';
import { roleIn } from '../roles/registry.js';
import { isDonsQuarry } from '../roles/don.js';

/** A role id → the variant its preset plays (RoleDef.variant), for the roles that have several. */
export type RoleVariants = Readonly<Partial<Record<RoleId, string>>>;

const byPreset = new Map<PresetId, RoleVariants>();
const bySetup = new WeakMap<GameSetup, RoleVariants>();

/** The variant of every role as `preset` plays it (the preset's `roleDefs`, else the registry's default). */
export function presetVariants(preset: PresetId): RoleVariants {
  let out = byPreset.get(preset);
  if (out === undefined) {
    const v: Partial<Record<RoleId, string>> = {};
    for (const id of ALL_ROLE_IDS) {
      const variant = roleIn(preset, id)?.variant;
      if (variant !== undefined) v[id] = variant;
    }
    out = Object.freeze(v);
    byPreset.set(preset, out);
  }
  return out;
}

/**
 * Modifications (R-MOD) that change what a role does without a module of its own: `sherlock` makes
 * the Commissar compare two players, `bonnie-and-clyde` makes the Maniacs one team.
 */
const MODIFIED: readonly (readonly [ModificationId, RoleId, string])[] = [
  ['sherlock', 'commissar', 'sherlock'],
  ['bonnie-and-clyde', 'maniac', 'bonnie-and-clyde'],
];

/**
 * The variant of every role in this game: the preset's (presetVariants), changed by the game's
 * modifications; for clients to word role cards, hints and the host's lines per variant. A function
 * of the preset and the modifications, both announced, so it tells nothing about the deal.
 */
export function roleVariants(setup: Pick<GameSetup, 'preset' | 'modifications'>): RoleVariants {
  const base = presetVariants(setup.preset);
  if (setup.modifications.length === 0) return base;
  let out = bySetup.get(setup as GameSetup);
  if (out === undefined) {
    const v: Partial<Record<RoleId, string>> = { ...base };
    for (const [m, role, variant] of MODIFIED) if (setup.modifications.includes(m)) v[role] = variant;
    out = Object.freeze(v);
    bySetup.set(setup as GameSetup, out);
  }
  return out;
}

const seeks = new WeakMap<GameSetup, readonly RoleId[]>();

/**
 * The roles of this game's deck the Don's check finds (the Commissar, the club's detective Sheriff):
 * what «Дон ищет …» names. Which roles are in the deck is public (night/script.ts); their order here
 * is ALL_ROLE_IDS', never the deal's (that would tell which seat holds which). Empty when none.
 */
export function donSeeks(setup: GameSetup): readonly RoleId[] {
  let out = seeks.get(setup);
  if (out === undefined) {
    const deck = new Set<RoleId>(setup.deck ?? setup.roles);
    const found: RoleId[] = [];
    for (const id of ALL_ROLE_IDS) {
      const def = deck.has(id) ? roleIn(setup.preset, id) : undefined;
      if (def !== undefined && isDonsQuarry(def)) found.push(id);
    }
    out = Object.freeze(found);
    seeks.set(setup, out);
  }
  return out;
}
