import type { PresetId } from '../ids.js';

/**
 * Seconds of ONE night step per preset (R-NIGHT-4: the night lasts this × the steps of the deck's
 * night script, whoever is alive): about 10–15 s for one role to wake, choose and sleep. Long night
 * scripts get shorter steps so that the whole night stays bearable (Piter: 11 steps × 10 s).
 *
 * Kept here, as plain numbers with no dependency, so that the server's room timers (`timersFor`)
 * and the web's create form (which may not import zod or node) read the same table.
 */
export const NIGHT_STEP_SECONDS: Readonly<Record<PresetId, number>> = {
  classic: 15, sport: 15, fiim: 15, short: 20, club: 12, tabletop: 12, party: 12, piter: 10, extended: 12,
};

/** A night step when the preset is not in the table: the classic game's. */
export const DEFAULT_NIGHT_STEP_SECONDS = 15;

/** The default length of one night step for a preset (unknown ids get DEFAULT_NIGHT_STEP_SECONDS). */
export function nightStepSeconds(preset: string): number {
  return (NIGHT_STEP_SECONDS as Readonly<Record<string, number>>)[preset] ?? DEFAULT_NIGHT_STEP_SECONDS;
}
