import type { Said } from './statement.js';
// The whole game state and its parts: the bottom of the engine, imported by every layer above it
// and importing nothing of the engine but ids and the options.
import type { ActKind, ModificationId, PresetId, RoleId, SeatNo, Team } from '../ids.js';
import type { GameOptions } from './options.js';

export interface NightAct {
  readonly by: SeatNo;
  readonly act: ActKind;
  readonly target: SeatNo;
  readonly target2?: SeatNo;
  readonly role?: RoleId;
}

export type Answer = 'yes' | 'no' | 'same' | 'different' | 'right' | 'wrong' | 'blocked' | 'dead';

export interface ActResult extends NightAct {
  readonly answer: Answer;
}

/**
 * `defence`: the candidates' defence speeches before each vote round (R-VOTE-2, R-VOTE-6).
 * `rake`: the executed Rake picks one of his voters to take along (R-ROLE Rake).
 */
export type DayStage = 'lastWords' | 'speeches' | 'defence' | 'vote' | 'lift' | 'rake' | 'evening';

/** How a day's vote ended (spec/protocol.md, result `by`). */
export type DayOutcome = 'vote' | 'lift' | 'single' | 'none' | 'removed' | 'alibi' | 'elder';

export type Tally = Readonly<Record<string, number>>;

export interface DayState {
  readonly n: number;
  readonly emergency: boolean;
  readonly stage: DayStage;
  /** Seats owed a last word in the current `lastWords` stage. */
  readonly lastWords: readonly SeatNo[];
  readonly speakers: readonly SeatNo[];
  readonly speakerIndex: number;
  /** Seats whose speech today was skipped for fouls (R-FOUL-1): they cannot nominate today. */
  readonly silenced: readonly SeatNo[];
  readonly nominations: readonly (readonly [by: SeatNo, target: SeatNo])[];
  /** 0 = the first vote, 1.. = re-votes. */
  readonly round: number;
  readonly candidates: readonly SeatNo[];
  /** ballots[seat - 1] = the candidate voted for (0: not yet). */
  readonly ballots: readonly number[];
  /** lift[seat - 1]: 0 not yet, 1 for "all leave", 2 against. */
  readonly lift: readonly number[];
  readonly tally: Tally | null;
  readonly left: readonly SeatNo[];
  readonly voteCancelled: boolean;
  readonly outcome: DayOutcome | null;
  /** R-VOTE-8: where the host starts the voting circle and its direction (null: seat 1, up). */
  readonly circle: { readonly from: SeatNo; readonly dir: 'up' | 'down' } | null;
  /** `name-in-blood` (R-MOD): last night's victims (only with the modification in play). */
  readonly victims: readonly SeatNo[];
  /** `name-in-blood` (R-MOD): [victim, suspect]; each counts one vote against the suspect at the first vote. */
  readonly blood: readonly (readonly [victim: SeatNo, suspect: SeatNo])[];
  /** R-ROLE Commissar (000 tabletop, `commissarDyingNote`): the Commissar killed last night by a dark role and the seat his note names (null until he names it). */
  readonly dyingNote: { readonly by: SeatNo; readonly named: SeatNo | null } | null;
  /** R-VOTE-11: Black-Widow-silenced seats the host marked as having spoken: they lose their vote. */
  readonly spoke: readonly SeatNo[];
  /** R-ROLE Rake: the executed Rake and the voters he may take along (stage `rake`). */
  readonly rakeChoice: { readonly by: SeatNo; readonly among: readonly SeatNo[] } | null;
  /** R-FIIM-2: the speaker whose current discussion turn is the short one (3rd foul), or null. */
  readonly shortSpeech: SeatNo | null;
}

/**
 * Why a player was removed (R-FOUL-1, R-SPORT-1, R-FIIM-12..15): `host` is a removal without a reason
 * (the presets before `fiim`); FIIM's reasons decide the tournament points (R-FIIM-16).
 */
export type RemovalReason = 'fouls' | 'tech-fouls' | 'host' | 'disqualified' | 'left' | 'team-defeat';

/** R-FIIM-11/12: a removal given at night; it takes effect when the night ends (after the shot). */
export interface PendingRemoval {
  readonly seat: SeatNo;
  readonly reason: RemovalReason;
}

export interface NightState {
  readonly n: number;
  readonly acts: readonly NightAct[];
  /**
   * The night played before this one: n − 1, or n − 2 when an emergency day replaced night n − 1
   * (R-PHASE-4). "Two nights in a row" limits compare with it.
   */
  readonly prev?: number;
}

export type Phase =
  | { readonly kind: 'night'; readonly n: number }
  | { readonly kind: 'day'; readonly n: number }
  | { readonly kind: 'ended' };

export type Winner = 'town' | 'mafia' | 'draw' | RoleId;

export interface GameSetup {
  readonly preset: PresetId;
  readonly options: GameOptions;
  /** Role per seat (index = seat - 1) as dealt. */
  readonly roles: readonly RoleId[];
  readonly names: readonly string[];
  readonly modifications: readonly ModificationId[];
  readonly immune: readonly SeatNo[];
  readonly seed: number;
  /**
   * R-MOD extra-card: the whole deck (N + 1 cards, in the preset's order, not as shuffled). Which
   * cards are in the deck is public, which one was left out is not: the night's steps come from the
   * deck (night/script.ts), so they are the same whichever card stayed hidden. Absent without the
   * modification (and in games dealt before it was recorded: their nights follow the dealt roles).
   */
  readonly deck?: readonly RoleId[];
}

export interface BestMove {
  readonly by: SeatNo;
  readonly named: readonly SeatNo[];
}

export interface CheckRecord extends ActResult {
  readonly night: number;
}

/** A night act of an earlier night (role limits: "not the same player twice in a row", "once per game"). */
export interface PastAct extends NightAct {
  readonly night: number;
}

/** The whole game state: the fold of its events (game/apply.ts). Never sent to a client as is. */
export interface GameState {
  readonly setup: GameSetup;
  readonly options: GameOptions;
  readonly seats: number;
  readonly roles: readonly RoleId[];
  readonly teams: readonly Team[];
  readonly alive: readonly boolean[];
  readonly fouls: readonly number[];
  readonly missNextSpeech: readonly boolean[];
  readonly removed: readonly SeatNo[];
  readonly rng: number;
  readonly phase: Phase;
  readonly night: NightState | null;
  readonly day: DayState | null;
  /** The first speaker of the last day (R-PHASE-2 rotation); 0 before day 1. */
  readonly lastFirstSpeaker: number;
  /** Phases (nights and days) in a row in which nobody left the game (R-SPORT-4). */
  readonly quietPhases: number;
  /** Somebody left the game during the current phase (a removal at night counts too). */
  readonly leftThisPhase: boolean;
  /** A removal after the day's vote was decided cancels the next day's vote (R-SPORT-1). */
  readonly cancelNextVote: boolean;
  /** How many players left by the day-1 vote (R-SPORT-3). */
  readonly dayOneLeft: number;
  /** The night of the first kill and its victims (R-SPORT-3). */
  readonly firstKill: { readonly night: number; readonly victims: readonly SeatNo[] } | null;
  readonly bestMove: BestMove | null;
  /** Every answered night act, in order (each actor sees only his own). */
  readonly checks: readonly CheckRecord[];
  /** Every statement made in a speech, in order (public: model/statement.ts). */
  readonly said: readonly Said[];
  /** Every act of every resolved night, in order (the acts of players who left that night excluded). */
  readonly pastActs: readonly PastAct[];
  /** R-VOTE-9: seats that cannot be executed at the coming day's vote (alibi), set by the last night. */
  readonly alibi: readonly SeatNo[];
  /** R-VOTE-11: seats silenced by the last night (Lover, Black Widow): they lose their vote that day. */
  readonly silenced: readonly SeatNo[];
  /** Useful actions for scoring: [seat, count]. */
  readonly useful: readonly number[];
  /** R-FIIM-14: technical fouls per seat (index = seat - 1). */
  readonly techFouls: readonly number[];
  /** Why each seat was removed (null: not removed), also where the removal only counted for his penalties (R-FIIM-13). */
  readonly removedFor: readonly (RemovalReason | null)[];
  /** R-FIIM-11/12: removals given tonight, applied when the night ends. */
  readonly pendingRemovals: readonly PendingRemoval[];
  /** R-FIIM-15: the offender of a team defeat (it takes effect at the end of its step), or null. */
  readonly teamDefeat: SeatNo | null;
  /** R-FIIM-16: the referee's extra points per seat. */
  readonly extraPoints: readonly number[];
  /** R-FIIM-3: shooting nights in a row (night 2 on) in which nobody left, with nobody leaving in the days between. */
  readonly quietNights: number;
  /** The last seat of the last day's speaking order (R-FIIM-9 rotation `last`); 0 before day 1. */
  readonly lastLastSpeaker: number;
  /**
   * R-FIIM-13: when a vote or a shot decided a `fiim` game, the last players out, who have the final
   * minute (null otherwise: the game goes on, or a removal, a team defeat or a draw ended it).
   */
  readonly final: readonly SeatNo[] | null;
  readonly winner: Winner | null;
  readonly winners: readonly SeatNo[];
  /** Number of events folded into this state. */
  readonly seq: number;
}
