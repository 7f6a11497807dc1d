import { parseArgs } from 'node:util';
import { UsageError } from './io.js';

/** What a command accepts: flags with a value, flags without one, and whether plain arguments (files) may follow. */
export interface FlagSpec<V extends string, S extends string> {
  readonly usage: string;
  readonly values: readonly V[];
  readonly switches: readonly S[];
  readonly positionals?: boolean;
  /** Value flags that must be given: `missing --flag; usage…` otherwise. */
  readonly required?: readonly V[];
  /** Value flags that may be given more than once (`--option a=1 --option b=2`): every value in `lists`. */
  readonly repeatable?: readonly V[];
}

export interface Flags<V extends string, S extends string> {
  readonly values: Partial<Record<V, string>>;
  /** Each repeatable flag's values in the order given (empty when not given). */
  readonly lists: Partial<Record<V, string[]>>;
  readonly switches: Record<S, boolean>;
  readonly positionals: readonly string[];
}

const bad = (message: string): UsageError => new UsageError(message, 'bad-argument');

/**
 * The command line of one command through Node's `util.parseArgs`, every problem a one-line
 * UsageError in plain words: an unknown flag (with the list of known ones), a flag without its
 * value (the next `--flag` is never taken as a value; a negative number is), a value given to a
 * switch, a flag given twice, a plain argument where none is expected. `--flag=value` works too.
 */
export function parseFlags<V extends string, S extends string>(args: readonly string[], spec: FlagSpec<V, S>): Flags<V, S> {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const v of spec.values) options[v] = { type: 'string' };
  for (const s of spec.switches) options[s] = { type: 'boolean' };
  const known = [...spec.values, ...spec.switches].map((f) => `--${f}`).join(', ');
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const values: Partial<Record<V, string>> = {};
  const switches = Object.fromEntries(spec.switches.map((s) => [s, false])) as Record<S, boolean>;
  const positionals: string[] = [];
  const lists: Partial<Record<V, string[]>> = {};
  for (const token of tokens) {
    if (token.kind === 'option-terminator') throw bad(`unexpected argument "--"; ${spec.usage}`);
    if (token.kind === 'positional') {
      if (!spec.positionals) throw bad(`unexpected argument ${JSON.stringify(token.value)}; ${spec.usage}`);
      positionals.push(token.value);
      continue;
    }
    const { name, rawName } = token;
    const isValue = (spec.values as readonly string[]).includes(name);
    const isSwitch = (spec.switches as readonly string[]).includes(name);
    if (!rawName.startsWith('--') || (!isValue && !isSwitch)) throw bad(`unknown flag ${rawName}; flags: ${known}`);
    if (isSwitch) {
      if (token.value !== undefined) throw bad(`--${name} takes no value`);
      switches[name as S] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith('--'))) throw bad(`--${name} needs a value; ${spec.usage}`);
    if ((spec.repeatable as readonly string[] | undefined)?.includes(name)) {
      (lists[name as V] ??= []).push(value);
      continue;
    }
    if (values[name as V] !== undefined) throw bad(`--${name} is given twice`);
    values[name as V] = value;
  }
  for (const f of spec.required ?? []) if (values[f] === undefined) throw bad(`missing --${f}; ${spec.usage}`);
  return { values, lists, switches, positionals };
}

/** A flag's whole number from min to max, or a UsageError naming the flag and what it got. */
export function wholeNumber(flag: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw bad(`--${flag} must be a whole number, got ${JSON.stringify(text)}`);
  const n = Number(text);
  if (n < min || n > max) throw bad(`--${flag} must be from ${min} to ${max}, got ${text}`);
  return n;
}
