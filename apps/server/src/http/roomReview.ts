import { CODE_PATTERN, type RoomReview } from '@mafia/protocol';
import type { FastifyInstance } from 'fastify';
import type { RoomManager } from '../room/manager.js';
import type { Storage } from '../storage/types.js';
import { fail, keyedRoom, type RoomLookups } from './roomProtocol.js';

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
      const room = await keyedRoom(req, storage, lookups, code);
      if (room === null || !('row' in room)) return room;
      const { row } = room;
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
