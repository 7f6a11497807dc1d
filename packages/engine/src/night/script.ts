import type { RoleId } from '../ids.js';
import { ByKey, deckKey } from '../deckKey.js';
import type { GameSetup } from '../model/state.js';
import { PRESETS } from '../presets/index.js';
import type { NightStepSpec } from '../presets/types.js';

/** One step of this game's nights: the preset's step cut to the roles dealt. */
export type NightStep = NightStepSpec;

/** By deckKey: the steps are the same for every game of a preset with the same roles in its deck. */
const byDeck = new ByKey<GameSetup, readonly NightStep[]>((setup) => deckKey(setup.preset, setup.deck ?? setup.roles), (setup) => makeSteps(setup));
/** The last setup asked about and its steps (every view of a game asks again). */

/**
 * R-NIGHT-1, R-NIGHT-4: the steps the host calls every night of this game: the preset's wake order,
 * keeping the steps of the roles dealt — alive or not, since a dead Commissar or Don is still "woken"
 * so that the night's rhythm tells nothing. Which roles are in the game (not who holds them) is
 * public: clubs announce the deck. The same for every viewer. Under R-MOD extra-card the steps are
 * the whole deck's, the card left out included: the host wakes it too, or the missing step would
 * tell everybody which card stayed hidden.
 */
export function nightSteps(setup: GameSetup): readonly NightStep[] {
  return byDeck.get(setup);
}

function makeSteps(setup: GameSetup): readonly NightStep[] {
  const dealt = new Set<RoleId>(setup.deck ?? setup.roles);
  const out: NightStep[] = [];
  for (const spec of PRESETS[setup.preset]?.nightOrder ?? []) {
    const wake = spec.wake.filter((r) => dealt.has(r));
    if (wake.length > 0) out.push({ wake, acts: spec.acts, note: spec.note });
  }
  return Object.freeze(out);
}
