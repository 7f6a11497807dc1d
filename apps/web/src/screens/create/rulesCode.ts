import { OPTION_SPECS, optionsFromRulesCode, RULES_CODE_DIGITS, rulesCodeOf, type OptionName, type Preset } from '@mafia/engine';
import type { CreateForm, OptionValue } from './form';

/**
 * R-FIIM-17 on the create form: a mafiaratings rules code sets 13 options at once. The form shows the
 * options the code sets (the engine's optionsFromRulesCode), an option changed after the code
 * overrides its digit, and both go to the server, whose engine resolves them the same way.
 */

/** What is wrong with a typed code, for a message naming the place: null when the engine takes it. */
export type CodeProblem =
  | { readonly kind: 'length'; readonly n: number }
  | { readonly kind: 'digit'; readonly place: number; readonly option: OptionName; readonly digit: number; readonly max: number };

export function codeProblem(code: string): CodeProblem | null {
  if (!/^[0-9]{13}$/.test(code)) return { kind: 'length', n: code.length };
  for (let i = 0; i < RULES_CODE_DIGITS.length; i++) {
    const option = RULES_CODE_DIGITS[i]!;
    const spec = OPTION_SPECS[option];
    const digit = Number(code[i]);
    const max = spec.kind === 'integer' ? spec.max! : spec.values!.length - 1;
    if (digit > max) return { kind: 'digit', place: i + 1, option, digit, max };
  }
  return null;
}

/** The options the form's code sets ({} without a code, or with one the engine refuses). */
export function codeOptions(f: CreateForm): Partial<Record<OptionName, OptionValue>> {
  const code = f.options.rulesCode;
  if (typeof code !== 'string' || codeProblem(code) !== null) return {};
  return optionsFromRulesCode(code) as Partial<Record<OptionName, OptionValue>>;
}

/**
 * A typed code. One the engine takes sets its options anew: the options changed before it give way
 * to its digits (those changed after it override them). An empty field drops the code.
 */
export function withRulesCode(f: CreateForm, code: string): CreateForm {
  const options = { ...f.options };
  delete options.rulesCode;
  if (code === '') return { ...f, options };
  if (codeProblem(code) === null) for (const name of RULES_CODE_DIGITS) delete options[name];
  return { ...f, options: { ...options, rulesCode: code } };
}

/** Each option's value as the game would have it: the preset's default, then the code's digit, then the user's choice. */
export function shownOptions(p: Preset, f: CreateForm): Record<string, OptionValue> {
  const defaults: Partial<Record<OptionName, OptionValue>> = p.defaults;
  return { ...defaults, ...codeOptions(f), ...f.options };
}

/** The rules code the shown options make (what the engine keeps with the game). */
export function codeOfShown(p: Preset, f: CreateForm): string {
  return rulesCodeOf(shownOptions(p, f));
}
