import { seedFrom, shuffle } from '@mafia/engine';

/**
 * Seed 003's drawn numbers: the people are shuffled with a recorded seed (the same seed draws the
 * same seats on any machine, so anyone can check the draw) and dealt to `tables` tables in turn,
 * so table sizes differ by at most one. Each table lists its people in seat order (seat 1 first).
 */
export function drawSeats<T>(people: readonly T[], tables: number, seed: number): T[][] {
  if (!Number.isInteger(tables) || tables < 1) throw new RangeError(`tables must be a whole number from 1 (got ${tables})`);
  const [order] = shuffle(people.slice(), seedFrom(seed));
  const out: T[][] = Array.from({ length: tables }, () => []);
  order.forEach((p, i) => out[i % tables]!.push(p));
  return out;
}
