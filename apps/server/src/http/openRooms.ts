import type { OpenRooms } from '@mafia/protocol';
import type { FastifyInstance } from 'fastify';
import type { RoomManager } from '../room/manager.js';

/**
 * How long one reading of the lobby of open games answers every request (ms). Every open /play
 * page asks every few seconds: with this, a thousand of them cost the database one query pair
 * every 2 s, and a room made or filled shows within 2 s plus the page's own period.
 */
export const OPEN_ROOMS_CACHE_MS = 2_000;

/**
 * GET /api/rooms/open: the lobby of open games (room/openRooms.ts). Public by design: a public
 * room's code is what its creator chose to show; nothing else of a room is in it (no names, keys
 * or seed), and every caller gets the same bytes.
 */
export function registerOpenRooms(app: FastifyInstance, manager: RoomManager, now: () => number = Date.now): void {
  let cached: { at: number; answer: Promise<OpenRooms> } | null = null;
  const read = (): Promise<OpenRooms> => {
    const at = now();
    if (cached === null || at - cached.at >= OPEN_ROOMS_CACHE_MS) {
      const answer = manager.openRooms().then((rooms) => ({ rooms, now: now() }));
      cached = { at, answer };
      // A failed reading (the database away) is not kept: the next request tries again.
      answer.catch(() => {
        if (cached?.answer === answer) cached = null;
      });
    }
    return cached.answer;
  };
  app.get('/api/rooms/open', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return read();
  });
}
