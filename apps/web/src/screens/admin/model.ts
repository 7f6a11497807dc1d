import type { Lobby, LogItem, TimerView } from '@mafia/protocol';

/** The room admin's panel as pure data: what it may offer now, from what its spectator-like socket was sent. */

/**
 * The clock is stopped by a pause: the last pause/resume item says so (or, with no such item seen,
 * the timer does). A clock held while no player is connected (`held`) is not paused: nobody
 * resumes it, it goes on when a player connects.
 */
export function isPaused(log: readonly LogItem[], timer: TimerView | null): boolean {
  if (timer?.held === true) return false;
  for (let i = log.length - 1; i >= 0; i--) {
    const k = log[i]!.kind;
    if (k === 'pause') return true;
    if (k === 'resume') return false;
  }
  return timer?.pausedAt !== undefined;
}

/** The app-hosted game waits for a player to connect (TimerView.held). */
export const isHeld = (timer: TimerView | null): boolean => timer?.held === true;

export type AdminStage = 'none' | 'lobby' | 'playing' | 'over';

/** Where the room is for its admin: before the start, in the game, or over (ended or closed). */
export function adminStage(lobby: Lobby | null): AdminStage {
  if (lobby === null) return 'none';
  if (lobby.closed || lobby.ended) return 'over';
  return lobby.started ? 'playing' : 'lobby';
}

/** Claimed seats the admin may release (before or during the game), with their names. */
export function releasable(lobby: Lobby | null): { readonly seat: number; readonly name: string }[] {
  if (lobby === null || lobby.closed || lobby.ended) return [];
  return lobby.claimed.flatMap((name, i) => (name === null ? [] : [{ seat: i + 1, name }]));
}

/** Every seat is taken: the lobby stops waiting for players. */
export const allSeated = (lobby: Pick<Lobby, 'claimed'>): boolean => lobby.claimed.every((c) => c !== null);

/** Seats still free. */
export const freeSeats = (lobby: Pick<Lobby, 'claimed'>): number => lobby.claimed.filter((c) => c === null).length;

