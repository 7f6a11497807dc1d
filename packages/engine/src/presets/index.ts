import type { PresetId } from '../ids.js';
import type { Preset } from './types.js';
import { classic } from './classic.js';
import { sport } from './sport.js';
import { fiim } from './fiim.js';
import { short } from './short.js';
import { club } from './club.js';
import { tabletop } from './tabletop.js';
import { piter } from './piter.js';
import { extended } from './extended.js';
import { party } from './party.js';

/** Built presets. `piter`, `extended`, `club`, `tabletop` and `party` come with their roles. */
export const PRESETS: Partial<Record<PresetId, Preset>> = { classic, sport, short };
PRESETS.fiim = fiim;
PRESETS.club = club;
PRESETS.tabletop = tabletop;
PRESETS.piter = piter;
PRESETS.extended = extended;
PRESETS.party = party;

export const presetOf = (id: PresetId): Preset | undefined => PRESETS[id];
export const builtPresets = (): Preset[] => Object.values(PRESETS) as Preset[];
export { OPTION_SPECS, BASE_OPTIONS } from './options.js';
export { RULES_CODE_DIGITS, optionsFromRulesCode, rulesCodeOf } from './rulesCode.js';
export { NIGHT_STEP_SECONDS, DEFAULT_NIGHT_STEP_SECONDS, nightStepSeconds } from './nightStep.js';
export type { Preset, NightStepSpec, OptionSpec } from './types.js';
export type { GameOptions, OptionName } from '../model/options.js';
