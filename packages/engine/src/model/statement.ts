import type { RoleId, SeatNo } from '../ids.js';

/**
 * What a player says in his speech, as data (issue 27, point 1): public, on the record, and changing
 * no rule. Clubs' words: «Я — Комиссар» (`claim`), «Проверил 4-го: красный» (`checked`, red = the
 * town, black = the mafia), «Подозреваю 7-го» (`suspect`), «Доверяю 2-му» (`trust`), «Голосую за
 * 5-го» (`willVote`), «Моя версия: 3, 6, 9» (`version`, the FIIM best move is one).
 */
export type Statement =
  | { readonly kind: 'claim'; readonly role: RoleId }
  | { readonly kind: 'checked'; readonly target: SeatNo; readonly night: number; readonly color: 'red' | 'black' }
  | { readonly kind: 'suspect'; readonly target: SeatNo }
  | { readonly kind: 'trust'; readonly target: SeatNo }
  | { readonly kind: 'willVote'; readonly target: SeatNo }
  | { readonly kind: 'version'; readonly seats: readonly SeatNo[] }
  /**
   * The mafia's night meeting (spec/protocol.md `plan`): who they shoot on which night, «ночь 2 — 5-й,
   * ночь 3 — 8-й». Said at night by a living member, heard by the mafia only.
   */
  | { readonly kind: 'plan'; readonly shots: readonly PlannedShot[] };

export interface PlannedShot {
  readonly night: number;
  readonly target: SeatNo;
}

/** The statements of a turn to talk by day (the night's only statement is the mafia's `plan`). */
export const STATEMENT_KINDS = ['claim', 'checked', 'suspect', 'trust', 'willVote', 'version'] as const satisfies readonly Statement['kind'][];

/**
 * A statement as the game keeps it: who said it, on which day; `night` when it was said at night
 * (the mafia's meeting: `day` is then the day that follows the night, its number).
 */
export interface Said {
  readonly day: number;
  readonly by: SeatNo;
  readonly statement: Statement;
  readonly night?: number;
}

/** Heard by the mafia only (and the host): the night meeting's statements. */
export const isMafiaOnly = (st: Statement): boolean => st.kind === 'plan';

/** Nights a plan names at most. */
export const MAX_PLAN_SHOTS = 5;

/** Statements a player may make in one day (his speech, defence and last word together): talk, not a flood. */
export const MAX_STATEMENTS_PER_DAY = 8;

/** Seats a `version` names at most (the best move's three). */
export const MAX_VERSION_SEATS = 3;
