/** One game of an evening: table → seat index (seat number − 1) → player. */
export type SeatingGame = string[][];

/** This evening's games so far, in order; the same shape as {@link planEvening}'s `games`. */
export interface SeatingHistory {
  readonly games: readonly (readonly (readonly string[])[])[];
}

/** Two players the admin keeps apart (a couple, a coach and his student). */
export type ApartPair = readonly [string, string];

/** The meetings of every two players (games at the same table), over the pairs that are not kept apart. */
export interface MeetingStats {
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  /** Population standard deviation of the meetings. */
  readonly std: number;
  /** The lowest standard deviation any seating of these games can have (a lower bound, docs/seating.md). */
  readonly floor: number;
  /** The standard deviation a random draw gives on average (binomial approximation). */
  readonly random: number;
}

/**
 * How balanced a seating is, as docs/seating.md defines it. `seats`, `opponents` and `tables` are
 * 0–100 % (0 = no better than a random draw, 100 = as good as these games allow), one decimal.
 */
export interface SeatingQualities {
  readonly seats: number;
  readonly opponents: number;
  readonly tables: number;
  /** Seat numbers taken more often than needed (per player and number: times above ⌈games ÷ seats⌉). */
  readonly seatRepeats: number;
  /** The repeats no seating of these tables can avoid. */
  readonly seatRepeatsFloor: number;
  readonly meetings: MeetingStats;
  /** Σ over players and tables of (games at the table − the table's fair share)², and its best possible value. */
  readonly tableDeviation: number;
  readonly tableDeviationFloor: number;
}

export type SeatingErrorCode =
  | 'no-players'
  | 'duplicate-player'
  | 'empty-name'
  | 'bad-count'
  | 'too-few-players'
  | 'table-too-large'
  | 'table-sizes'
  | 'unknown-player'
  | 'same-player'
  | 'apart-self'
  | 'apart-impossible'
  | 'bad-games';

/**
 * Bad input to the seating functions. `code` and `params` let a client say it in the user's
 * language; `message` is the English text. Nothing is changed when it is thrown.
 */
export class SeatingError extends Error {
  constructor(
    readonly code: SeatingErrorCode,
    message: string,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
    this.name = 'SeatingError';
  }
}

/** The most seats at one table and the most tables, games and players the planner takes. */
export const SEATING_LIMITS = { maxSeats: 20, maxTables: 50, maxGames: 100, maxPlayers: 500 } as const;
