import { ALL_ROLE_IDS, type ActKind, type RoleId, seatAt, type SeatNo } from '../ids.js';
import type { GameState, NightAct } from '../model/state.js';
import type { ActSpec, RoleLookup } from '../model/role.js';

/**
 * Role modules do not import roles/registry.ts (the registry imports the presets, which import the
 * role modules: a cycle). The helpers below that need a seat's role take the game's lookup
 * (`RoleLookup`, the registry's `roleAt`) from their caller.
 */

/** The spec of `act` of seat index `i`'s role, if it has one. */
export function actSpecAt(s: GameState, i: number, act: ActKind, roleAt: RoleLookup): ActSpec | undefined {
  const acts = roleAt(s, i).acts;
  for (let k = 0; k < acts.length; k++) if (acts[k].act === act) return acts[k];
  return undefined;
}

/** Shared limits of the issue-3 night roles: "not the same player twice in a row", "once per game". */

/** The target of `seat`'s `act` on night `night` (0: none). */
export function targetOn(s: GameState, seat: SeatNo, act: ActKind, night: number): number {
  const past = s.pastActs;
  for (let k = past.length - 1; k >= 0; k--) {
    const a = past[k];
    if (a.night < night) break;
    if (a.night === night && a.by === seat && a.act === act) return a.target;
  }
  return 0;
}

/** How many times `seat` used `act` in earlier nights (on `target` only, when given). */
export function timesUsed(s: GameState, seat: SeatNo, act: ActKind, target?: number): number {
  let n = 0;
  const past = s.pastActs;
  for (let k = 0; k < past.length; k++) {
    const a = past[k];
    if (a.by === seat && a.act === act && (target === undefined || a.target === target)) n++;
  }
  return n;
}

/** The night being played (0 outside the night). */
export const nightNo = (s: GameState): number => (s.night === null ? 0 : s.night.n);

/** The night played before this one ("two nights in a row"): n − 1, or n − 2 after an emergency day (R-PHASE-4). */
export const prevNightNo = (s: GameState): number => (s.night === null ? 0 : s.night.prev ?? s.night.n - 1);

/** Alive members of the mafia team. */
export function aliveMafia(s: GameState): number {
  let n = 0;
  for (let i = 0; i < s.seats; i++) if (s.alive[i] && s.teams[i] === 'mafia') n++;
  return n;
}

/** Does the seat's role (as played now) shoot: a kill act of its own or the mafia's team shot? */
export function isShooter(s: GameState, i: number, roleAt: RoleLookup): boolean {
  const acts = roleAt(s, i).acts;
  for (let k = 0; k < acts.length; k++) {
    const a = acts[k];
    // A Psycho not yet nominated or a Werewolf not yet turned does not shoot.
    if (a.act === 'kill' && (a.availableOn === undefined || a.availableOn(s, nightNo(s), seatAt(i)))) return true;
  }
  return false;
}

/** Does the seat take part in the mafia's team shot? */
export function isMafiaShooter(s: GameState, i: number, roleAt: RoleLookup): boolean {
  if (s.teams[i] !== 'mafia') return false;
  const acts = roleAt(s, i).acts;
  for (let k = 0; k < acts.length; k++) if (acts[k].teamAct === 'mafia') return true;
  return false;
}

export const isRoleId = (r: unknown): r is RoleId => typeof r === 'string' && (ALL_ROLE_IDS as readonly string[]).includes(r);

/** A refusal for `validate`. */
export const refuse = (rule: string, message: string): { rule: string; message: string } => ({ rule, message });

/** The act of `seat` tonight, if any. */
export function actTonight(s: GameState, seat: number, act: ActKind): NightAct | undefined {
  const acts = s.night === null ? [] : s.night.acts;
  for (let k = 0; k < acts.length; k++) if (acts[k].by === seat && acts[k].act === act) return acts[k];
  return undefined;
}
