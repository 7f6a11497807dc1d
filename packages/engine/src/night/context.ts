import { type RoleId, seatNo, type SeatNo, type Team } from '../ids.js';
import type { ActResult, Answer, GameState, NightAct } from '../game/state.js';
import { roleAt } from '../roles/registry.js';

/**
 * A set of seats as one flag per seat (index = seat): what a night works with, without a Set per
 * night. Only `has` and `add` are needed by the pipeline and the roles.
 */
export class SeatSet {
  /** Made at the first `add` (most nights block and save nobody). */
  private flags: boolean[] | null = null;
  constructor(private readonly seats: number) {}
  has(seat: number): boolean {
    const f = this.flags;
    return f !== null && seat >= 0 && seat <= this.seats && f[seat] === true;
  }
  add(seat: number): void {
    if (!(seat >= 0 && seat <= this.seats)) return;
    let f = this.flags;
    if (f === null) {
      f = this.flags = new Array<boolean>(this.seats + 1);
      for (let k = 0; k <= this.seats; k++) f[k] = false;
    }
    f[seat] = true;
  }
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
}

class Ctx implements NightContext {
  readonly blocked: SeatSet;
  readonly attemptTargets: number[] = [];
  readonly attemptSources: string[] = [];
  readonly saved: SeatSet;
  readonly protections: Protection[] = [];
  readonly died: SeatSet;
  readonly alibi: SeatSet;
  readonly silenced: SeatSet;
  readonly answers: (Answer | undefined)[];
  readonly useful: SeatNo[] = [];
  readonly changes: RoleChange[] = [];
  /** Protections that cancelled a kill, as pairs (protector, seat): credited by `creditSaves`. */
  private readonly saves: number[] = [];

  constructor(readonly state: GameState, readonly acts: readonly NightAct[]) {
    this.blocked = new SeatSet(state.seats);
    this.saved = new SeatSet(state.seats);
    this.died = new SeatSet(state.seats);
    this.alibi = new SeatSet(state.seats);
    this.silenced = new SeatSet(state.seats);
    this.answers = new Array<Answer | undefined>(acts.length).fill(undefined);
  }

  answer(act: NightAct, answer: Answer): void {
    const acts = this.acts;
    for (let k = 0; k < acts.length; k++) if (acts[k] === act) this.answers[k] = answer;
  }

  attempt(target: SeatNo, source: string): void {
    this.attemptTargets.push(target);
    this.attemptSources.push(source);
  }

  protect(seat: SeatNo, by: number, covers?: (source: string) => boolean): void {
    this.protections.push({ seat, by, covers: covers ?? null });
  }

  isProtected(seat: number, source: string): boolean {
    if (this.saved.has(seat)) return true;
    const ps = this.protections;
    let hit = false;
    // A protection of nobody's act (the Immortal's immortality, the tabletop Lover's charm) that covers
    // this kill already saves him: a heal or visit on top of it saved nobody (RULES.md §9, "Rules audit 3").
    let passive = false;
    for (let k = 0; k < ps.length; k++) {
      const p = ps[k];
      if (p.seat === seat && p.by === 0 && (p.covers === null || p.covers(source))) passive = true;
    }
    for (let k = 0; k < ps.length; k++) {
      const p = ps[k];
      if (p.seat !== seat || (p.covers !== null && !p.covers(source))) continue;
      hit = true;
      // A useful action (RULES.md §9), credited once the night's deaths are known (creditSaves).
      if (p.by > 0 && !passive) this.saves.push(p.by, seat);
    }
    return hit;
  }

  found(by: SeatNo, target: SeatNo): void {
    const checks = this.state.checks;
    for (let k = 0; k < checks.length; k++) {
      const c = checks[k];
      if (c.by === by && c.target === target && c.answer === 'yes') return;
    }
    this.useful.push(by);
  }

  killedByMafia(seat: number): boolean {
    if (!this.died.has(seat)) return false;
    const targets = this.attemptTargets;
    for (let k = 0; k < targets.length; k++) if (targets[k] === seat && this.attemptSources[k] === 'mafia') return true;
    return false;
  }

  creditSaves(): void {
    const saves = this.saves;
    for (let k = 0; k < saves.length; k += 2) {
      const by = seatNo(saves[k]);
      // Only a Doctor's heal or a Beauty's visit is a useful save (spec "scores"), not the Cheater's copy.
      const role = this.state.roles[by - 1];
      if (role !== 'doctor' && role !== 'beauty') continue;
      // Once per protector per night, and only when the seat he protected lives.
      if (!this.died.has(saves[k + 1]) && !this.useful.includes(by)) this.useful.push(by);
    }
  }

  appearsBlack(seat: SeatNo): boolean {
    return roleAt(this.state, seat - 1).appearsBlack(this.state, seat);
  }
}

export function createNightContext(state: GameState, acts: readonly NightAct[]): NightContext {
  return new Ctx(state, acts);
}

/** The answered acts in act order, each with its answer (fields in the act's order, then `answer`). */
export function resultsInOrder(ctx: NightContext): ActResult[] {
  const out: ActResult[] = [];
  const acts = ctx.acts;
  for (let k = 0; k < acts.length; k++) {
    const answer = ctx.answers[k];
    if (answer === undefined) continue;
    const a = acts[k];
    // A literal, not `{ ...a, answer }`: adding a key after a spread is very slow in V8.
    out.push(!('target2' in a) && !('role' in a) ? { by: a.by, act: a.act, target: a.target, answer } : { ...a, answer });
  }
  return out;
}
