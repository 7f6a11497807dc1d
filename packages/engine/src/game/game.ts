import { ruleError, RuleViolation, type RuleError } from '../errors.js';
import { apply, initialState } from './apply.js';
import { HOST, type Actor, type Command } from './commands.js';
import { audienceOf } from './audience.js';
import { decideHolding, opening } from './decide.js';
import { stateEffects, type Effects } from './effects.js';
import type { GameEvent } from './events.js';
import { buildSetup, type SetupInput } from './setup.js';
import type { GameState } from '../model/state.js';

/**
 * A game: its event log and the state folded from it. `batches` holds how many events each
 * accepted command produced, so that the host's undo (R-HOST-1) takes back whole commands.
 */
export interface Game {
  readonly log: readonly GameEvent[];
  readonly state: GameState;
  readonly batches: readonly number[];
}

/** An accepted command (or a new game): the next game, its new events and their effects, all data; nothing is executed. */
export type Transition =
  | { readonly ok: true; readonly game: Game; readonly events: readonly GameEvent[]; readonly effects: Effects }
  | { readonly ok: false; readonly error: RuleError };

export function createGame(input: SetupInput): Transition {
  try {
    const setup = buildSetup(input);
    const created: GameEvent = { type: 'GameCreated', setup };
    // The opening events are folded once, into the fresh state of GameCreated (what foldLog(events)
    // would rebuild: every event folded in order, seq = the log's length).
    const first = opening(initialState(setup), true);
    const events: GameEvent[] = [created];
    for (let k = 0; k < first.events.length; k++) events.push(first.events[k]);
    return { ok: true, game: { log: events, state: first.state, batches: [events.length] }, events, effects: effectsOf(events, first.state) };
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, error: e.error };
    throw e;
  }
}

/** A new game's state and opening events for a caller that plays it in place (`dealGame`). */
export type Dealt =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };

/**
 * `createGame` for a caller that plays the game with `decideInPlace` at once (the simulator): the
 * state after the opening events, fresh and the caller's own (as `ownedCopy` makes one), and every
 * event from GameCreated on; no log and no effects (the timer and each event's audience are the
 * server's, and cost a game of the simulator a few per cent).
 */
export function dealGame(input: SetupInput): Dealt {
  try {
    const setup = buildSetup(input);
    // `opening` folds into the fresh initial state (inPlace), which nothing else holds.
    const first = opening(initialState(setup), true);
    const events: GameEvent[] = [{ type: 'GameCreated', setup }];
    for (let k = 0; k < first.events.length; k++) events.push(first.events[k]);
    return { ok: true, state: first.state, events };
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, error: e.error };
    throw e;
  }
}

/** xstate-style transition: the next game, the new events and their effects (effects.ts) as data; nothing is executed. */
export function transition(game: Game, command: Command, actor: Actor = HOST): Transition {
  return transitionHolding(game, command, actor, false);
}

/**
 * `transition`; `holdEvening`: a day the command closes waits at its evening until an `endLastWords`
 * closes it (the protocol replay's penalties after a removal that ended the speeches).
 */
export function transitionHolding(game: Game, command: Command, actor: Actor, holdEvening: boolean): Transition {
  if (command && command.type === 'undo') return undo(game, command.count, actor);
  const d = decideHolding(game.state, command, actor, holdEvening);
  if (!d.ok) return d;
  return { ok: true, game: { log: game.log.concat(d.events), state: d.state, batches: [...game.batches, d.events.length] }, events: d.events, effects: effectsOf(d.events, d.state) };
}

function undo(game: Game, count: unknown, actor: Actor): Transition {
  if (actor.kind !== 'host') return { ok: false, error: ruleError('host-only', 'R-HOST-1', 'only the host (Ведущий) may undo') };
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    return { ok: false, error: ruleError('bad-command', 'INPUT', 'undo needs a positive whole count of commands') };
  }
  // The opening batch (GameCreated and the first phase) can never be undone.
  const undoable = liveBatches(game).slice(1);
  if (count > undoable.length) {
    return { ok: false, error: ruleError('nothing-to-undo', 'R-HOST-1', `only ${undoable.length} command(s) can be undone`) };
  }
  const events = undoable.slice(-count).reduce((n, b) => n + b, 0);
  const undone: GameEvent = { type: 'Undone', count: events };
  const log = game.log.concat(undone);
  const state = foldLog(log);
  return { ok: true, game: { log, state, batches: [...game.batches, -count] }, events: [undone], effects: effectsOf([undone], state) };
}

/** The effects of events that led to `state`: the state's own (timer, end, own turn) and who hears each event. */
function effectsOf(events: readonly GameEvent[], state: GameState): Effects {
  return { ...stateEffects(state), audience: audienceOf(events, state) };
}

/** Batches still in effect: a negative entry is an undo of that many earlier batches. */
function liveBatches(game: Game): number[] {
  const live: number[] = [];
  for (const b of game.batches) {
    if (b < 0) live.splice(live.length + b, -b);
    else live.push(b);
  }
  return live;
}

/** The events of a log still in effect: each `Undone` takes back the events it names, and is itself dropped. */
export function effectiveEvents(log: readonly GameEvent[]): GameEvent[] {
  const effective: GameEvent[] = [];
  for (const e of log) {
    if (e.type === 'Undone') effective.splice(effective.length - e.count, e.count);
    else effective.push(e);
  }
  return effective;
}

/** The state of events already in effect (`effectiveEvents`), folded in order; `seq` is the whole log's length. */
export function foldEffective(events: readonly GameEvent[], seq: number): GameState {
  const created = events[0];
  // Every log opens with the game's creation (the opening batch is never undone): it makes the first state.
  if (created?.type !== 'GameCreated') throw new Error(`a game log opens with GameCreated, not ${created?.type ?? 'nothing'}`);
  let state = initialState(created.setup);
  for (let i = 1; i < events.length; i++) state = apply(state, events[i]);
  return { ...state, seq };
}

/** The state of a log: every event folded in order; `Undone` takes back the events it names. */
export function foldLog(log: readonly GameEvent[]): GameState {
  return foldEffective(effectiveEvents(log), log.length);
}
