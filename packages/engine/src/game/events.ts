import type { Statement } from '../model/statement.js';
import type { RoleId, SeatNo, Team } from '../ids.js';
import type { ActResult, DayOutcome, DayStage, GameSetup, NightAct, RemovalReason, Tally, Winner } from '../model/state.js';

/**
 * Everything that happens in a game is one of these events. The state is their fold; the log of
 * a game is the list of them, starting with `GameCreated`.
 */
export type GameEvent =
  | { readonly type: 'GameCreated'; readonly setup: GameSetup }
  | { readonly type: 'NightStarted'; readonly n: number }
  | { readonly type: 'ActRecorded'; readonly act: NightAct }
  | {
      readonly type: 'NightResolved'; readonly n: number; readonly died: readonly SeatNo[]; readonly results: readonly ActResult[]; readonly useful: readonly SeatNo[];
      /** R-VOTE-9 / R-VOTE-11: present only when the night gave an alibi or silenced someone. */
      readonly alibi?: readonly SeatNo[]; readonly silenced?: readonly SeatNo[];
    }
  /** A transformation (Student, Werewolf, Recruiter, Heir, Psycho…): the seat now holds `role` and plays for `team`. */
  | { readonly type: 'RoleChanged'; readonly seat: SeatNo; readonly role: RoleId; readonly team: Team; readonly reason: string }
  /** Public news of a transformation without its seat (the Recruiter: which role turned mafia, R-ROLE). */
  | { readonly type: 'RoleAnnounced'; readonly role: RoleId; readonly reason: string }
  /** A player leaves by a role's own rule outside the night and the vote (the Piter Werewolf at 5 players). */
  | { readonly type: 'PlayerDied'; readonly seat: SeatNo; readonly reason: string }
  /** R-MOD victim-list: the mafia's agreed victims for the next nights (seen by the mafia and the host only). */
  | { readonly type: 'VictimListSet'; readonly seats: readonly SeatNo[] }
  | {
      readonly type: 'DayStarted'; readonly n: number; readonly emergency: boolean; readonly speakers: readonly SeatNo[]; readonly lastWords: readonly SeatNo[]; readonly voteCancelled: boolean;
      /** `name-in-blood` (R-MOD): last night's victims; present only with the modification in play. */
      readonly victims?: readonly SeatNo[];
    }
  /** `name-in-blood` (R-MOD): a night victim names his suspected killer: one vote against him at the first vote. */
  | { readonly type: 'BloodNamed'; readonly by: SeatNo; readonly target: SeatNo }
  /** R-VOTE-8: the host starts the voting circle at `from` and goes `dir` in seat numbers. */
  | { readonly type: 'CircleSet'; readonly from: SeatNo; readonly dir: 'up' | 'down' }
  /** R-VOTE-11: a player silenced by the Black Widow spoke (the host marks it): he loses his vote today. */
  | { readonly type: 'SilenceBroken'; readonly seat: SeatNo }
  /** R-ROLE Rake: the executed Rake chooses one of `among` (his voters) to take along. */
  | { readonly type: 'RakeChoiceOpened'; readonly by: SeatNo; readonly among: readonly SeatNo[] }
  | { readonly type: 'RakeTook'; readonly by: SeatNo; readonly target: SeatNo }
  | { readonly type: 'BestMoveMade'; readonly by: SeatNo; readonly named: readonly SeatNo[] }
  /**
   * Issue 11: the last word of `seat` (the first of `day.lastWords`) ended; the next one owed speaks, or
   * the day goes on after the last. No `seat`: nobody was owed one (the stage just ends), or a log written
   * before each player had his own last word, when one `LastWordsEnded` ended them all.
   */
  | { readonly type: 'LastWordsEnded'; readonly seat?: SeatNo }
  /** R-ROLE Commissar (`commissarDyingNote`): the Commissar killed last night by a dark role owes a note. */
  | { readonly type: 'DyingNoteOwed'; readonly by: SeatNo }
  /** R-ROLE Commissar: his dying note names `named` (public: the host reads it out). */
  | { readonly type: 'DyingNoteLeft'; readonly by: SeatNo; readonly named: SeatNo }
  | { readonly type: 'Nominated'; readonly by: SeatNo; readonly target: SeatNo }
  /** Issue 27: a player said something in his speech, defence or last word (model/statement.ts). */
  | { readonly type: 'StatementMade'; readonly by: SeatNo; readonly statement: Statement }
  | { readonly type: 'SpeechEnded'; readonly seat: SeatNo; readonly skipped: boolean }
  | { readonly type: 'Fouled'; readonly seat: SeatNo; readonly total: number }
  | { readonly type: 'PlayerRemoved'; readonly seat: SeatNo; readonly reason: RemovalReason }
  /** R-FIIM-14: a technical foul; `total` is the seat's count of them. */
  | { readonly type: 'TechFouled'; readonly seat: SeatNo; readonly total: number }
  /** R-FIIM-11/12: a removal given at night; it takes effect when the night ends. */
  | { readonly type: 'RemovalPending'; readonly seat: SeatNo; readonly reason: RemovalReason }
  /**
   * R-FIIM-11/13: a removal that changes nothing in the game and counts for the player's penalties only:
   * he is out already (his own last word, that night's victim) or the game was decided (the final minute).
   */
  | { readonly type: 'PenaltyRecorded'; readonly seat: SeatNo; readonly reason: RemovalReason }
  /** R-FIIM-15: a team defeat for `seat`'s offence; it takes effect at the end of the step. */
  | { readonly type: 'TeamDefeatRecorded'; readonly seat: SeatNo }
  /** R-FIIM-16: the referee's extra points (±) for a seat. */
  | { readonly type: 'ExtraPointsGiven'; readonly seat: SeatNo; readonly points: number }
  /** R-FIIM-2: the 3rd foul's consequence: this discussion turn is a short one. */
  | { readonly type: 'SpeechShortened'; readonly seat: SeatNo }
  | { readonly type: 'DefenceStarted'; readonly round: number; readonly candidates: readonly SeatNo[] }
  | { readonly type: 'VoteOpened'; readonly round: number; readonly candidates: readonly SeatNo[] }
  | { readonly type: 'VoteCast'; readonly by: SeatNo; readonly target: SeatNo }
  | { readonly type: 'VoteCounted'; readonly round: number; readonly tally: Tally; readonly tied: readonly SeatNo[] }
  | { readonly type: 'LiftVoteOpened'; readonly tied: readonly SeatNo[] }
  | { readonly type: 'LiftVoteCast'; readonly by: SeatNo; readonly leave: boolean }
  | { readonly type: 'LiftVoteCounted'; readonly for: number; readonly against: number; readonly leave: boolean }
  | { readonly type: 'DayResolved'; readonly n: number; readonly left: readonly SeatNo[]; readonly eliminated: readonly SeatNo[]; readonly by: DayOutcome; readonly tally: Tally | null }
  | {
      readonly type: 'GameEnded'; readonly winner: Winner; readonly winners: readonly SeatNo[];
      /** R-FIIM-13 (`fiim` only): the vote or the shot decided the game; these last players out have the final minute. */
      readonly final?: readonly SeatNo[];
    }
  | { readonly type: 'HostOverride'; readonly action: HostOverrideAction }
  /**
   * R-HOST-2: the step's time ran out (`timeUp`) while it waited for these seats (in seat order): the
   * acts not made at night, the speaker, the voters who did not vote… Changes nothing by itself; the
   * events that end the step follow. A night one is the host's only (it would show who acts at night).
   */
  | { readonly type: 'SeatsIdle'; readonly seats: readonly SeatNo[]; readonly stage: IdleStage }
  | { readonly type: 'Undone'; readonly count: number };

/** R-HOST-1: what a host may force. Recorded as events so the log shows every override. */
export type HostOverrideAction =
  | { readonly kind: 'eliminate'; readonly seat: SeatNo }
  | { readonly kind: 'revive'; readonly seat: SeatNo }
  | { readonly kind: 'endGame'; readonly winner: Winner };

export type EventType = GameEvent['type'];

/** The step a `SeatsIdle` ended: the night, or the day's stage. */
export type IdleStage = 'night' | DayStage;
