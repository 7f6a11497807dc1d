import { Fold } from './apply.js';
import type { GameEvent } from './events.js';
import type { GameState } from '../model/state.js';

/**
 * Collects events and folds each one at once, so later logic sees its effect. The fold works on a
 * private copy of the state (game/apply.ts `Fold`): the state `decide` was given never changes.
 */
export class Draft extends Fold {
  declare events: GameEvent[];
  /**
   * The protocol replay gives a day step's later penalties after a removal that ended the day's
   * speeches (and cancelled its vote): the day then waits at its evening instead of closing, until
   * the replay closes it (day/flow.ts). A live game never holds it.
   */
  declare holdEvening: boolean;
  // An explicit constructor: a derived class with field initialisers gets a slower implicit one.
  constructor(state: GameState, inPlace = false, holdEvening = false) {
    super(state, inPlace);
    this.events = NO_EVENTS;
    this.holdEvening = holdEvening;
  }

  /** Starts over on another state (the in-place path keeps one Draft: no object per command). */
  restart(state: GameState): void {
    this.reset(state, true);
    this.events = NO_EVENTS;
    this.holdEvening = false;
  }

  emit(e: GameEvent): void {
    // Most commands cause one event: a one-element list then, not an empty list grown by push.
    if (this.events === NO_EVENTS) this.events = [e];
    else this.events.push(e);
    this.apply(e);
  }
}

/** The shared "none yet" marker of Draft.events; never handed out. */
export const NO_EVENTS: GameEvent[] = [];
