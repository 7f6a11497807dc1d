import type { ActKind, PresetId, RoleId } from '../ids.js';
import { presetOf } from '../presets/index.js';
import type { ActSpec, RoleDef } from '../model/role.js';
import { civilian } from './civilian.js';
import { mafia } from './mafia.js';
import { don } from './don.js';
import { commissar } from './commissar.js';
import { elder } from './elder.js';
import { rake } from './rake.js';
import { doctor } from './doctor.js';
import { maniac } from './maniac.js';
import { sheriff } from './sheriff.js';
import { cop } from './cop.js';
import { gangster } from './gangster.js';
import { lover } from './lover.js';
import { blackWidow } from './blackWidow.js';
import { girl } from './girl.js';
import { journalist } from './journalist.js';
import { sleepwalker } from './sleepwalker.js';
import { beautyClub } from './beauty.js';
import { lawyerAlibi } from './lawyer.js';
import { immortal } from './immortal.js';
import { kamikaze } from './kamikaze.js';
import { student } from './student.js';
import { psycho } from './psycho.js';
import { werewolfTown } from './werewolf.js';
import { recruiter } from './recruiter.js';
import { cheater } from './cheater.js';

/**
 * The default module of each built role. A role id with several variants across presets (Lawyer,
 * Sheriff, Beauty, Lover, Werewolf, Maniac, Doctor) has one default here; a preset that plays
 * another variant names it in its `roleDefs` (presets/types.ts), and the engine always asks
 * through `roleIn`/`roleAt`, which look there first. A new role is one module plus one line here.
 */
const ROLES: Partial<Record<RoleId, RoleDef>> = { civilian, mafia, don, commissar };
// Issue 3, day roles (one line each).
ROLES.elder = elder;
ROLES.rake = rake;
// Issue 3, night roles of club / tabletop / party (one line each).
ROLES.doctor = doctor;
ROLES.maniac = maniac;
ROLES.sheriff = sheriff;
ROLES.cop = cop;
ROLES.gangster = gangster;
ROLES.lover = lover;
ROLES['black-widow'] = blackWidow;
ROLES.girl = girl;
ROLES.journalist = journalist;
ROLES.sleepwalker = sleepwalker;
// Issue 3, night roles of piter / extended (one line each; variants in the presets' roleDefs).
ROLES.beauty = beautyClub;
ROLES.lawyer = lawyerAlibi;
ROLES.immortal = immortal;
ROLES.kamikaze = kamikaze;
ROLES.student = student;
ROLES.psycho = psycho;
ROLES.werewolf = werewolfTown;
ROLES.recruiter = recruiter;
ROLES.cheater = cheater;

/** Is the role built in some variant (the default registry or any preset's `roleDefs`)? */
export const isBuiltRole = (id: RoleId): boolean => ROLES[id] !== undefined;

/** The default variant of a role. Prefer `roleIn`/`roleAt`, which honour the preset's variant. */
export function roleOf(id: RoleId): RoleDef {
  // The built roles first, by a switch (a compare per case, not a keyed lookup with a varying key).
  switch (id) {
    case 'civilian': return civilian;
    case 'mafia': return mafia;
    case 'don': return don;
    case 'commissar': return commissar;
  }
  const def = ROLES[id];
  if (!def) throw new Error(`role ${id} is not built`);
  return def;
}

/** The preset's variant of a role, or undefined when the role is not built for it. */
export function roleIn(preset: PresetId, id: RoleId): RoleDef | undefined {
  // The last preset's variants are kept (every game asks for each of its seats).
  if (preset !== lastPreset) {
    lastPreset = preset;
    lastVariants = presetOf(preset)?.roleDefs;
  }
  const variant = lastVariants === undefined ? undefined : lastVariants[id];
  return variant ?? ROLES[id];
}
let lastPreset: PresetId | undefined;
let lastVariants: Partial<Record<RoleId, RoleDef>> | undefined;

/** The role module of the seat at index `i` (0-based) in this game: the preset's variant of its current role. */
export function roleAt(s: { readonly setup: { readonly preset: PresetId }; readonly roles: readonly RoleId[] }, i: number): RoleDef {
  return defAt(s, i) ?? roleOf(s.roles[i]);
}

/**
 * `roleIn(s.setup.preset, s.roles[i])`, hot (every pending-decision pass asks for every seat): the
 * modules of the last roles list are kept by seat. A roles list is never written into (a
 * RoleChanged makes a new one), so its identity and the preset stand for its content. An entry is
 * filled at its first use (null for a role without a module in this preset).
 */
function defAt(s: { readonly setup: { readonly preset: PresetId }; readonly roles: readonly RoleId[] }, i: number): RoleDef | undefined {
  const roles = s.roles;
  const preset = s.setup.preset;
  if (roles !== cachedRoles || preset !== cachedPreset) {
    cachedRoles = roles;
    cachedPreset = preset;
    // A new list (setting `length` to shrink one is a slow runtime call).
    cachedDefs = [];
    for (let k = 0; k < roles.length; k++) cachedDefs.push(undefined);
  }
  let def = cachedDefs[i];
  if (def === undefined) {
    if (!(i >= 0 && i < roles.length)) return roleIn(preset, roles[i]);
    def = cachedDefs[i] = roleIn(preset, roles[i]) ?? null;
  }
  return def ?? undefined;
}
let cachedRoles: readonly RoleId[] | undefined;
let cachedPreset: PresetId | undefined;
/** By seat index: the role's module, null when it has none in this preset, undefined until first asked. */
let cachedDefs: (RoleDef | null | undefined)[] = [];

/** The act `act` of the seat's role (its preset variant), or undefined when the role has no such act. */
export function actAt(s: { readonly setup: { readonly preset: PresetId }; readonly roles: readonly RoleId[] }, i: number, act: ActKind): ActSpec | undefined {
  const def = defAt(s, i);
  if (def === undefined) return undefined;
  const acts = def.acts;
  for (let k = 0; k < acts.length; k++) if (acts[k].act === act) return acts[k];
  return undefined;
}

/** The default variant's act (kept for callers without a game; prefer `actAt`). */
export function actOf(id: RoleId, act: ActKind): ActSpec | undefined {
  const def = ROLES[id];
  if (def === undefined) return undefined;
  const acts = def.acts;
  for (let k = 0; k < acts.length; k++) if (acts[k].act === act) return acts[k];
  return undefined;
}

export const builtRoles = (): RoleDef[] => Object.values(ROLES) as RoleDef[];
