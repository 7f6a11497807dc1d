import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../auth/body.js';
import { requireUser } from '../auth/current.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { addGuest, checkIn, checkOut, drawTables, importProtocol } from '../services/door.js';
import { CheckinSchema, CheckoutSchema, DrawTablesSchema, NewGameSchema, NewGuestSchema } from '@mafia/protocol';

const id = z.string().min(1).max(100);
const params = z.object({ eveningId: id });

/** The largest protocol taken, in characters of its text (an object: of its compact JSON). */
export const PROTOCOL_MAX_CHARS = 1_000_000;
// Bytes of a request that carries one: 3 bytes of UTF-8 a character (Cyrillic takes 2), and room
// for the envelope. Only this route takes more than the server's 16 KiB.
const PROTOCOL_BODY_BYTES = 3 * PROTOCOL_MAX_CHARS + 64 * 1024;

/** The protocol of a request, refused (413, nothing written) when it is over PROTOCOL_MAX_CHARS. */
function sizedProtocol(body: unknown): z.infer<typeof NewGameSchema> {
  const parsed = parseBody(NewGameSchema, body);
  const chars = typeof parsed.protocol === 'string' ? parsed.protocol.length : JSON.stringify(parsed.protocol).length;
  if (chars > PROTOCOL_MAX_CHARS) {
    clubRefuse('protocol-too-large', `the protocol is ${chars} characters long; at most ${PROTOCOL_MAX_CHARS} are taken`, 413, { path: 'protocol', params: { max: PROTOCOL_MAX_CHARS } });
  }
  return parsed;
}

/** At the door (docs/club-api.md): check-in, check-out, the tables and a game played on paper. Host+ of the evening's club. */
export async function registerDoorRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  app.post('/api/evenings/:eveningId/checkin', async (req) => {
    const me = await requireUser(req);
    const { eveningId } = parseBody(params, req.params);
    return checkIn(ctx, me.id, eveningId, parseBody(CheckinSchema, req.body));
  });

  app.post('/api/evenings/:eveningId/guests', async (req, reply) => {
    const me = await requireUser(req);
    const { eveningId } = parseBody(params, req.params);
    return reply.status(201).send(await addGuest(ctx, me.id, eveningId, parseBody(NewGuestSchema, req.body, { name: 'bad-guest-name' })));
  });

  app.post('/api/evenings/:eveningId/checkout', async (req) => {
    const me = await requireUser(req);
    const { eveningId } = parseBody(params, req.params);
    return checkOut(ctx, me.id, eveningId, parseBody(CheckoutSchema, req.body));
  });

  app.post('/api/evenings/:eveningId/tables', async (req, reply) => {
    const me = await requireUser(req);
    const { eveningId } = parseBody(params, req.params);
    const drawn = await drawTables(ctx, me.id, eveningId, parseBody(DrawTablesSchema, req.body), req.ip);
    return reply.status(201).send(drawn);
  });

  app.post('/api/evenings/:eveningId/games', { bodyLimit: PROTOCOL_BODY_BYTES }, async (req, reply) => {
    const me = await requireUser(req);
    const { eveningId } = parseBody(params, req.params);
    const made = await importProtocol(ctx, me.id, eveningId, sizedProtocol(req.body));
    return reply.status(201).send(made);
  });
}
