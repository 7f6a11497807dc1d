import { CODE_PATTERN, type RoomReview } from '@mafia/protocol';
import type { FastifyInstance } from 'fastify';
import type { RoomManager } from '../room/manager.js';
import { secretMatches } from '../secrets.js';
import type { Storage } from '../storage/types.js';
import { ROOM_KEY_HEADER, type RoomLookups } from './roomProtocol.js';

const fail = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });

/**
 * GET /api/rooms/:code/review: what each bot of the room did in its last game and why (the review of
 * a practice game, issue 27 point 4). As the protocol download: only for whoever runs the room (the
 * key in `x-room-key`), and only once the game has ended (409 `game-not-ended`): a bot's journal
 * holds what its seat knew, its card and its night's answers. The journals live with the bots in
 * memory: after a restart of the server a bot's journal starts with what it did since.
 */
export function registerRoomReview(app: FastifyInstance, storage: Storage, manager: RoomManager, lookups: RoomLookups): void {
  app.get<{ Params: { code: string } }>('/api/rooms/:code/review', async (req, reply) => {
    const answer = async () => {
      const code = req.params.code.toUpperCase();
      if (!CODE_PATTERN.test(code)) return fail(400, 'bad-code', 'a room code is 6 letters or digits');
      const key = req.headers[ROOM_KEY_HEADER];
      if (typeof key !== 'string' || key === '') return fail(403, 'key-required', `the ${ROOM_KEY_HEADER} header must hold the room's host key or room-admin key`);
      if (!lookups.may(req)) return null;
      const row = await storage.roomByCode(code);
      if (!row) {
        lookups.missed(req);
        return fail(404, 'no-room', `there is no room with the code ${code}`);
      }
      if (!secretMatches(key, row.hostKeyHash)) return fail(403, 'bad-key', 'wrong host or room-admin key for this room');
      const lobby = await manager.lobby(code);
      if (!lobby || !lobby.started || !lobby.ended) return fail(409, 'game-not-ended', 'the review opens once the game has ended');
      const review: RoomReview = {
        game: lobby.game,
        bots: manager.botSeats(row.id).sort((a, b) => a.seat - b.seat).map((b) => ({ seat: b.seat, name: lobby.claimed[b.seat - 1] ?? '', journal: [...b.journal] })),
      };
      return { status: 200, body: review };
    };
    const r = await answer();
    if (r === null) return lookups.tooMany(reply);
    return reply.status(r.status).send(r.body);
  });
}
