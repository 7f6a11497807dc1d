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
  /** The act may not be skipped (the Cop, 002): the night does not end without it unless the actor is blocked. */
  readonly required?: boolean;
  readonly needsRole?: boolean;
  readonly mayTargetSelf: boolean;
  /**
   * Whether the act exists on night `n` of this game (the tabletop Lover: even nights only; the
   * Commissar's check or compare under the `sherlock` modification; `seat`: the actor, for limits of
   * one seat such as the Recruiter's once per game or the Psycho's wake-up). Absent: every night.
   */
  availableOn?(state: GameState, n: number, seat: SeatNo): boolean;
  /**
   * Whom the host's prompts (host/pending.ts: bots, phones, narrator) offer the act to, when that is
   * narrower than who may make it (`availableOn`): the team's guess (УГАДАЙКА) may be shown by any
   * mafia member, but one phone, the Don's, is asked. Absent: everyone it is available to.
   */
  offeredTo?(state: GameState, n: number, seat: SeatNo): boolean;
  /**
   * Extra limits of this role (e.g. not the same player twice); returns a message when refused.
   * Should depend on earlier nights (`pastActs`), the night number and the options only: the bots'
   * forbidden targets (host/actLimits.ts) are worked out once per seat and night.
   */
  validate?(state: GameState, act: NightAct): { rule: string; message: string } | null;
  /**
   * The spec this act resolves as tonight, where it borrows another role's ability (the Cheater's
   * `copy`: the copied act's stage and effect, applied to `target2`); undefined: no effect.
   */
  specFor?(state: GameState, act: NightAct): ActSpec | undefined;
  /** Applies the act at its stage. Team acts are resolved by the team's resolver instead. */
  resolve?(ctx: NightContext, act: NightAct): void;
}

export interface RoleDef {
  readonly id: RoleId;
  readonly team: Team;
  readonly name: { readonly en: string; readonly ru: string };
  readonly summary: string;
  /**
   * Which of the role's variants this module is, where one role id plays differently across presets
   * (the Doctor of the club or of JustMafia, the detective or the shooting Sheriff, …): clients key
   * the role's texts by it (view/variants.ts). Absent on a role with one variant only.
   */
  readonly variant?: string;
  /** R-CHECK-1: is this player black to a Commissar's check? */
  appearsBlack(state: GameState, seat: SeatNo): boolean;
  /** Counts as a hostile shooter against the town (R-WIN-TOWN). */
  readonly hostileShooter: boolean;
  readonly acts: readonly ActSpec[];
  /**
   * A solo (grey) role's own win condition, checked for each alive seat holding it before the team
   * conditions (RULES.md §2: solo beats team). Absent for team roles.
   */
  soloWin?(state: GameState, seat: SeatNo): boolean;
  /** Wakes with the mafia and sees them without being seen (the Sleepwalker): view/project.ts. */
  readonly seesMafia?: boolean;
  readonly rules: readonly string[];
}
