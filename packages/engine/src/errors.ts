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

export const ruleError = (code: string, rule: string, message: string, path?: string): RuleError =>
  path === undefined ? { code, rule, message } : { code, rule, message, path };

/** Thrown only across module boundaries inside the engine and turned back into a value at the API. */
export class RuleViolation extends Error {
  constructor(readonly error: RuleError) {
    super(`${error.rule}: ${error.message}`);
  }
}

export function fail(code: string, rule: string, message: string, path?: string): never {
  throw new RuleViolation(ruleError(code, rule, message, path));
}
