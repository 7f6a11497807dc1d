import type { Lobby, LogItem, TimerView } from '@mafia/protocol';

/** The room admin's panel as pure data: what it may offer now, from what its spectator-like socket was sent. */

/** The clock is stopped: the last pause/resume item says so (or, with no such item seen, the timer does). */
export function isPaused(log: readonly LogItem[], timer: TimerView | null): boolean {
  for (let i = log.length - 1; i >= 0; i--) {
    const k = log[i]!.kind;
    if (k === 'pause') return true;
    if (k === 'resume') return false;
  }
  return timer?.pausedAt !== undefined;
}

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

/** The refusals the admin's own requests may get, each with its own text (admin.refused.*); others get a general one. */
export const ADMIN_REFUSALS = [
  'not-app-step', 'undo-at-night', 'already-paused', 'not-paused', 'admin-only', 'admin-undo-only', 'game-over', 'not-started',
  'room-closed', 'already-started', 'seat-not-claimed', 'nothing-to-undo', 'host-only', 'connection-lost',
] as const;

export const refusalKey = (code: string): `admin.refused.${(typeof ADMIN_REFUSALS)[number] | 'other'}` =>
  (ADMIN_REFUSALS as readonly string[]).includes(code) ? (`admin.refused.${code}` as `admin.refused.${(typeof ADMIN_REFUSALS)[number]}`) : 'admin.refused.other';
