import type { Said } from '../model/statement.js';
import type { RoleId, SeatNo, Team } from '../ids.js';
import type { ActResult, BestMove, DayState, Phase, RemovalReason, Winner } from '../model/state.js';
import type { NightStep } from '../night/script.js';
import type { RoleVariants } from './variants.js';

/** Who is looking: a seat, the host (sees everything) or a spectator (sees only public facts). */
export type Viewer = { readonly kind: 'seat'; readonly seat: SeatNo } | { readonly kind: 'host' } | { readonly kind: 'spectator' };

export interface SeatView {
  readonly seat: SeatNo;
  readonly name: string;
  readonly alive: boolean;
  readonly fouls: number;
  /** Present only when this viewer may know the role. */
  readonly role?: RoleId;
  readonly team?: Team;
}

/** Public day facts: nominations, votes and tallies are open at the table. */
export interface DayView {
  readonly n: number;
  readonly emergency: boolean;
  readonly stage: DayState['stage'];
  readonly speaker: SeatNo | null;
  readonly lastWords: readonly SeatNo[];
  readonly nominations: readonly (readonly [SeatNo, SeatNo])[];
  readonly round: number;
  readonly candidates: readonly SeatNo[];
  readonly ballots: readonly number[];
  readonly lift: readonly number[];
  readonly tally: Readonly<Record<string, number>> | null;
  readonly left: readonly SeatNo[];
  readonly voteCancelled: boolean;
  /** R-VOTE-8: the voting circle the host chose (null: seat 1, up). */
  readonly circle: DayState['circle'];
  /** `name-in-blood` (R-MOD): the names said in the morning, [victim, suspect]. */
  readonly blood: DayState['blood'];
  /** R-ROLE Commissar (`commissarDyingNote`): the killed Commissar's note once he has left it (public: the host reads it out). */
  readonly dyingNote: { readonly by: SeatNo; readonly named: SeatNo } | null;
  /** R-ROLE Rake: the executed Rake and the voters he may take along (stage `rake`). */
  readonly rakeChoice: DayState['rakeChoice'];
}

export interface GameView {
  readonly viewer: Viewer;
  readonly preset: string;
  readonly phase: Phase;
  readonly seats: readonly SeatView[];
  readonly day: DayView | null;
  /** The viewer's own role (seat viewers). */
  readonly me: { readonly seat: SeatNo; readonly role: RoleId; readonly team: Team; readonly alive: boolean } | null;
  /** R-NIGHT-1/4: the steps of every night of this game, the same for every viewer (night/script.ts). */
  readonly nightSteps: readonly NightStep[];
  /** The variant of each role with several, as this game's preset and modifications play it (view/variants.ts): cards and lines are worded by it. */
  readonly roleVariants: RoleVariants;
  /** The roles of this game's deck the Don's check finds («Дон ищет Комиссара» or «Шерифа»; view/variants.ts). */
  readonly donSeeks: readonly RoleId[];
  /** Night acts the viewer made tonight (own only). */
  readonly myActs: readonly { readonly act: string; readonly target: SeatNo }[];
  /**
   * Issue 3 gap: the Lawyer (extended) has blocked the viewer tonight ("the blocked player is told at his
   * turn"): present (true) on that seat's view only, from the moment the block is recorded to dawn,
   * whether or not he has an act to make (the Immortal). Absent otherwise.
   */
  readonly blockedTonight?: true;
  /**
   * The command that ends this seat's own turn (his speech, defence or last word), on his view
   * only, while it runs (game/effects.ts `ownTurnOf`): where the app hosts his phone offers it.
   * Absent otherwise. Public knowledge (the speaker is on every view), so it tells nobody anything.
   */
  readonly ownTurn?: 'endSpeech' | 'endLastWords';
  /** Every statement of the game so far, in order (public: model/statement.ts). */
  readonly said: readonly Said[];
  /** Answers the viewer received (own checks only; the host sees all). */
  readonly results: readonly (ActResult & { readonly night: number })[];
  readonly bestMove: BestMove | null;
  readonly winner: Winner | null;
  readonly winners: readonly SeatNo[];
  /** `fiim` games only: the referee's public record (R-FIIM-2, R-FIIM-13..16). */
  readonly tournament?: TournamentView;
}

/** What the whole table knows of a `fiim` game's penalties and points (all of it is said aloud). */
export interface TournamentView {
  /** Technical fouls per seat (index = seat - 1). */
  readonly techFouls: readonly number[];
  /** Why each seat was removed (also a removal that counted for the points only), or null. */
  readonly removedFor: readonly (RemovalReason | null)[];
  /** The referee's extra points per seat. */
  readonly extraPoints: readonly number[];
  /** The offender of a team defeat, or null. */
  readonly teamDefeat: SeatNo | null;
  /** The last players out with the final minute once a vote or a shot decided the game, or null. */
  readonly final: readonly SeatNo[] | null;
  /** The seconds of the current day speech (the 3rd foul's short one: R-FIIM-2), or null. */
  readonly speechSeconds: number | null;
  /** The tournament points per seat once the game is over (null before). */
  readonly scores: Readonly<Record<string, number>> | null;
}
