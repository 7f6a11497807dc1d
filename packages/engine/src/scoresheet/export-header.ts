import type { RoleId } from '../ids.js';
import type { GameSetup } from '../model/state.js';
import type { GameOptions } from '../model/options.js';
import { presetOf } from '../presets/index.js';
import { resolveOptions } from '../game/setup.js';
import { modifiedOptions } from '../game/modifications.js';
import { refuse } from './export-steps.js';

/**
 * The dealt roles as a protocol's `seats`. Under the black-widow modification the Girl's card is
 * played as the Black Widow (game/setup.ts, after the composition was checked): the protocol names
 * the Girl's card, which setup turns again, so that the composition a protocol's setup checks is the
 * one that was dealt.
 */
export function seatsOf(setup: GameSetup): RoleId[] {
  const preset = presetOf(setup.preset);
  const widow = setup.modifications.includes('black-widow') && preset !== undefined && preset.roles.includes('girl');
  return setup.roles.map((r) => (widow && r === 'black-widow' ? 'girl' : r));
}

/**
 * The options that differ from the preset's defaults, among the preset's own options (the rules
 * code is made from them again). Options set by a modification are left to the modification. Options
 * no protocol can reproduce are refused.
 */
export function optionsField(setup: GameSetup): { options?: Record<string, unknown> } {
  const preset = presetOf(setup.preset);
  if (preset === undefined) return refuse(`the preset "${setup.preset}" is not built`);
  const defaults = preset.defaults;
  const actual = setup.options;
  const out: Record<string, unknown> = {};
  for (const name of preset.options) {
    if (name === 'rulesCode') continue;
    if (!sameValue(actual[name], defaults[name])) out[name] = actual[name];
  }
  // Drop what the modifications set by themselves; keep the rest only if it gives the same options.
  const base = modifiedOptions(defaults, setup.modifications);
  // (`out` holds only options of the preset that differ from the defaults.)
  if (setup.modifications.length > 0) for (const name of preset.options) if (name in out && sameValue(base[name], actual[name])) delete out[name];
  let rebuilt: GameOptions;
  try {
    rebuilt = modifiedOptions(resolveOptions(preset, out), setup.modifications);
  } catch {
    return refuse('the game\'s options cannot be written as protocol options');
  }
  const diff = firstDifference(rebuilt, actual, 'options');
  if (diff !== null) return refuse(`the game's options cannot be written as protocol options (${diff})`);
  return Object.keys(out).length > 0 ? { options: out } : {};
}

function sameValue(a: unknown, b: unknown): boolean {
  return firstDifference(a, b, '') === null;
}

/** The first path where two JSON-like values differ, or null. */
export function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (a === b) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path || 'value'}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  for (const k of new Set([...ka, ...kb])) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    if (d !== null) return d;
  }
  return null;
}
