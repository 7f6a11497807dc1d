import type { SeatNo } from '../ids.js';
import type { DayState, PendingRemoval } from '../model/state.js';

/*
 * Array helpers of the fold (game/apply.ts). A state's arrays are never written into, only replaced,
 * so that a view or an earlier event holding one never sees it change: each helper makes a new list.
 */

/** A copy of `arr` with the entry of `seat` (1-based) set to `value`. */
export const with1 = <T>(arr: readonly T[], seat: number, value: T): T[] => {
  const out = arr.slice();
  out[seat - 1] = value;
  return out;
};

/** `[...arr, value]` without the spread (array spread goes through the iterator protocol). */
export function append<T>(arr: readonly T[], value: T): T[] {
  const n = arr.length;
  const out = new Array<T>(n + 1);
  for (let k = 0; k < n; k++) out[k] = arr[k];
  out[n] = value;
  return out;
}

/** `arr` without `value` (a new list; `arr` is never written into). */
export function without<T>(arr: readonly T[], value: T): T[] {
  const out: T[] = [];
  for (let k = 0; k < arr.length; k++) if (arr[k] !== value) out.push(arr[k]);
  return out;
}

/** A new list of `n` zeros. */
export const zeros = (n: number): number[] => filled(n, 0);

/** A new list of `n` times `value`, built by push: a packed array (no holes for V8 to check on reads). */
export function filled<T>(n: number, value: T): T[] {
  const out: T[] = [];
  for (let k = 0; k < n; k++) out.push(value);
  return out;
}

/** A copy of `alive` with every seat of `seats` out. */
export function killAll(alive: readonly boolean[], seats: readonly SeatNo[]): boolean[] {
  const out = alive.slice();
  for (const s of seats) out[s - 1] = false;
  return out;
}

export const NO_SEATS: readonly SeatNo[] = Object.freeze([]);
export const NO_BLOOD: DayState['blood'] = Object.freeze([]);
export const NO_PENDING: readonly PendingRemoval[] = Object.freeze([]);
