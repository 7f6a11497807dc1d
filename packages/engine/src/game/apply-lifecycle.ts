import type { GameEvent } from './events.js';
import { with1 } from './fold-arrays.js';
import type { StateWriter } from './fold-state.js';
import type { GameState } from '../model/state.js';

/**
 * The events of the game as a whole: its end, the host's overrides, a seat's new role, a death outside
 * the night and the vote, and the events that change no state (news, host aids, undo).
 */
export type LifecycleEvent = Extract<GameEvent, {
  readonly type: 'GameEnded' | 'HostOverride' | 'RoleChanged' | 'RoleAnnounced' | 'VictimListSet' | 'SeatsIdle' | 'PlayerDied' | 'Undone';
}>;

/** Folds a lifecycle event (game/apply.ts `applyEvent`: `s` is the state before it, read before any write). */
export function applyLifecycleEvent(f: StateWriter, s: GameState, e: LifecycleEvent): boolean {
  switch (e.type) {
    case 'GameEnded': {
      const m = f.m();
      m.phase = { kind: 'ended' };
      m.winner = e.winner;
      m.winners = e.winners;
      if (e.final !== undefined) m.final = e.final;
      return true;
    }
    case 'HostOverride': {
      const a = e.action;
      if (a.kind === 'eliminate') f.m().alive = with1(s.alive, a.seat, false);
      else if (a.kind === 'revive') f.m().alive = with1(s.alive, a.seat, true);
      else return false;
      return true;
    }
    case 'RoleChanged': {
      const m = f.m();
      m.roles = with1(s.roles, e.seat, e.role);
      m.teams = with1(s.teams, e.seat, e.team);
      return true;
    }
    case 'RoleAnnounced':
    case 'VictimListSet':
    case 'SeatsIdle':
      return false;
    case 'PlayerDied': {
      const m = f.m();
      m.alive = with1(s.alive, e.seat, false);
      m.leftThisPhase = true;
      m.quietNights = 0;
      return true;
    }
    case 'Undone':
      // Undo is resolved at the log level (game/log.ts): a state alone cannot forget events.
      return false;
  }
}
