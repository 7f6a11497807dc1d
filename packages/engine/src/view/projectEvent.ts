import { seatNo, type RoleId } from '../ids.js';
import type { GameEvent } from '../game/events.js';
import type { GameSetup, GameState } from '../model/state.js';
import type { Viewer } from './types.js';
import { canSeeRole } from './visibility.js';
import { isMafiaOnly } from '../model/statement.js';

/**
 * An event as `viewer` may receive it, or null when he may not see it at all. `state` is the state
 * after the event. Roles, night acts and answers are cut to what the viewer may know.
 */
export type ProjectedEvent =
  | Exclude<GameEvent, { type: 'GameCreated' }>
  | { readonly type: 'GameCreated'; readonly setup: Omit<GameSetup, 'roles' | 'seed'> & { readonly roles: readonly (RoleId | null)[] } };

const UNDONE_FOR_OTHERS: ProjectedEvent = Object.freeze({ type: 'Undone', count: 0 });

export function projectEvent(e: GameEvent, state: GameState, viewer: Viewer): ProjectedEvent | null {
  if (viewer.kind === 'host') return e;
  const mine = viewer.kind === 'seat' ? viewer.seat : null;
  switch (e.type) {
    case 'GameCreated': {
      // Hidden roles become null, and the seed (which would let anyone re-deal the cards) stays home.
      const { seed: _seed, ...setup } = e.setup;
      return { type: 'GameCreated', setup: { ...setup, roles: e.setup.roles.map((r, i) => (canSeeRole(state, viewer, seatNo(i + 1)) ? r : null)) } };
    }
    case 'ActRecorded':
      return e.act.by === mine ? e : null;
    case 'NightResolved': {
      // R-VOTE-9: an alibi is announced only if it is needed at the vote (the host never says who had
      // one otherwise): it is not part of anybody's news. Silences are (the silenced must know).
      if (e.alibi !== undefined) {
        const { alibi: _alibi, ...rest } = e;
        return { ...rest, results: e.results.filter((r) => r.by === mine), useful: [] };
      }
      return { ...e, results: e.results.filter((r) => r.by === mine), useful: [] };
    }
    case 'VictimListSet':
      // R-MOD victim-list: a host aid for the mafia only (an eliminated player sees it no longer).
      return mine !== null && state.alive[mine - 1] && state.teams[mine - 1] === 'mafia' ? e : null;
    case 'SeatsIdle':
      // R-HOST-2 / R-NIGHT-4: the seats a night waited for are the seats that act at night: the host's
      // only. A day's idle seats (the speaker, who did not vote) are public, as the day is.
      return e.stage === 'night' ? null : e;
    case 'Undone':
      // How many events an undo took back counts the hidden ones too (a night's idle seats, a role
      // that changed): anyone but the host learns only that something was undone (his view shows what).
      return e.count === 0 ? e : UNDONE_FOR_OTHERS;
    case 'StatementMade':
      // The mafia's night meeting (a plan) is the mafia's: nobody else learns it was said (view.said likewise).
      return !isMafiaOnly(e.statement) || (mine !== null && state.teams[mine - 1] === 'mafia') ? e : null;
    case 'RoleChanged':
      // A new role is hidden information: only its holder learns it (roles that announce more
      // say so through their own public events).
      return e.seat === mine ? e : null;
    default:
      return e;
  }
}
