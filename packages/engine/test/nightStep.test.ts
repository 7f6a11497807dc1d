/**
 * One night step's default length per preset (R-NIGHT-4: the night is this × its steps).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_NIGHT_STEP_SECONDS, nightStepSeconds, PRESET_IDS, PRESETS } from '@mafia/engine';

describe('night step defaults', () => {
  it('every_preset_has_a_night_step_of_at_least_ten_seconds', () => {
    for (const id of PRESET_IDS) expect(nightStepSeconds(id), id).toBeGreaterThanOrEqual(10);
    expect(Object.keys(PRESETS).every((id) => nightStepSeconds(id) >= 10)).toBe(true);
  });

  it('an_unknown_preset_gets_the_classic_step', () => {
    expect(nightStepSeconds('no-such-preset')).toBe(DEFAULT_NIGHT_STEP_SECONDS);
    expect(DEFAULT_NIGHT_STEP_SECONDS).toBe(nightStepSeconds('classic'));
  });
});
