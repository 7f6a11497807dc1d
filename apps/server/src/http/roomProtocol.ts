import { CODE_PATTERN } from '@mafia/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gamesOfLog } from '../room/games.js';
import { attachment, protocolOfRoomGame } from '../room/protocol.js';
import { secretMatches } from '../secrets.js';
import type { Storage } from '../storage/types.js';

/** The address guard of `GET /api/rooms/:code` (app.ts): look-ups of unknown codes are limited per address. */
export interface RoomLookups {
  may(req: FastifyRequest): boolean;
  missed(req: FastifyRequest): void;
  tooMany(reply: FastifyReply): FastifyReply;
}

/** The header that carries the room's host key (human rooms) or room-admin key (app and online rooms). */
export const ROOM_KEY_HEADER = 'x-room-key';

export const fail = (status: number, code: string, message: string, params?: Record<string, string>) => ({ status, body: { error: { code, message, ...(params ? { params } : {}) } } });
type Failure = ReturnType<typeof fail>;
type RoomRow = NonNullable<Awaited<ReturnType<Storage['roomByCode']>>>;

/**
 * The room `code` for whoever runs it: the key in `x-room-key` must be the room's host key or
 * room-admin key (403 otherwise); an unknown code is a 404 counted as a missed look-up; null when the
 * address has looked up too many.
 */
export async function keyedRoom(req: FastifyRequest, storage: Storage, lookups: RoomLookups, code: string): Promise<{ row: RoomRow } | Failure | null> {
  const key = req.headers[ROOM_KEY_HEADER];
  if (typeof key !== 'string' || key === '') return fail(403, 'key-required', `the ${ROOM_KEY_HEADER} header must hold the room's host key or room-admin key`);
  if (!lookups.may(req)) return null;
  const row = await storage.roomByCode(code);
  if (!row) {
    lookups.missed(req);
    return fail(404, 'no-room', `there is no room with the code ${code}`);
  }
  if (!secretMatches(key, row.hostKeyHash)) return fail(403, 'bad-key', 'wrong host or room-admin key for this room');
  return { row };
}

/**
 * GET /api/rooms/:code/games/:n/protocol: the protocol of the room's game n (1, 2, … as the room
 * numbers them) once it has ended, as a JSON attachment (docs/protocol-export.md). Only for whoever
 * runs the room — the host key or the room-admin key in the `x-room-key` header, the key the room
 * was created with; a seat's token or no key gets nothing (403), and a game not yet over never
 * gives its protocol (409 `game-not-ended`), so no role or night act is told before the end.
 * `missed`: a look-up of an unknown code, counted by the address guard as `GET /api/rooms/:code`'s.
 */
export function registerRoomProtocol(app: FastifyInstance, storage: Storage, lookups: RoomLookups): void {
  app.get<{ Params: { code: string; n: string } }>('/api/rooms/:code/games/:n/protocol', async (req, reply) => {
    const answer = async () => {
      const code = req.params.code.toUpperCase();
      if (!CODE_PATTERN.test(code)) return fail(400, 'bad-code', 'a room code is 6 letters or digits');
      if (!/^[1-9]\d{0,5}$/.test(req.params.n)) return fail(400, 'bad-request', 'the game number is a whole number from 1');
      const room = await keyedRoom(req, storage, lookups, code);
      if (room === null || !('row' in room)) return room;
      const { row } = room;
      const game = gamesOfLog(await storage.readLog(row.id)).find((g) => g.gameNo === Number(req.params.n));
      if (!game) return fail(404, 'no-game', `room ${code} has not played a game ${req.params.n}`);
      const out = protocolOfRoomGame(game);
      if (!out.ok) return fail(409, out.code, out.message, out.code === 'protocol-unavailable' ? { reason: out.reason } : undefined);
      return { status: 200, body: out.protocol, file: `${code}-g${game.gameNo}.json` };
    };
    const r = await answer();
    if (r === null) return lookups.tooMany(reply);
    if ('file' in r) reply.header('content-disposition', attachment(r.file));
    return reply.status(r.status).send(r.body);
  });
}
