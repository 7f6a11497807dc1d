import type { PresetId, RoleId } from '../ids.js';
import { presetOf } from '../presets/index.js';
import { roleIn } from '../roles/registry.js';

/**
 * What the roles a preset can ever deal may need from the engine's hooks (issue 3), worked out once
 * per preset: a table of classic roles then skips the transformation, passive-trait and required-act
 * passes that run on every death and every night. A game's roles are always the preset's (setup.ts
 * refuses others), and a transformation only turns a seat into one of them (or an ordinary Mafia).
 * A flag that is true only means "look": the hooks still check the table itself.
 */
export interface PresetTraits {
  /** Roles that transform when players leave (game/transform.ts `afterLeaving`). */
  readonly transforms: boolean;
  /** The Psycho, who turns at nightfall (`beforeNight`). */
  readonly psycho: boolean;
  /** Passive night traits (night/passives.ts): the Immortal at `protect`. */
  readonly immortal: boolean;
  /** Passive night traits at `chain`: the Kamikaze, the Beauty's host, the Piter Werewolf. */
  readonly chain: boolean;
  /** An act that may not be skipped (the Cop): night/resolve.ts `missingRequiredAct`. */
  readonly requiredAct: boolean;
}

const ALL: PresetTraits = { transforms: true, psycho: true, immortal: true, chain: true, requiredAct: true };

const has = (roles: readonly RoleId[], ids: readonly RoleId[]): boolean => {
  for (const id of ids) if (roles.includes(id)) return true;
  return false;
};

function traitsOf(id: PresetId): PresetTraits {
  const preset = presetOf(id);
  // An unknown preset (hand-made states): every hook looks, as it would without traits.
  if (preset === undefined) return ALL;
  const roles = preset.roles;
  let requiredAct = false;
  for (const r of roles) {
    const def = roleIn(id, r);
    if (def !== undefined && def.acts.some((a) => a.required === true)) requiredAct = true;
  }
  return {
    transforms: has(roles, ['student', 'werewolf', 'lawyer', 'girl', 'black-widow']),
    psycho: roles.includes('psycho'),
    immortal: roles.includes('immortal'),
    chain: has(roles, ['kamikaze', 'beauty', 'werewolf']),
    requiredAct,
  };
}

const BY_PRESET = new Map<PresetId, PresetTraits>();
let lastId: PresetId | undefined;
let last: PresetTraits = ALL;

/** The traits of the game's preset (the last preset asked is kept: no Map lookup per call). */
export function traits(s: { readonly setup: { readonly preset: PresetId } }): PresetTraits {
  const id = s.setup.preset;
  if (id === lastId) return last;
  let t = BY_PRESET.get(id);
  if (t === undefined) BY_PRESET.set(id, (t = traitsOf(id)));
  lastId = id;
  last = t;
  return t;
}
