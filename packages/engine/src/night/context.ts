import type { SeatNo } from '../ids.js';
import type { ActResult, Answer, GameState, NightAct } from '../game/state.js';
import { roleOf } from '../roles/registry.js';

/** What the night pipeline works on: the state at nightfall, the acts, and what they cause. */
export interface NightContext {
  readonly state: GameState;
  readonly acts: readonly NightAct[];
  /** Seats whose abilities are blocked tonight (block stage). */
  readonly blocked: Set<number>;
  /** Kill attempts collected at the kill stage: target → sources. */
  readonly attempts: Map<number, string[]>;
  /** Seats saved by protections (protect stage). */
  readonly saved: Set<number>;
  /** Seats that leave the game at dawn. */
  readonly died: Set<number>;
  /** Answers by act index (the index in `acts`). */
  readonly answers: Map<NightAct, Answer>;
  /** Seats credited with a useful action (scoring, RULES.md §9). */
  readonly useful: SeatNo[];
  answer(act: NightAct, answer: Answer): void;
  /** A check that found a mafia member: useful the first time this actor finds him. */
  found(by: SeatNo, target: SeatNo): void;
  appearsBlack(seat: SeatNo): boolean;
}

export function createNightContext(state: GameState, acts: readonly NightAct[]): NightContext {
  const ctx: NightContext = {
    state,
    acts,
    blocked: new Set(),
    attempts: new Map(),
    saved: new Set(),
    died: new Set(),
    answers: new Map(),
    useful: [],
    answer(act, answer) {
      ctx.answers.set(act, answer);
    },
    found(by, target) {
      const before = state.checks.some((c) => c.by === by && c.target === target && c.answer === 'yes');
      if (!before) ctx.useful.push(by);
    },
    appearsBlack(seat) {
      return roleOf(state.roles[seat - 1]).appearsBlack(state, seat);
    },
  };
  return ctx;
}

/** The answered acts in act order, each with its answer (fields in the act's order, then `answer`). */
export function resultsInOrder(ctx: NightContext): ActResult[] {
  const out: ActResult[] = [];
  for (const a of ctx.acts) {
    const answer = ctx.answers.get(a);
    if (answer === undefined) continue;
    // A literal, not `{ ...a, answer }`: adding a key after a spread is very slow in V8.
    out.push(!('target2' in a) && !('role' in a) ? { by: a.by, act: a.act, target: a.target, answer } : { ...a, answer });
  }
  return out;
}
