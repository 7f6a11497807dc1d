import type { OpenRoom } from '@mafia/protocol';

/** How often /play asks for the list again (ms): the server answers from a 2 s cache, so this is at most a few requests a minute per page. */
export const OPEN_ROOMS_REFRESH_MS = 5_000;

/**
 * How long ago a room was made, in the person's language ("5 минут назад", "5 minutes ago"):
 * Intl.RelativeTimeFormat in whole minutes, hours or days; under a minute `justNow`.
 * `ageMs` is counted on the server's clock (OpenRooms.now − createdAt), so a phone whose clock is
 * off still says the right thing.
 */
export function timeAgo(language: string, ageMs: number, justNow: string): string {
  const minutes = Math.floor(Math.max(0, ageMs) / 60_000);
  if (minutes < 1) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}

/** A room's age now: its age when the list was read (server clock) plus the time since on this device. */
export function ageOf(room: OpenRoom, serverNow: number, readAt: number, localNow: number): number {
  return serverNow - room.createdAt + Math.max(0, localNow - readAt);
}
