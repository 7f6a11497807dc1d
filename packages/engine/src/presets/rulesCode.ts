import { fail } from '../errors.js';
import { OPTION_SPECS } from './options.js';
import type { OptionName } from '../model/options.js';

/**
 * R-FIIM-17: a mafiaratings rules code. Each of its 13 digits is the 0-based index of one option's
 * value, in this order (the lists are the options' `values` in OPTION_SPECS; `onRecordCount` is the
 * digit itself).
 */
export const RULES_CODE_DIGITS: readonly OptionName[] = [
  'rotation', 'onRecord', 'onRecordCount', 'withdraw', 'firstVoting', 'splitOrder', 'killAll',
  'splitOnFour', 'splitOnNine', 'legacy', 'gameEndSpeech', 'threeFouls', 'techFouls',
];

/** The options a rules code sets. Throws a RuleViolation naming the digit that is wrong. */
export function optionsFromRulesCode(code: unknown, path = 'options.rulesCode'): Record<string, string | number> {
  if (typeof code !== 'string' || !/^[0-9]{13}$/.test(code)) {
    fail('bad-rules-code', 'R-FIIM-17', `a rules code is 13 digits, got ${JSON.stringify(code)}`, path);
  }
  const out: Record<string, string | number> = {};
  RULES_CODE_DIGITS.forEach((name, i) => {
    const digit = Number((code as string)[i]);
    const spec = OPTION_SPECS[name];
    if (spec.kind === 'integer') {
      if (digit < spec.min! || digit > spec.max!) fail('bad-rules-code', 'R-FIIM-17', `digit ${i + 1} of the rules code (${name}) is ${digit}; it takes ${spec.min}–${spec.max}`, path);
      out[name] = digit;
      return;
    }
    const values = spec.values!;
    if (digit >= values.length) {
      fail('bad-rules-code', 'R-FIIM-17', `digit ${i + 1} of the rules code (${name}) is ${digit}; it takes 0–${values.length - 1} (${values.map((v, k) => `${k} ${v}`).join(', ')})`, path);
    }
    out[name] = values[digit];
  });
  return out;
}

/** The rules code of a set of options (the inverse of `optionsFromRulesCode`). */
export function rulesCodeOf(options: { readonly [K in OptionName]?: unknown }): string {
  return RULES_CODE_DIGITS.map((name) => {
    const spec = OPTION_SPECS[name];
    const v = options[name];
    return spec.kind === 'integer' ? String(v) : String(Math.max(0, spec.values!.indexOf(v as string)));
  }).join('');
}
