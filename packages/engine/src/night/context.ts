import { type RoleId, seatNo, type SeatNo, type Team } from '../ids.js';
import type { ActResult, Answer, GameState, NightAct } from '../model/state.js';
import type { NightContext, Protection, RoleChange, RoleDef, RoleLookup, SeatSet } from '../model/role.js';

/**
 * A set of seats as one flag per seat (index = seat): what a night works with, without a Set per
 * night. Only `has` and `add` are needed by the pipeline and the roles.
 */
class SeatFlags implements SeatSet {
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

  constructor(readonly state: GameState, readonly acts: readonly NightAct[], private readonly lookup: RoleLookup) {
    this.blocked = new SeatFlags(state.seats);
    this.saved = new SeatFlags(state.seats);
    this.died = new SeatFlags(state.seats);
    this.alibi = new SeatFlags(state.seats);
    this.silenced = new SeatFlags(state.seats);
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
    return this.lookup(this.state, seat - 1).appearsBlack(this.state, seat);
  }

  roleAt(seatIndex: number): RoleDef {
    return this.lookup(this.state, seatIndex);
  }
}

/** `roleAt`: the game's role lookup (roles/registry.ts), which the context hands to the roles' acts. */
export function createNightContext(state: GameState, acts: readonly NightAct[], roleAt: RoleLookup): NightContext {
  return new Ctx(state, acts, roleAt);
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
