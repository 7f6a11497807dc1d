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

/**
 * Every refusal code the engine can give (every `fail` call's first argument anywhere in src/), sorted. Clients key
 * their translated messages on these; test/refusal-codes.test.ts scans the sources and fails when a
 * new code is missing here.
 */
export const REFUSAL_CODES = [
  'act-required',
  'alive',
  'already-acted',
  'already-marked',
  'already-named',
  'already-nominated',
  'already-nominee',
  'already-removed',
  'already-voted',
  'bad-command',
  'bad-composition',
  'bad-field',
  'bad-format',
  'bad-immune',
  'bad-modifications',
  'bad-names',
  'bad-option',
  'bad-options',
  'bad-player-count',
  'bad-rules-code',
  'bad-seat',
  'bad-seats',
  'bad-statement',
  'bad-step',
  'bad-winner',
  'duplicate-modification',
  'duplicate-role',
  'emergency-day',
  'forbidden-target',
  'game-over',
  'host-only',
  'incomplete-step',
  'introduction-night',
  'missing-lift',
  'missing-rake',
  'missing-revote',
  'modification-not-in-play',
  'modification-not-in-preset',
  'no-best-move',
  'no-dying-note',
  'no-final-minute',
  'no-nights',
  'no-nominations',
  'no-such-ability',
  'no-vote',
  'not-a-candidate',
  'not-a-victim',
  'not-a-voter',
  'not-alive',
  'not-in-preset',
  'not-in-procedure',
  'not-mafia',
  'not-night',
  'not-reached',
  'not-silenced',
  'not-the-rake',
  'not-tonight',
  'not-your-seat',
  'not-your-turn',
  'preset-not-built',
  'role-not-in-preset',
  'self-nomination',
  'self-target',
  'self-vote',
  'silenced',
  'team-defeat-given',
  'too-few-players',
  'too-many-statements',
  'undo-needs-log',
  'unknown-command',
  'unknown-field',
  'unknown-modification',
  'unknown-option',
  'unknown-preset',
  'unknown-role',
  'vote-closed',
  'vote-started',
  'wrong-phase',
  'wrong-step',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];
