/**
 * A rule error: the command broke a rule (or was malformed) and changed nothing.
 * `rule` is the RULES.md id the refusal rests on (or a protocol/input id such as `INPUT`).
 */
export interface RuleError {
  readonly code: string;
  readonly rule: string;
  readonly message: string;
  /** Where in the input the problem is, when the input is a document (e.g. `steps[3].acts[0].target`). */
  readonly path?: string;
}

/** The message names the rule it rests on (e.g. "R-VOTE-1: seat 3 is already nominated"). */
export function ruleError(code: string, rule: string, message: string, path?: string): RuleError {
  const text = rule === 'INPUT' || message.startsWith(`${rule}:`) ? message : `${rule}: ${message}`;
  return path === undefined ? { code, rule, message: text } : { code, rule, message: text, path };
}

/** Thrown only across module boundaries inside the engine and turned back into a value at the API. */
export class RuleViolation extends Error {
  constructor(readonly error: RuleError) {
    super(error.message);
  }
}

export function fail(code: string, rule: string, message: string, path?: string): never {
  throw new RuleViolation(ruleError(code, rule, message, path));
}
