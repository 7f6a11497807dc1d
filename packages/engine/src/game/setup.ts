import { ALL_MODIFICATIONS, ALL_ROLE_IDS, PRESET_IDS, type ModificationId, type PresetId, type RoleId, seatNo, type SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import { builtPresets, presetOf } from '../presets/index.js';
import { OPTION_SPECS } from '../presets/options.js';
import type { GameOptions, OptionName } from '../model/options.js';
import type { Preset } from '../presets/types.js';
import { roleIn } from '../roles/registry.js';
import { seedFrom, shuffle } from '../rng.js';
import type { GameSetup } from '../model/state.js';
import { extraCardDeck, modifiedOptions } from './modifications.js';
import { optionsFromRulesCode, rulesCodeOf } from '../presets/rulesCode.js';

/**
 * What a caller gives to set up a game. Either `roles` (seat by seat), or a deck dealt from the
 * seed: `composition` (a club's own deck, one card per player) or `players` (the preset's
 * recommended composition for that many).
 */
export interface SetupInput {
  readonly preset: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly roles?: readonly string[];
  readonly composition?: readonly string[];
  readonly players?: number;
  readonly names?: readonly string[];
  readonly modifications?: readonly string[];
  readonly immune?: readonly number[];
  readonly seed?: string | number;
}

export function resolvePreset(id: unknown, path = 'preset'): Preset {
  if (typeof id !== 'string' || !(PRESET_IDS as readonly string[]).includes(id)) {
    fail('unknown-preset', 'R-PRESET', `unknown preset ${JSON.stringify(id)}; presets: ${PRESET_IDS.join(', ')}`, path);
  }
  const preset = presetOf(id as PresetId);
  if (!preset) fail('preset-not-built', 'R-PRESET', `the preset "${id}" is not built yet; built: ${builtPresets().map((p) => p.id).join(', ')}`, path);
  return preset!;
}

export function resolveOptions(preset: Preset, raw: Readonly<Record<string, unknown>> | undefined, path = 'options'): GameOptions {
  const options: { -readonly [K in OptionName]: GameOptions[K] } = { ...preset.defaults };
  if (raw === undefined) return options;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fail('bad-options', 'INPUT', 'options must be an object', path);
  // R-FIIM-17: a rules code sets its options first; a named option given beside it overrides its digit.
  const code = Object.prototype.hasOwnProperty.call(raw, 'rulesCode') && preset.options.includes('rulesCode');
  if (code) Object.assign(options, optionsFromRulesCode(raw.rulesCode, `${path}.rulesCode`));
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'rulesCode' && code) continue;
    const spec = (OPTION_SPECS as Record<string, (typeof OPTION_SPECS)[keyof typeof OPTION_SPECS]>)[name];
    if (!spec || !preset.options.includes(spec.name)) {
      fail('unknown-option', 'R-PRESET', `unknown option "${name}" for preset ${preset.id}; options: ${preset.options.join(', ')}`, `${path}.${name}`);
    }
    const where = `${path}.${name}`;
    switch (spec.kind) {
      case 'boolean':
        if (typeof value !== 'boolean') fail('bad-option', spec.rule, `option ${name} must be true or false`, where);
        break;
      case 'enum':
        if (!spec.values!.includes(value as string)) fail('bad-option', spec.rule, `option ${name} must be one of ${spec.values!.join(', ')}`, where);
        break;
      case 'string':
        if (typeof value !== 'string' || (spec.pattern !== undefined && !spec.pattern.test(value))) fail('bad-option', spec.rule, `option ${name} has the wrong form: ${JSON.stringify(value)}`, where);
        break;
      default:
        if (typeof value !== 'number' || !Number.isFinite(value) || (spec.kind === 'integer' && !Number.isInteger(value)) ||
            (spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) {
          fail('bad-option', spec.rule, `option ${name} must be a${spec.kind === 'integer' ? 'n integer' : ' number'} from ${spec.min} to ${spec.max}`, where);
        }
    }
    // Checked against its option's spec just above.
    Object.assign(options, { [spec.name]: value });
  }
  // The code kept with the game is the one its options make (a named option may have changed a digit).
  if (preset.options.includes('rulesCode')) options.rulesCode = rulesCodeOf(options);
  return options;
}

const playerRange = (p: Preset): string => (p.minPlayers === p.maxPlayers ? `${p.minPlayers}` : `${p.minPlayers}–${p.maxPlayers}`);

export function resolveRoles(preset: Preset, roles: readonly unknown[], path = 'seats'): RoleId[] {
  if (!Array.isArray(roles)) fail('bad-seats', 'INPUT', 'seats must be an array of role ids', path);
  if (roles.length < preset.minPlayers || roles.length > preset.maxPlayers) {
    fail('bad-player-count', 'R-PRESET', `${preset.id} is played by ${playerRange(preset)} players, not ${roles.length}`, path);
  }
  roles.forEach((r, i) => {
    if (typeof r !== 'string' || !(ALL_ROLE_IDS as readonly string[]).includes(r)) {
      fail('unknown-role', 'R-ROLE', `unknown role ${JSON.stringify(r)} at seat ${i + 1}`, `${path}[${i}]`);
    }
    if (!preset.roles.includes(r as RoleId) || roleIn(preset.id, r as RoleId) === undefined) {
      fail('role-not-in-preset', 'R-PRESET', `the ${preset.id} preset has no role "${r}" (seat ${i + 1}); its roles: ${preset.roles.join(', ')}`, `${path}[${i}]`);
    }
  });
  for (const u of preset.uniqueRoles) {
    if (roles.filter((r) => r === u).length > 1) fail('duplicate-role', 'R-PRESET', `only one ${u} may be dealt in ${preset.id}`, path);
  }
  const problem = preset.checkComposition?.(roles as RoleId[]);
  if (problem) fail('bad-composition', 'R-PRESET', problem, path);
  return roles.slice() as RoleId[];
}

/** Validates the input and deals the roles (from the seed when not given). Throws RuleViolation. */
export function buildSetup(input: SetupInput): GameSetup {
  const preset = resolvePreset(input.preset);
  const options = resolveOptions(preset, input.options);
  let seed = seedFrom(input.seed ?? 0);
  let roles: RoleId[];
  let deck: RoleId[] | undefined;
  if (input.roles) roles = resolveRoles(preset, input.roles);
  else {
    // A custom deck obeys the same rules as roles given seat by seat (resolveRoles).
    const custom = input.composition ? resolveRoles(preset, input.composition, 'composition') : undefined;
    if (custom && input.players !== undefined && input.players !== custom.length) {
      fail('bad-player-count', 'R-PRESET', `the composition has ${custom.length} cards for ${input.players} players`, 'composition');
    }
    const players = custom?.length ?? input.players ?? preset.composition(10)?.length ?? preset.minPlayers;
    const composition = custom ?? preset.composition(players);
    if (!composition) fail('bad-player-count', 'R-PRESET', `${preset.id} is played by ${playerRange(preset)} players, not ${players}`, 'players');
    // R-MOD extra-card: N + 1 cards are shuffled, the last one stays hidden (game/modifications.ts).
    const extraCard = Array.isArray(input.modifications) && input.modifications.includes('extra-card');
    if (extraCard) deck = extraCardDeck(preset, players, composition!);
    [roles, seed] = shuffle(deck ? deck.slice() : composition!.slice(), seed);
    if (deck) roles = roles.slice(0, players);
  }
  const names = input.names ?? [];
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) fail('bad-names', 'INPUT', 'names must be an array of strings', 'names');
  if (names.length > roles.length) fail('bad-names', 'INPUT', `${names.length} names for ${roles.length} seats`, 'names');
  const rawMods: readonly unknown[] = input.modifications ?? [];
  if (!Array.isArray(rawMods)) fail('bad-modifications', 'INPUT', 'modifications must be an array of modification ids', 'modifications');
  const allowed = preset.modifications ?? [];
  // Lists built by push, not `map`: `map` makes arrays of another elements kind once V8 optimizes
  // this function (after a few thousand games), and every hot function that had seen the first
  // kind (e.g. reading `setup.modifications`) is then deoptimized and compiled again.
  const modifications: ModificationId[] = [];
  for (let i = 0; i < rawMods.length; i++) {
    const m = rawMods[i];
    if (typeof m !== 'string' || !(ALL_MODIFICATIONS as readonly string[]).includes(m)) fail('unknown-modification', 'R-MOD', `unknown modification ${JSON.stringify(m)}; modifications: ${ALL_MODIFICATIONS.join(', ')}`, `modifications[${i}]`);
    if (!allowed.includes(m as ModificationId)) fail('modification-not-in-preset', 'R-MOD', `the ${preset.id} preset has no modification "${m}"${allowed.length ? `; its modifications: ${allowed.join(', ')}` : ''}`, `modifications[${i}]`);
    if (rawMods.indexOf(m) !== i) fail('duplicate-modification', 'R-MOD', `modification "${m}" is named twice`, `modifications[${i}]`);
    modifications.push(m as ModificationId);
  }
  const rawImmune: readonly unknown[] = input.immune ?? [];
  if (!Array.isArray(rawImmune)) fail('bad-immune', 'INPUT', 'immune must be an array of seat numbers', 'immune');
  const immune: SeatNo[] = [];
  for (let i = 0; i < rawImmune.length; i++) {
    const s = rawImmune[i];
    if (typeof s !== 'number' || !Number.isInteger(s) || s < 1 || s > roles.length) fail('bad-seat', 'INPUT', `immune[${i}] must be a seat from 1 to ${roles.length}`, `immune[${i}]`);
    if (!modifications.includes('first-victim-immunity')) fail('modification-not-in-preset', 'R-MOD', 'immune seats need the first-victim-immunity modification in play', `immune[${i}]`);
    immune.push(seatNo(s));
  }
  // R-MOD black-widow (002): the Girl "becomes the Black Widow under that modifier" (RULES.md §6): a
  // Girl's card is played as the Black Widow (mafia, silence).
  if (modifications.includes('black-widow') && roles.includes('girl')) {
    roles = roles.map((r) => (r === 'girl' ? 'black-widow' : r));
    if (roles.filter((r) => r === 'black-widow').length > 1) fail('duplicate-role', 'R-PRESET', `only one black-widow may be dealt in ${preset.id} (the Girl is the Black Widow under the black-widow modification)`, 'seats');
  }
  // The deck's steps wake the Black Widow too, whether her card was dealt or left out.
  if (deck && modifications.includes('black-widow')) deck = deck.map((r) => (r === 'girl' ? 'black-widow' : r));
  const setup: GameSetup = { preset: preset.id, options: modifiedOptions(options, modifications), roles, names: names.slice(), modifications, immune, seed };
  return deck ? { ...setup, deck } : setup;
}
