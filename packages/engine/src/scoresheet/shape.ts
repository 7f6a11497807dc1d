import { fail } from '../errors.js';
import { seatNo, type SeatNo } from '../ids.js';

/** Small shape checks for protocol documents: every failure names its place. */
export function expectObject(v: unknown, path: string): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) fail('bad-field', 'INPUT', `${path} must be an object`, path);
  return v as Record<string, unknown>;
}

export function expectArray(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) fail('bad-field', 'INPUT', `${path} must be an array`, path);
  return v as unknown[];
}

export function expectInt(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) fail('bad-field', 'INPUT', `${path} must be a whole number, got ${JSON.stringify(v)}`, path);
  return v as number;
}

export function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], path: string): void {
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) fail('unknown-field', 'INPUT', `unknown field "${k}" in ${path}; allowed: ${allowed.join(', ')}`, path ? `${path}.${k}` : k);
  }
}

/**
 * A seat number written in a protocol: a whole number, the one place where a protocol's number
 * becomes a `SeatNo` (the engine refuses a seat that is not at the table, naming the rule).
 */
export function expectSeat(v: unknown, path: string): SeatNo {
  return seatNo(expectInt(v, path));
}

/** A seat number given as a JSON key ("8") or a number. */
export function seatKey(k: string, path: string): SeatNo {
  if (!/^[1-9][0-9]*$/.test(k)) fail('bad-field', 'INPUT', `${path} keys must be seat numbers, got "${k}"`, path);
  return seatNo(Number(k));
}
