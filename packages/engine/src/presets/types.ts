import type { ActKind, ModificationId, PresetId, RoleId } from '../ids.js';
import type { GameOptions, OptionName } from '../model/options.js';
import type { RoleDef } from '../model/role.js';

export interface OptionSpec {
  readonly name: OptionName;
  readonly kind: 'boolean' | 'integer' | 'number' | 'enum' | 'string';
  readonly values?: readonly string[];
  /** `string` options: the form the value must have. */
  readonly pattern?: RegExp;
  readonly min?: number;
  readonly max?: number;
  readonly rule: string;
  readonly description: string;
  readonly ru: string;
}

/** A role list for a player count, as RULES.md §8 recommends. */
export type Composition = readonly RoleId[];

export interface Preset {
  readonly id: PresetId;
  readonly name: { readonly en: string; readonly ru: string };
  readonly summary: string;
  readonly sources: readonly string[];
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Roles this preset deals; any other role id is refused. */
  readonly roles: readonly RoleId[];
  /**
   * The preset's variant of a role where it is not the default module of roles/registry.ts (e.g. the
   * town Beauty of `club`, the mafia Beauty of `piter`). The engine finds roles through `roleIn`/`roleAt`.
   */
  readonly roleDefs?: Partial<Record<RoleId, RoleDef>>;
  /** RULES.md §7 modifications this preset can be played with (a game names the ones in play). */
  readonly modifications?: readonly ModificationId[];
  /** Roles that may appear at most once. */
  readonly uniqueRoles: readonly RoleId[];
  readonly defaults: GameOptions;
  /** Option names a user may override for this preset. */
  readonly options: readonly OptionName[];
  /** R-NIGHT-1: the order roles wake in (for the host's script, the narrator and the phones' night screens). */
  readonly nightOrder: readonly NightStepSpec[];
  /** Rule ids of RULES.md that apply to this preset (used by the rules coverage report). */
  readonly rules: readonly string[];
  /** R-PRESET: the recommended composition for a player count (null when the count is not allowed). */
  composition(players: number): Composition | null;
  /** Extra checks on a dealt composition; returns a message when the list is not allowed. */
  checkComposition?(roles: readonly RoleId[]): string | null;
}

/** One step of the night as the host calls it (R-NIGHT-1): who opens his eyes, and what he may do. */
export interface NightStepSpec {
  /** The roles that wake at this step (with the mafia: every role that shoots or meets with it). */
  readonly wake: readonly RoleId[];
  /** The night acts made at this step. */
  readonly acts: readonly ActKind[];
  /** The step in the sources' words (English), for the CLI and the docs. */
  readonly note: string;
}
