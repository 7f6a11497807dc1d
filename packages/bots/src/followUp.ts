import type { GameEvent, GameState, SeatNo } from '@mafia/engine';

/**
 * Whether the town hears its Commissar (issue 27): of the games in which the town's checker (the
 * Commissar, the Sheriff) found a mafioso on night 2 or 3, how often the town executed a mafioso the
 * day after. A bot town that cannot talk executes at random; one that hears its checker does better.
 */
export interface FollowUp {
  /** Black checks of the town's checker on nights 2 and 3 (at most one a night). */
  readonly blackChecks: number;
  /** Of those, the days after them on which a mafioso left the game (executed, or removed for fouls). */
  readonly executedNextDay: number;
}

const TOWN_CHECKERS: ReadonlySet<string> = new Set(['commissar', 'sheriff']);

/**
 * Counts a game's black checks and their next days. It is given only the commands that changed the
 * phase (the simulator's cheap test), and a day's vote resolves without one (the executed player's
 * last word keeps the day going), so the day is read from the state: the living mafia when the day
 * began against the living mafia when it ended (the next night, or the end of the game).
 */
export class FollowUpCount {
  blackChecks = 0;
  executedNextDay = 0;
  /** The night of a black check whose day has not ended yet (0: none), and the mafia alive at its dawn. */
  private waiting = 0;
  private mafiaAtDawn = 0;

  /** Takes the events of a command that changed the phase, and the state after it. */
  take(events: readonly GameEvent[], state: GameState): void {
    if (this.waiting !== 0 && state.phase.kind !== 'day') {
      if (livingMafia(state) < this.mafiaAtDawn) this.executedNextDay++;
      this.waiting = 0;
    }
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (e.type !== 'NightResolved' || (e.n !== 2 && e.n !== 3)) continue;
      if (e.results.some((r) => r.act === 'check' && r.answer === 'yes' && isTownChecker(state, r.by)) && state.phase.kind === 'day') {
        this.blackChecks++;
        this.waiting = e.n;
        this.mafiaAtDawn = livingMafia(state);
      }
    }
  }
}

function livingMafia(state: GameState): number {
  let n = 0;
  for (let i = 0; i < state.seats; i++) if (state.alive[i] && state.teams[i] === 'mafia') n++;
  return n;
}

function isTownChecker(state: GameState, seat: SeatNo): boolean {
  return state.teams[seat - 1] === 'town' && TOWN_CHECKERS.has(state.roles[seat - 1]);
}
