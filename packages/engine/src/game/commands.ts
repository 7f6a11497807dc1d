import type { ActKind, RoleId, SeatNo } from '../ids.js';
import type { Winner } from '../model/state.js';
import type { Statement } from '../model/statement.js';

/**
 * A command is a request from a seat or from the host. `decide` turns it into events or refuses it
 * with a rule error. In-person games let the host enter what the seats show by gesture, so most
 * seat commands may also come from the host.
 */
export type Command =
  | { readonly type: 'act'; readonly by: SeatNo; readonly act: ActKind; readonly target: SeatNo; readonly target2?: SeatNo; readonly role?: RoleId }
  | { readonly type: 'endNight' }
  /**
   * R-HOST-2: the step's timer ran out. Ends the current step whatever is missing (an act not made is
   * not made, a missing vote counts as the procedure counts one, a speech ends), so an app-hosted game
   * never waits for a slow player. Logged with the seats it waited for (`SeatsIdle`).
   */
  | { readonly type: 'timeUp' }
  | { readonly type: 'bestMove'; readonly by: SeatNo; readonly named: readonly SeatNo[] }
  | { readonly type: 'endLastWords' }
  /** R-ROLE Commissar (`commissarDyingNote`): the Commissar killed last night by a dark role names one player. */
  | { readonly type: 'dyingNote'; readonly by: SeatNo; readonly named: SeatNo }
  | { readonly type: 'nominate'; readonly by: SeatNo; readonly target: SeatNo }
  /** Issue 27: a statement in the player's own speech, defence or last word (model/statement.ts). */
  | { readonly type: 'statement'; readonly by: SeatNo; readonly statement: Statement }
  | { readonly type: 'endSpeech' }
  | { readonly type: 'foul'; readonly seat: SeatNo }
  /** `reason` (R-FIIM-12): `disqualified` (the default in `fiim`) or `left`; other presets take none. */
  | { readonly type: 'remove'; readonly seat: SeatNo; readonly reason?: 'disqualified' | 'left' }
  /** R-FIIM-14: a technical foul (option `techFouls: yes`). */
  | { readonly type: 'techFoul'; readonly seat: SeatNo }
  /** R-FIIM-15: the referee declares a team defeat for `seat`'s offence. */
  | { readonly type: 'teamDefeat'; readonly seat: SeatNo }
  /** R-FIIM-16: the referee's extra points (±) for a seat, at any time, also after the game. */
  | { readonly type: 'extraPoints'; readonly seat: SeatNo; readonly points: number }
  | { readonly type: 'vote'; readonly by: SeatNo; readonly target: SeatNo }
  | { readonly type: 'liftVote'; readonly by: SeatNo; readonly leave: boolean }
  | { readonly type: 'closeVote' }
  /** R-VOTE-8: the host starts the circle at `from`, going up or down in seat numbers. */
  | { readonly type: 'circle'; readonly from: SeatNo; readonly dir: 'up' | 'down' }
  /** `name-in-blood` (R-MOD): last night's victim `by` names `target` as his killer. */
  | { readonly type: 'blood'; readonly by: SeatNo; readonly target: SeatNo }
  /** R-VOTE-11: the host marks that a player silenced by the Black Widow spoke: he loses his vote. */
  | { readonly type: 'silenceBroken'; readonly seat: SeatNo }
  /** R-ROLE Rake: the executed Rake takes `target` (one of his voters) along. */
  | { readonly type: 'rakeTakes'; readonly by: SeatNo; readonly target: SeatNo }
  /** R-MOD victim-list: on night 1 the mafia record an ordered list of up to three victims (a host aid). */
  | { readonly type: 'victimList'; readonly seats: readonly SeatNo[] }
  | { readonly type: 'override'; readonly action: OverrideCommand }
  | { readonly type: 'undo'; readonly count: number };

export type OverrideCommand =
  | { readonly kind: 'eliminate'; readonly seat: SeatNo }
  | { readonly kind: 'revive'; readonly seat: SeatNo }
  | { readonly kind: 'endGame'; readonly winner: Winner };

/** Who sends a command. Seats may only act for themselves; the host may do everything. */
export type Actor = { readonly kind: 'host' } | { readonly kind: 'seat'; readonly seat: SeatNo };

export const HOST: Actor = { kind: 'host' };

/** Commands only the host may send. */
export const HOST_ONLY: ReadonlySet<Command['type']> = new Set([
  'endNight', 'timeUp', 'endLastWords', 'foul', 'remove', 'closeVote', 'override', 'undo', 'circle', 'silenceBroken',
  'techFoul', 'teamDefeat', 'extraPoints',
]);

/**
 * `HOST_ONLY.has(type)` for the hot path of `decide`: a switch on the type compares interned
 * strings, where a Set lookup hashes. The test every_host_only_command_is_refused_from_a_seat checks
 * both agree for every command type.
 */
export function isHostOnly(type: string): boolean {
  switch (type) {
    case 'endNight':
    case 'timeUp':
    case 'endLastWords':
    case 'foul':
    case 'remove':
    case 'closeVote':
    case 'override':
    case 'undo':
    case 'circle':
    case 'silenceBroken':
    case 'techFoul':
    case 'teamDefeat':
    case 'extraPoints':
      return true;
    default:
      return false;
  }
}
