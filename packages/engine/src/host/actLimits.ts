import { type ActKind, seatAt, type SeatNo } from '../ids.js';
import type { GameState, NightAct } from '../model/state.js';
import type { ActSpec } from '../model/role.js';

/** An act decision as host/pending.ts makes it. */
export interface ActPending {
  readonly kind: 'act';
  readonly seat: SeatNo;
  readonly acts: readonly ActKind[];
  /** Seats the first open act may not target tonight (the role's own limits: `validate`, self). */
  readonly forbidden?: readonly SeatNo[];
  /** The first open act needs a second target (compare, copy) or a role (guess). */
  readonly needsTarget2?: boolean;
  readonly needsRole?: boolean;
}

/**
 * The last decision made per seat, kept for the same night and the same list of past acts: a role's
 * `validate` looks at earlier nights (`state.pastActs`) and the night number only, so the forbidden
 * targets stay the same all night (computed once per seat and night, not after every act).
 */
const CACHE: ({ past: GameState['pastActs']; night: number; base: ActPending; out: ActPending } | undefined)[] = [];

/**
 * Adds what a player (or a bot) must know to pick a legal target for the first open act: the seats
 * its limits forbid tonight, and whether it needs a second target or a role. Acts without limits or
 * extra fields (the mafia shot, checks) keep the shared frozen decision untouched.
 */
export function withActLimits(s: GameState, base: ActPending, specs: readonly ActSpec[], mask: number): ActPending {
  let spec: ActSpec | undefined;
  for (let k = 0; k < specs.length; k++) {
    if (mask & (1 << k)) {
      spec = specs[k];
      break;
    }
  }
  if (spec === undefined || (spec.validate === undefined && spec.needsTarget2 !== true && spec.needsRole !== true)) return base;
  const seat = base.seat;
  const night = s.night === null ? 0 : s.night.n;
  while (CACHE.length <= seat) CACHE.push(undefined);
  const hit = CACHE[seat];
  if (hit !== undefined && hit.base === base && hit.past === s.pastActs && hit.night === night) return hit.out;
  const forbidden: SeatNo[] = [];
  if (spec.validate !== undefined) {
    for (let i = 0; i < s.seats; i++) {
      if (!s.alive[i]) continue;
      const target = seatAt(i);
      if (target === seat && !spec.mayTargetSelf) continue;
      const act: NightAct = { by: seat, act: spec.act, target };
      if (spec.validate(s, act) !== null) forbidden.push(target);
    }
  }
  const out: ActPending = Object.freeze({
    kind: 'act',
    seat,
    acts: base.acts,
    forbidden: Object.freeze(forbidden),
    needsTarget2: spec.needsTarget2 === true,
    needsRole: spec.needsRole === true,
  });
  CACHE[seat] = { past: s.pastActs, night, base, out };
  return out;
}
