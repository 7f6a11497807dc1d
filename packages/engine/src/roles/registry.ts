import type { ActKind, RoleId } from '../ids.js';
import type { ActSpec, RoleDef } from './types.js';
import { civilian } from './civilian.js';
import { mafia } from './mafia.js';
import { don } from './don.js';
import { commissar } from './commissar.js';

/** Built roles by id. A new role is one module plus one line here. */
const ROLES: Partial<Record<RoleId, RoleDef>> = { civilian, mafia, don, commissar };

export const isBuiltRole = (id: RoleId): boolean => ROLES[id] !== undefined;

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

export function actOf(id: RoleId, act: ActKind): ActSpec | undefined {
  const def = ROLES[id];
  if (def === undefined) return undefined;
  const acts = def.acts;
  for (let k = 0; k < acts.length; k++) if (acts[k].act === act) return acts[k];
  return undefined;
}

export const builtRoles = (): RoleDef[] => Object.values(ROLES) as RoleDef[];
