import { applyDayEvent } from './apply-day.js';
import { applyLifecycleEvent } from './apply-lifecycle.js';
import { applyNightEvent } from './apply-night.js';
import { applyPenaltyEvent } from './apply-penalties.js';
import { applyVoteEvent } from './apply-vote.js';
import type { GameEvent } from './events.js';
import { cloneDay, cloneState, initialState, type Mutable, type StateWriter } from './fold-state.js';
import type { DayState, GameState } from '../model/state.js';

// A new game's state and a caller's own copy are made with the fold's other copies (fold-state.ts).
export { initialState, ownedCopy } from './fold-state.js';

/** Folds one event into the state. Pure: the input state is never changed. */
export function apply(s: GameState, e: GameEvent): GameState {
  const f = new Fold(s);
  f.apply(e);
  return f.state;
}

/**
 * Folds events one after another into a private copy of a state. The copy of the state (and of its
 * day) is made once, at the first change, and then updated in place, so that a command's events
 * cost one copy rather than one per event. The state given to the constructor is never changed,
 * nor is any array of any state: arrays are always replaced, never written into.
 * The result is the same as folding each event with `apply`.
 */
export class Fold implements StateWriter {
  private own: boolean;
  private ownDay: boolean;

  /**
   * `inPlace`: the caller owns `state` and its day and gives them up; they are then written into
   * directly, with no copy (`decideInPlace`, the simulator's fast path). Arrays are still never
   * written into, only replaced, so a view or an earlier event that holds one never sees it change.
   */
  constructor(public state: GameState, inPlace = false) {
    this.own = inPlace;
    this.ownDay = inPlace;
  }

  apply(e: GameEvent): void {
    if (e.type === 'GameCreated') {
      this.state = initialState(e.setup);
      this.own = true;
      this.ownDay = false;
      return;
    }
    // Every event counts, even one that changes nothing else: `seq` is the log position.
    applyEvent(this, this.state, e);
    this.m().seq++;
  }

  /** Starts over on `state` (as the constructor does). */
  reset(state: GameState, inPlace: boolean): void {
    this.state = state;
    this.own = inPlace;
    this.ownDay = inPlace;
  }

  /** The state, writable: copied at the first write. */
  m(): Mutable<GameState> {
    if (!this.own) {
      this.state = cloneState(this.state);
      this.own = true;
      this.ownDay = false;
    }
    return this.state as Mutable<GameState>;
  }

  /** The day, writable: copied at the first write. */
  d(): Mutable<DayState> {
    const m = this.m();
    if (!this.ownDay) {
      m.day = cloneDay(m.day as DayState);
      this.ownDay = true;
    }
    return m.day as Mutable<DayState>;
  }

  /** Replaces the day with a new object (owned) or null. */
  setDay(day: DayState | null): void {
    this.m().day = day;
    this.ownDay = day !== null;
  }
}

/**
 * One event: writes its effect through `f` and says whether anything changed. `s` is the state
 * before the event; once written through `f` it may be the same object, so every case reads what
 * it needs before it writes. Each family of events is folded in its own file (apply-*.ts).
 */
function applyEvent(f: Fold, s: GameState, e: GameEvent): boolean {
  switch (e.type) {
    // The most frequent events first: a switch on strings compares its cases one by one.
    case 'VoteCast':
    case 'Nominated':
      return applyVoteEvent(f, s, e);
    case 'SpeechEnded':
      return applyDayEvent(f, s, e);
    case 'GameCreated':
      throw new Error('GameCreated is folded by Fold.apply');
    case 'NightStarted':
    case 'ActRecorded':
    case 'NightResolved':
      return applyNightEvent(f, s, e);
    case 'DayStarted':
    case 'BestMoveMade':
    case 'LastWordsEnded':
    case 'DyingNoteOwed':
    case 'DyingNoteLeft':
    case 'BloodNamed':
    case 'SilenceBroken':
    case 'SpeechShortened':
    case 'StatementMade':
      return applyDayEvent(f, s, e);
    case 'DefenceStarted':
    case 'VoteOpened':
    case 'VoteCounted':
    case 'LiftVoteOpened':
    case 'LiftVoteCast':
    case 'LiftVoteCounted':
    case 'DayResolved':
    case 'CircleSet':
    case 'RakeChoiceOpened':
    case 'RakeTook':
      return applyVoteEvent(f, s, e);
    case 'Fouled':
    case 'PlayerRemoved':
    case 'TechFouled':
    case 'RemovalPending':
    case 'PenaltyRecorded':
    case 'TeamDefeatRecorded':
    case 'ExtraPointsGiven':
      return applyPenaltyEvent(f, s, e);
    case 'GameEnded':
    case 'HostOverride':
    case 'RoleChanged':
    case 'RoleAnnounced':
    case 'VictimListSet':
    case 'SeatsIdle':
    case 'PlayerDied':
    case 'Undone':
      return applyLifecycleEvent(f, s, e);
  }
}
