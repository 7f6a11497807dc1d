import type { RoleId } from '../ids.js';

/** Builds a role list: the named roles first, then civilians up to `players`. */
export function fillWithCivilians(players: number, roles: readonly RoleId[]): RoleId[] {
  const out = roles.slice();
  while (out.length < players) out.push('civilian');
  return out;
}

export const count = (roles: readonly RoleId[], id: RoleId): number => roles.filter((r) => r === id).length;
