// A role (its night acts, its win condition) and the night context those acts work on: one module,
// since each names the other (an act resolves on the context; the context looks up a seat's role).
import type { ActKind, RoleId, SeatNo, Team } from '../ids.js';
import type { Answer, GameState, NightAct } from './state.js';

/**
 * The role module of the seat at index `seatIndex` (0-based) in this game: the preset's variant of
 * its current role. Role modules cannot import the registry (the registry imports the presets, which
 * import the role modules), so whoever calls into a role hands it this lookup (roles/registry.ts `roleAt`).
 */
export type RoleLookup = (state: GameState, seatIndex: number) => RoleDef;

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
   * `roleAt` finds the role it borrows from.
   */
  specFor?(state: GameState, act: NightAct, roleAt: RoleLookup): ActSpec | undefined;
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
  soloWin?(state: GameState, seat: SeatNo, roleAt: RoleLookup): boolean;
  /** Wakes with the mafia and sees them without being seen (the Sleepwalker): view/project.ts. */
  readonly seesMafia?: boolean;
  readonly rules: readonly string[];
}

/**
 * A set of seats (index = seat), as the night works with it: only `has` and `add` are needed by
 * the pipeline and the roles (night/context.ts implements it with one flag per seat).
 */
export interface SeatSet {
  has(seat: number): boolean;
  add(seat: number): void;
}

export interface Protection {
  readonly seat: number;
  readonly by: number;
  readonly covers: ((source: string) => boolean) | null;
}

/** A transformation the night causes (Recruiter's recruit, the Piter Werewolf's takeover): folded as RoleChanged. */
export interface RoleChange {
  readonly seat: SeatNo;
  readonly role: RoleId;
  readonly team: Team;
  readonly reason: string;
  /** The Recruiter: the host announces in the morning which role turned (RoleAnnounced, no seat). */
  readonly announce?: RoleId;
}

/** What the night pipeline works on: the state at nightfall, the acts, and what they cause. */
export interface NightContext {
  readonly state: GameState;
  readonly acts: readonly NightAct[];
  /** Seats whose abilities are blocked tonight (block stage). */
  readonly blocked: SeatSet;
  /**
   * Kill attempts collected at the kill stage, in the order they were made: `attemptTargets[k]`
   * was attempted by `attemptSources[k]` (a target may appear more than once).
   */
  readonly attemptTargets: number[];
  readonly attemptSources: string[];
  /** Seats saved from every kill by protections (protect stage). */
  readonly saved: SeatSet;
  /**
   * Protections that cover only some kill sources (the JustMafia Doctor: not the Maniac's victim;
   * the Piter heal: not a guess; the tabletop Lover: only the mafia), with the seat credited when
   * one cancels a kill (scoring, RULES.md §9). Added with `protect`.
   */
  readonly protections: Protection[];
  /** Seats that leave the game at dawn. */
  readonly died: SeatSet;
  /** R-VOTE-9: seats given an alibi for the coming day's vote (Girl, Lawyer's alibi, classic Lover). */
  readonly alibi: SeatSet;
  /** R-VOTE-11: seats silenced for the coming day (classic Lover, Black Widow): they lose their vote. */
  readonly silenced: SeatSet;
  /** Answers by act index (the index in `acts`); undefined when the act got no answer. */
  readonly answers: (Answer | undefined)[];
  /** Seats credited with a useful action (scoring, RULES.md §9). */
  readonly useful: SeatNo[];
  /** Transformations of this night (transform stage), in the order made. */
  readonly changes: RoleChange[];
  answer(act: NightAct, answer: Answer): void;
  /** A kill attempt on `target` by `source` ('mafia', 'maniac', 'cop', 'sheriff', 'guess', …), kill stage. */
  attempt(target: SeatNo, source: string): void;
  /**
   * Protects `seat` tonight (protect stage or earlier) from the kill sources `covers` accepts (all
   * when omitted); `by` is credited with a useful action when it cancels a kill (0: nobody).
   */
  protect(seat: SeatNo, by: number, covers?: (source: string) => boolean): void;
  /** Is an attempt by `source` on `seat` cancelled by a protection? Credits the protector. */
  isProtected(seat: number, source: string): boolean;
  /** A check that found a mafia member: useful the first time this actor finds him. */
  found(by: SeatNo, target: SeatNo): void;
  /**
   * Credits the protectors whose protection cancelled a kill on a seat that lives through the night
   * (RULES.md §9 "saved a player"): a seat that dies anyway (another kill, the Beauty's chain) was not
   * saved. Called once the night's deaths are known.
   */
  creditSaves(): void;
  /** Did `seat` die tonight with a mafia team shot at him (R-ROLE Commissar: "killed that night by the mafia")? */
  killedByMafia(seat: number): boolean;
  appearsBlack(seat: SeatNo): boolean;
  /** The role module of the seat at index `seatIndex` (the preset's variant of its current role). */
  roleAt(seatIndex: number): RoleDef;
}
