import type { RoleId } from '../ids.js';
import type { Preset } from './types.js';

/** Builds a role list: the named roles first, then civilians up to `players`. */
export function fillWithCivilians(players: number, roles: readonly RoleId[]): RoleId[] {
  const out = roles.slice();
  while (out.length < players) out.push('civilian');
  return out;
}

export const count = (roles: readonly RoleId[], id: RoleId): number => roles.filter((r) => r === id).length;

/**
 * The composition check of the presets whose only table rule is R-WIN-MAFIA: at least one member of
 * `mafiaTeam` sits at the table, and the mafia start as a minority. The presets differ only in who
 * counts as mafia and in how they name a table without any.
 */
export function mafiaMinorityCheck(
  mafiaTeam: readonly RoleId[],
  noMafiaMessage = 'the table needs at least one mafia member',
): (roles: readonly RoleId[]) => string | null {
  return (roles) => {
    const black = roles.filter((r) => mafiaTeam.includes(r)).length;
    if (black === 0) return noMafiaMessage;
    if (black * 2 >= roles.length) return 'the mafia must start as a minority (R-WIN-MAFIA)';
    return null;
  };
}

/**
 * The Don–Commissar table that classic and sport (and fiim through sport) share: its roles, the
 * victim-list aid (R-MOD, seeds 001 and 003; game/victimList.ts), and a night of the shot, the Don's
 * check and the Commissar's check.
 */
export const DON_COMMISSAR_TABLE = {
  roles: ['civilian', 'mafia', 'don', 'commissar'],
  modifications: ['victim-list'],
  uniqueRoles: ['don', 'commissar'],
  nightOrder: [
    { wake: ['mafia', 'don'], acts: ['kill'], note: 'mafia (shot)' },
    { wake: ['don'], acts: ['check'], note: 'don (check)' },
    { wake: ['commissar'], acts: ['check'], note: 'commissar (check)' },
  ],
} as const satisfies Partial<Preset>;
