import type { SeatNo } from '../ids.js';
import { currentSpeechSeconds } from '../day/rules.js';
import { nightSteps } from '../night/script.js';
import type { GameState } from '../model/state.js';

/**
 * Effects as data (issue 25 item 2): what a game that reached a state wants done, decided here once
 * so that nobody outside the engine works it out again from the state's shape. `transition` returns
 * them with its events, as xstate returns actions; the server executes them (arms the timer,
 * addresses the entry, marks the end, lets a seat end his own turn) and the projection carries the
 * seat's own capability to his phone.
 */

/** The kinds of step a clock times (the room's step lengths are named after them). */
export type StepKind = 'night' | 'speech' | 'defence' | 'lastWords' | 'vote';

/**
 * The step now running, as a timer wants it. `key` is a new string exactly when a new step begins:
 * a speech is one step per speaker, a vote one per round, a night one timer for all its steps.
 * The key is stored in room logs: its format must never change.
 */
export interface StepTimer {
  readonly key: string;
  readonly kind: StepKind;
  /** A night: how many steps the host calls (the deck's wake order, alive or not, so the length tells nobody who is alive, R-NIGHT-4). */
  readonly nightSteps?: number;
  /** A speech the engine shortened (R-FIIM-2: a 3rd foul's short turn): its length in seconds. */
  readonly shortSeconds?: number;
}

/** The turn its own seat may end himself where the app hosts (the engine keeps `endSpeech` and `endLastWords` host commands). */
export interface OwnTurn {
  readonly seat: SeatNo;
  readonly ends: 'endSpeech' | 'endLastWords';
}

/** Who hears of an event: everyone (a spectator may, so every seat may), or only these seats. The host hears every event. */
export type Audience = 'everyone' | readonly SeatNo[];

/** What a state asks for, whatever led to it. */
export interface StateEffects {
  /** The timed step now running; null when nothing is timed (the game is over, or a stage the clock does not time). */
  readonly timer: StepTimer | null;
  /** The game is over (the server marks the room's end before anyone hears of it). */
  readonly ended: boolean;
  /** The seat whose own turn runs and the command that ends it, or null. */
  readonly ownTurn: OwnTurn | null;
}

/** A transition's effects: those of the state it reached, and the audience of each of its events (in order). */
export interface Effects extends StateEffects {
  readonly audience: readonly Audience[];
}

/** The step a state is in (a new key: a new step, and so a new timer). */
export function stepTimer(s: GameState): StepTimer | null {
  const p = s.phase;
  if (p.kind === 'ended') return null;
  if (p.kind === 'night') return { key: `night/${p.n}`, kind: 'night', nightSteps: nightSteps(s.setup).length };
  const d = s.day;
  const kind = dayStepKind(s);
  if (kind === null) return null;
  const key = d ? `day/${d.n}/${d.emergency ? 'e' : ''}/${d.stage}/${d.speakerIndex}/${d.round}/${d.candidates.length}` : `day/${p.n}`;
  if (kind !== 'speech') return { key, kind };
  // Only a turn the engine shortened (shorter than the preset's own speech) is cut: a room that asked
  // for longer speeches keeps them for every other turn.
  const seconds = currentSpeechSeconds(s);
  return seconds !== null && seconds < s.options.speechSeconds ? { key, kind, shortSeconds: seconds } : { key, kind };
}

function dayStepKind(s: GameState): StepKind | null {
  switch (s.day?.stage) {
    case 'lastWords': return 'lastWords';
    case 'speeches': return 'speech';
    case 'defence': return 'defence';
    case 'vote':
    case 'lift':
    // The executed Rake chooses whom he takes within a vote's time (R-HOST-2: an untimed step
    // would wait for ever in a room the app hosts; time up takes the host's default choice).
    case 'rake': return 'vote';
    default: return null;
  }
}

/**
 * The turn a seat ends himself when the app is the host: the current speaker his speech (or
 * defence), the player giving his last word his own. Several players leaving at once speak one
 * after the other: only the current one (`day.lastWords[0]`) may end his.
 */
export function ownTurnOf(s: GameState): OwnTurn | null {
  const day = s.day;
  if (s.phase.kind !== 'day' || !day) return null;
  if (day.stage === 'speeches' || day.stage === 'defence') {
    const seat = day.speakers[day.speakerIndex];
    return seat === undefined ? null : { seat, ends: 'endSpeech' };
  }
  if (day.stage === 'lastWords') {
    const seat = day.lastWords[0];
    return seat === undefined ? null : { seat, ends: 'endLastWords' };
  }
  return null;
}

/**
 * `ownTurnOf(s)?.ends` when the turn is `seat`'s, else undefined: the same rule without an object
 * (asked by every projection of a seat's view).
 */
export function ownTurnEnds(s: GameState, seat: SeatNo): OwnTurn['ends'] | undefined {
  const day = s.day;
  if (s.phase.kind !== 'day' || !day) return undefined;
  if (day.stage === 'speeches' || day.stage === 'defence') return day.speakers[day.speakerIndex] === seat ? 'endSpeech' : undefined;
  if (day.stage === 'lastWords') return day.lastWords[0] === seat ? 'endLastWords' : undefined;
  return undefined;
}

/**
 * Whether `seat` may send the host command `command` himself: only the one that ends his own turn,
 * and only where the app hosts (a human host ends every turn himself).
 */
export function mayEndOwnTurn(turn: OwnTurn | null, seat: SeatNo, command: string, appHosts: boolean): boolean {
  return appHosts && turn !== null && turn.seat === seat && turn.ends === command;
}

/** The effects of a state reached (the timer, the end, the own turn): read once from it, here. */
export function stateEffects(s: GameState): StateEffects {
  return { timer: stepTimer(s), ended: s.phase.kind === 'ended', ownTurn: ownTurnOf(s) };
}
