import { ALL_ROLE_IDS, type ModificationId, type PresetId, type RoleId } from '../ids.js';
import type { GameSetup } from '../model/state.js';
import { roleIn } from '../roles/registry.js';
import { isDonsQuarry } from '../roles/don.js';
import { ByKey, deckKey, modificationsKey } from '../deckKey.js';

/** A role id → the variant its preset plays (RoleDef.variant), for the roles that have several. */
export type RoleVariants = Readonly<Partial<Record<RoleId, string>>>;

const byPreset = new Map<PresetId, RoleVariants>();
type VariantsSetup = Pick<GameSetup, 'preset' | 'modifications'>;
/** By modificationsKey (the preset and the modifications: all a game's variants depend on). */
const byModifications = new ByKey<VariantsSetup, RoleVariants>(
  (setup) => modificationsKey(setup.preset, setup.modifications),
  (setup) => (setup.modifications.length > 0 ? modified(presetVariants(setup.preset), setup.modifications) : presetVariants(setup.preset)),
);

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
export function roleVariants(setup: VariantsSetup): RoleVariants {
  return byModifications.get(setup);
}

function modified(base: RoleVariants, modifications: readonly ModificationId[]): RoleVariants {
  const v: Partial<Record<RoleId, string>> = { ...base };
  for (const [m, role, variant] of MODIFIED) if (modifications.includes(m)) v[role] = variant;
  return Object.freeze(v);
}

/** By deckKey (the preset and the roles in the deck), and the last setup asked about. */
const seeks = new ByKey<GameSetup, readonly RoleId[]>((setup) => deckKey(setup.preset, setup.deck ?? setup.roles), (setup) => quarries(setup));

/**
 * The roles of this game's deck the Don's check finds (the Commissar, the club's detective Sheriff):
 * what «Дон ищет …» names. Which roles are in the deck is public (night/script.ts); their order here
 * is ALL_ROLE_IDS', never the deal's (that would tell which seat holds which). Empty when none.
 */
export function donSeeks(setup: GameSetup): readonly RoleId[] {
  return seeks.get(setup);
}

function quarries(setup: GameSetup): readonly RoleId[] {
  const deck = new Set<RoleId>(setup.deck ?? setup.roles);
  const found: RoleId[] = [];
  for (const id of ALL_ROLE_IDS) {
    const def = deck.has(id) ? roleIn(setup.preset, id) : undefined;
    if (def !== undefined && isDonsQuarry(def)) found.push(id);
  }
  return Object.freeze(found);
}
