import { builtPresets, OPTION_SPECS, PRESET_IDS, type OptionName, type OptionSpec, type Preset } from '@mafia/engine';
import { compositionText } from '@mafia/bots';
import { printJson, UsageError } from './io.js';

const USAGE = 'usage: mafia presets [--json]';

const HELP = `${USAGE}

Lists every built preset: its names, summary, player range, roles, night order, options
(type, default, rule id, description) and the recommended composition per player count.
  --json   print one JSON document instead of text
`;

/** One option of a preset as `mafia presets` reports it. */
export interface PresetOptionInfo {
  readonly name: OptionName;
  readonly kind: OptionSpec['kind'];
  readonly values?: readonly string[];
  /** `string` options: the form of the value, as a regular expression's source (e.g. `^[0-9]{13}$`). */
  readonly pattern?: string;
  readonly min?: number;
  readonly max?: number;
  readonly default: unknown;
  readonly rule: string;
  readonly description: string;
  readonly ru: string;
}

export interface CompositionInfo {
  readonly players: number;
  readonly roles: readonly string[];
  /** e.g. `don, mafia×2, commissar, civilian×6` */
  readonly text: string;
}

export interface PresetInfo {
  readonly id: string;
  readonly name: { readonly en: string; readonly ru: string };
  readonly summary: string;
  readonly sources: readonly string[];
  readonly players: { readonly min: number; readonly max: number };
  readonly roles: readonly string[];
  readonly uniqueRoles: readonly string[];
  readonly nightOrder: readonly string[];
  /** RULES.md §7 modifications the preset can be played with. */
  readonly modifications: readonly string[];
  readonly rules: readonly string[];
  /** Options a protocol or a game setup may override, with this preset's defaults. */
  readonly options: readonly PresetOptionInfo[];
  /** Settings this preset fixes (not overridable): option name → value. */
  readonly fixed: Readonly<Record<string, unknown>>;
  readonly compositions: readonly CompositionInfo[];
}

export interface PresetsDocument {
  readonly presets: readonly PresetInfo[];
  /** Preset ids of RULES.md §8 that are not built yet. */
  readonly coming: readonly string[];
}

/** `mafia presets [--json]`: the built presets, their options and recommended compositions. */
export function presetsCommand(args: string[]): number {
  let json = false;
  for (const arg of args) {
    if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(HELP);
      return 0;
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option "${arg}"; ${USAGE}`);
    else throw new UsageError(`unexpected argument "${arg}"; ${USAGE}`);
  }
  const doc = presetsDocument();
  if (json) printJson(doc);
  else process.stdout.write(formatText(doc));
  return 0;
}

export function presetsDocument(): PresetsDocument {
  const presets = builtPresets().map(describePreset);
  const built = new Set(presets.map((p) => p.id));
  return { presets, coming: PRESET_IDS.filter((id) => !built.has(id)) };
}

function describePreset(p: Preset): PresetInfo {
  const defaults = p.defaults;
  const options = p.options.map((name): PresetOptionInfo => {
    const spec = OPTION_SPECS[name];
    return {
      name,
      kind: spec.kind,
      ...(spec.values ? { values: spec.values } : {}),
      // A RegExp has no JSON form: its source says the same in --json and in the text.
      ...(spec.pattern ? { pattern: spec.pattern.source } : {}),
      ...(spec.min !== undefined ? { min: spec.min } : {}),
      ...(spec.max !== undefined ? { max: spec.max } : {}),
      default: defaults[name],
      rule: spec.rule,
      description: spec.description,
      ru: spec.ru,
    };
  });
  const fixed: Record<string, unknown> = {};
  for (const name of Object.keys(OPTION_SPECS) as OptionName[]) {
    // The federation's settings (R-FIIM) mean nothing outside a fiim game: not listed for the others.
    if (!defaults.fiim && OPTION_SPECS[name].rule.startsWith('R-FIIM')) continue;
    if (!p.options.includes(name) && name in defaults) fixed[name] = defaults[name];
  }
  const compositions: CompositionInfo[] = [];
  for (let n = p.minPlayers; n <= p.maxPlayers; n++) {
    const roles = p.composition(n);
    if (roles) compositions.push({ players: n, roles: roles.slice(), text: compositionText(roles) });
  }
  return {
    id: p.id,
    name: { en: p.name.en, ru: p.name.ru },
    summary: p.summary,
    sources: p.sources.slice(),
    players: { min: p.minPlayers, max: p.maxPlayers },
    roles: p.roles.slice(),
    uniqueRoles: p.uniqueRoles.slice(),
    nightOrder: p.nightOrder.map((step) => step.note),
    modifications: (p.modifications ?? []).slice(),
    rules: p.rules.slice(),
    options,
    fixed,
    compositions,
  };
}

/** `don, mafia×2, commissar, civilian×6` (the balance lab words a deck the same way). */
export { compositionText } from '@mafia/bots';

/** `enum: introduction | checks`, `integer 10–600`, `number -10 to 0`, `string ^[0-9]{13}$`, `boolean`. */
export function optionType(o: Pick<PresetOptionInfo, 'kind' | 'values' | 'pattern' | 'min' | 'max'>): string {
  if (o.kind === 'enum') return `enum: ${(o.values ?? []).join(' | ')}`;
  if (o.kind === 'boolean') return 'boolean';
  if (o.kind === 'string') return o.pattern === undefined ? 'string' : `string ${o.pattern}`;
  // "-10–0" reads as a subtraction: a range with a negative end is spelled out.
  const dash = (o.min ?? 0) < 0 ? ' to ' : '–';
  const range = o.min !== undefined && o.max !== undefined ? ` ${o.min}${dash}${o.max}` : '';
  return `${o.kind}${range}`;
}

const range = (min: number, max: number): string => (min === max ? `${min}` : `${min}–${max}`);

function formatText(doc: PresetsDocument): string {
  const out: string[] = [];
  out.push(`Built presets (${doc.presets.length}): ${doc.presets.map((p) => p.id).join(', ')}`);
  if (doc.coming.length) out.push(`Coming (not built yet): ${doc.coming.join(', ')}`);
  for (const p of doc.presets) {
    out.push('');
    out.push(`${p.id} — ${p.name.en} (${p.name.ru})`);
    out.push(`  ${p.summary}`);
    out.push(`  Players: ${range(p.players.min, p.players.max)}`);
    const unique = p.uniqueRoles.length ? ` (at most one each: ${p.uniqueRoles.join(', ')})` : '';
    out.push(`  Roles: ${p.roles.join(', ')}${unique}`);
    out.push(`  Night order: ${p.nightOrder.length ? p.nightOrder.join(' → ') : 'no nights'}`);
    if (p.modifications.length) out.push(`  Modifications: ${p.modifications.join(', ')}`);
    out.push(`  Sources: ${p.sources.join('; ')}`);
    out.push(`  Rules: ${p.rules.join(', ')}`);
    out.push('  Options (name = default  [type; rule]):');
    const width = Math.max(...p.options.map((o) => o.name.length));
    for (const o of p.options) {
      out.push(`    ${o.name.padEnd(width)} = ${String(o.default)}  [${optionType(o)}; ${o.rule}]`);
      out.push(`    ${''.padEnd(width)}   ${o.description}`);
    }
    const fixed = Object.entries(p.fixed);
    if (fixed.length) out.push(`  Fixed by the preset: ${fixed.map(([k, v]) => `${k} = ${String(v)}`).join(', ')}`);
    out.push('  Recommended composition:');
    for (const c of p.compositions) out.push(`    ${String(c.players).padStart(2)}: ${c.text}`);
  }
  return `${out.join('\n')}\n`;
}
