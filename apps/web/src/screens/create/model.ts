import { nightStepSeconds, OPTION_SPECS, PRESETS, type OptionName, type OptionSpec, type Preset, type PresetId, type RoleId } from '@mafia/engine';
import { MAX_STEP_SECONDS, MIN_STEP_SECONDS, type CreateRoomRequest, type RoomLanguage, type RoomMode, type Timers } from '@mafia/protocol';
import { codeOptions } from './rulesCode';
import type { CreateForm, OptionValue } from './form';

// The form's types live in the leaf form.ts (rulesCode.ts needs them too); importers of the model find them here.
export type { CreateForm, OptionValue } from './form';

/**
 * The create form as pure data: the presets the engine has built, the recommended deck for a count,
 * editing the deck card by card, the request for POST /api/rooms, and where a refusal belongs.
 */

/** The presets in the order the form offers them (every built preset). */
export const PRESET_ORDER: readonly PresetId[] = ['classic', 'sport', 'fiim', 'short', 'club', 'tabletop', 'party', 'piter', 'extended'];
export const MODES: readonly RoomMode[] = ['human', 'app', 'online'];
export const TIMER_KEYS = ['speech', 'defence', 'lastWords', 'nightStep', 'vote'] as const satisfies readonly (keyof Timers)[];

/**
 * The server's default step lengths (DEFAULT_TIMERS of @mafia/protocol, copied: a value import of the
 * protocol would bring zod into the bundle; test/create.test.ts keeps the copy equal).
 */
export const DEFAULT_TIMERS: Timers = { speech: 60, defence: 30, lastWords: 60, nightStep: 15, vote: 30 };

/**
 * The step lengths the server gives a room of this preset when the request names none: its own
 * night step (the engine's `nightStepSeconds`, the table the server's `timersFor` reads), the rest
 * as DEFAULT_TIMERS (the speeches are the preset's options, set in the options section).
 */
export function presetTimers(id: PresetId): Timers {
  return { ...DEFAULT_TIMERS, nightStep: nightStepSeconds(id) };
}
/** The shortest and longest step the server accepts, in whole seconds (packages/protocol, issue 12 point 10). */
export const TIMER_MIN: Readonly<Record<'nightStep' | 'vote', number>> = { nightStep: MIN_STEP_SECONDS.nightStep, vote: MIN_STEP_SECONDS.vote };
export const TIMER_MAX = MAX_STEP_SECONDS;

export function presetById(id: PresetId): Preset {
  const p = PRESETS[id];
  if (!p) throw new Error(`preset ${id} is not built`);
  return p;
}

/** The built presets, in PRESET_ORDER (then any other the engine has). */
export function builtPresetIds(): PresetId[] {
  const built = Object.keys(PRESETS) as PresetId[];
  return [...PRESET_ORDER.filter((id) => built.includes(id)), ...built.filter((id) => !PRESET_ORDER.includes(id))];
}

/** The player count to start a preset with: 10 when allowed, else the nearest bound. */
export function defaultSeats(p: Preset): number {
  return Math.min(p.maxPlayers, Math.max(p.minPlayers, 10));
}

export function clampSeats(p: Preset, n: number): number {
  if (!Number.isFinite(n)) return defaultSeats(p);
  return Math.min(p.maxPlayers, Math.max(p.minPlayers, Math.round(n)));
}

/** The recommended deck (R-PRESET) for n players, [] when the preset has none for n. */
export function recommendedDeck(p: Preset, n: number): RoleId[] {
  return [...(p.composition(n) ?? [])];
}

/** Cards per role, in the preset's role order; every role of the preset is listed (0 when absent). */
export function deckCounts(p: Preset, deck: readonly RoleId[]): { role: RoleId; count: number; unique: boolean }[] {
  return p.roles.map((role) => ({ role, count: deck.filter((r) => r === role).length, unique: p.uniqueRoles.includes(role) }));
}

export function canAdd(p: Preset, deck: readonly RoleId[], role: RoleId): boolean {
  if (!p.roles.includes(role)) return false;
  if (deck.length >= 32) return false;
  return !(p.uniqueRoles.includes(role) && deck.includes(role));
}

export function addCard(p: Preset, deck: readonly RoleId[], role: RoleId): RoleId[] {
  return canAdd(p, deck, role) ? [...deck, role] : [...deck];
}

export function removeCard(deck: readonly RoleId[], role: RoleId): RoleId[] {
  const i = deck.lastIndexOf(role);
  return i < 0 ? [...deck] : [...deck.slice(0, i), ...deck.slice(i + 1)];
}

/** Whether two decks hold the same cards (order aside). */
export function sameDeck(a: readonly RoleId[], b: readonly RoleId[]): boolean {
  if (a.length !== b.length) return false;
  const s = (d: readonly RoleId[]) => [...d].sort().join(',');
  return s(a) === s(b);
}

/** The options a user may set for this preset, with their specs (preset.options, OPTION_SPECS). */
export function optionSpecs(p: Preset): OptionSpec[] {
  return p.options.map((name) => OPTION_SPECS[name]);
}

export function parseOption(spec: OptionSpec, raw: string | boolean): OptionValue {
  if (spec.kind === 'boolean') return raw === true || raw === 'true';
  if (spec.kind === 'enum' || spec.kind === 'string') return String(raw) as OptionValue;
  return Number(raw) as OptionValue;
}


export function initialForm(id: PresetId = 'classic'): CreateForm {
  const p = presetById(id);
  const seats = defaultSeats(p);
  return withDeck({ preset: id, seats, mode: 'human', deck: [], options: {}, modifications: [], timers: presetTimers(id), public: false }, recommendedDeck(p, seats));
}

/**
 * Another preset: its own count range, deck, options, modifications and night step. The night step
 * is reset to the new preset's like its speech lengths (options) are, even one the user typed: a
 * length chosen for one night script is no guide to another's. The mode and the vote time stay.
 */
export function withPreset(f: CreateForm, id: PresetId): CreateForm {
  const p = presetById(id);
  const seats = clampSeats(p, f.seats);
  const timers = { ...f.timers, nightStep: nightStepSeconds(id) };
  return withDeck({ ...f, preset: id, seats, deck: [], options: {}, modifications: [], timers }, recommendedDeck(p, seats));
}

/** Another player count: the recommended deck for it (an edited deck is replaced). */
export function withSeats(f: CreateForm, n: number): CreateForm {
  const p = presetById(f.preset);
  return withDeck({ ...f, seats: n }, Number.isInteger(n) && n >= p.minPlayers && n <= p.maxPlayers ? recommendedDeck(p, n) : f.deck);
}

/**
 * The body of POST /api/rooms: only what differs from what the server would do anyway, and the
 * creator's UI language when given (the table's language in the lobby of open games).
 */
export function buildRequest(f: CreateForm, language?: RoomLanguage): CreateRoomRequest {
  const p = presetById(f.preset);
  const body: { -readonly [K in keyof CreateRoomRequest]: CreateRoomRequest[K] } = { preset: f.preset, seats: f.seats, mode: f.mode };
  // Only an online room can be public: ticked and then another mode chosen, it is not sent.
  if (f.mode === 'online' && f.public) body.public = true;
  if (language) body.language = language;
  const options: Record<string, unknown> = {};
  // An option is sent when it differs from what the server would set anyway: the preset's default,
  // or the digit of the rules code sent beside it (R-FIIM-17: the named option overrides the digit).
  const base: Record<string, unknown> = { ...p.defaults, ...codeOptions(f) };
  for (const [name, value] of Object.entries(f.options)) {
    if (p.options.includes(name as OptionName) && value !== base[name]) options[name] = value;
  }
  if (Object.keys(options).length) body.options = options;
  if (!sameDeck(f.deck, recommendedDeck(p, f.seats))) body.composition = [...f.deck];
  const mods = f.modifications.filter((m) => (p.modifications ?? []).includes(m as never));
  if (mods.length) body.modifications = mods;
  const timers: Partial<Timers> = {};
  const defaults = presetTimers(f.preset);
  for (const k of TIMER_KEYS) if (f.timers[k] !== defaults[k]) timers[k] = f.timers[k];
  if (Object.keys(timers).length) body.timers = timers;
  return body;
}

/** Which field of the form a refusal's `path` names ('composition[2]' → 'composition'; 'players' → 'seats'). */
export function fieldOfPath(path: string | undefined): string {
  if (!path) return 'form';
  if (path === 'players' || path === 'seats') return 'seats';
  if (path.startsWith('composition')) return 'composition';
  if (path.startsWith('modifications')) return 'modifications';
  if (path.startsWith('options.')) return path.split('[')[0]!;
  if (path.startsWith('timers.')) return path.split('[')[0]!;
  if (path === 'preset' || path === 'mode') return path;
  // Public or not is chosen beside the mode.
  if (path === 'public') return 'mode';
  if (path === 'options' || path === 'timers') return path;
  return 'form';
}

/** Cards that are a modification of the preset: dealing one ticks it (R-MOD; the Black Widow is the Girl's modifier). */
const CARD_MODIFICATIONS: Readonly<Partial<Record<RoleId, string>>> = { 'black-widow': 'black-widow' };

/** Another deck: a card that is a modification ticks it (one the preset offers). */
export function withDeck(f: CreateForm, deck: readonly RoleId[]): CreateForm {
  const p = presetById(f.preset);
  const mods = [...f.modifications];
  for (const card of deck) {
    const m = CARD_MODIFICATIONS[card];
    if (m && (p.modifications ?? []).includes(m as never) && !mods.includes(m)) mods.push(m);
  }
  return { ...f, deck: [...deck], modifications: mods };
}

/** Whether the Black Widow modification is on because her card is dealt (the form says why it is ticked). */
export function widowTicked(f: CreateForm): boolean {
  return f.deck.includes('black-widow') && f.modifications.includes('black-widow');
}

/** A role's name in a preset (extended: Солдат): i18n/roleName.ts. */
export { roleName as roleLabel } from '../../i18n/roleName';
