import type { GameView } from '@mafia/engine';
import type { Lobby } from '@mafia/protocol';
import type { SeatInfo } from './SeatGrid';

/** The seats of a room for a SeatGrid: from the game view once started, else from the lobby (names; free seats). */
export function seatsOf(view: GameView | null, lobby: Lobby | null, selected: readonly number[] = []): SeatInfo[] {
  if (view) {
    return view.seats.map((s) => ({ seat: s.seat, name: s.name || null, state: selected.includes(s.seat) ? 'selected' : s.alive ? 'alive' : 'dead' }));
  }
  if (lobby) return lobby.claimed.map((name, i) => ({ seat: i + 1, name, state: selected.includes(i + 1) ? 'selected' : 'alive' }));
  return [];
}
