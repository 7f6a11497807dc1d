import type { ActKind, RoleId, SeatNo, Team } from '../ids.js';
import type { GameState } from '../game/state.js';
import type { NightContext } from '../night/context.js';
import type { NightAct } from '../game/state.js';

/** Where in the ordered night pipeline an act takes effect (RULES.md §5, "Resolution"). */
export type NightStage = 'block' | 'visit' | 'kill' | 'protect' | 'chain' | 'transform' | 'inform';

export interface ActSpec {
  readonly act: ActKind;
  readonly stage: NightStage;
  /** Team acts (the mafia shot) are resolved once for the whole team, not per actor. */
  readonly teamAct?: 'mafia';
  /** Allowed on night 1 when the preset's first night allows checks (R-PHASE-1). */
  readonly onCheckingFirstNight: boolean;
  readonly needsTarget2?: boolean;
  readonly needsRole?: boolean;
  readonly mayTargetSelf: boolean;
  /** Extra limits of this role (e.g. not the same player twice); returns a message when refused. */
  validate?(state: GameState, act: NightAct): { rule: string; message: string } | null;
  /** Applies the act at its stage. Team acts are resolved by the team's resolver instead. */
  resolve?(ctx: NightContext, act: NightAct): void;
}

export interface RoleDef {
  readonly id: RoleId;
  readonly team: Team;
  readonly name: { readonly en: string; readonly ru: string };
  readonly summary: string;
  /** R-CHECK-1: is this player black to a Commissar's check? */
  appearsBlack(state: GameState, seat: SeatNo): boolean;
  /** Counts as a hostile shooter against the town (R-WIN-TOWN). */
  readonly hostileShooter: boolean;
  readonly acts: readonly ActSpec[];
  readonly rules: readonly string[];
}
