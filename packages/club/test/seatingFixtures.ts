/** Fixtures shared by the seating tests (planEvening, seatNextGame, swapPlayers, seatingQualities). */
import { expect } from 'vitest';
import { SeatingError, type SeatingGame } from '../src/index.js';

/** Players p1…pn. */
export const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** The seat number (1…) of `p` in one game, whichever table he sits at. */
export const seatOf = (game: SeatingGame, p: string): number => game.find((t) => t.includes(p))!.indexOf(p) + 1;

/** Whether `a` and `b` share a table in any of the games. */
export const sharesTable = (games: readonly SeatingGame[], a: string, b: string): boolean =>
  games.some((g) => g.some((t) => t.includes(a) && t.includes(b)));

/** The code of the SeatingError that `f` throws (any other error fails the test); undefined when it throws none. */
export function seatingErrorCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SeatingError);
    return (e as SeatingError).code;
  }
  return undefined;
}
