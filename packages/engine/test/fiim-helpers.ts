/**
 * Helpers for the `fiim` preset's rule tests (RULES.md R-FIIM). The table is TABLE10: mafia 2, Don 5,
 * mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10. Night 1 is the introduction night (R-FIIM-1),
 * so the first shot is on night 2.
 */
import { protocol, shot, TABLE10, type Step } from './helpers.js';

export const fiim = (steps: Step[], options?: Record<string, unknown>) =>
  protocol('fiim', TABLE10, steps, options ? { options } : {});

/** The mafia's unanimous shot by the alive members (default: all three). */
export const fiimShot = (target: number, shooters: readonly number[] = [2, 5, 8]) => shot(target, shooters);

/** Introduction night and a day with nobody nominated: the table as it stands before night 2. */
export const OPENING: Step[] = [{ night: 1 }, { day: 1 }];
