import { seedFrom, shuffle } from '../rng.js';

/**
 * Seat draw (seed 003: players draw their numbers from a bag). Returns the names in seat order;
 * the same seed gives the same seating, so a club can publish the seed and anyone can verify it.
 */
export function drawSeats(names: readonly string[], seed: string | number): string[] {
  return shuffle(names.slice(), seedFrom(`seats:${seed}`))[0];
}
