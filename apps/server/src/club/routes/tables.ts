import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../auth/body.js';
import { requireUser } from '../auth/current.js';
import type { ClubContext } from '../ports.js';
import { listApart, setApart } from '../services/apart.js';
import { clubNextGameCheck, confirmSeating, proposeSeating } from '../services/reseat.js';
import { assignTableHost, openTableConsole } from '../services/tableHosts.js';
import { ApartSchema, SeatingConfirmSchema, SeatingProposalSchema, TableHostSchema } from '@mafia/protocol';

const id = z.string().min(1).max(100);
const evening = z.object({ eveningId: id });
const table = z.object({ eveningId: id, tableNo: z.coerce.number().int().min(1).max(50) });
const club = z.object({ clubId: id });

/**
 * Issue 24 (docs/club-api.md): the tables' hosts (assign, hand over, open the console on any
 * device), the seating between games (propose, confirm) and the pairs kept apart. The rooms ask
 * the club before each next game of a table (clubNextGameCheck).
 */
export async function registerTableRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  ctx.rooms.setNextGameCheck((roomId, gameNo) => clubNextGameCheck(ctx, roomId, gameNo));

  app.post('/api/evenings/:eveningId/tables/:tableNo/host', async (req) => {
    const me = await requireUser(req);
    const p = parseBody(table, req.params);
    return assignTableHost(ctx, me.id, p.eveningId, p.tableNo, parseBody(TableHostSchema, req.body));
  });

  app.post('/api/evenings/:eveningId/tables/:tableNo/console', async (req) => {
    const me = await requireUser(req);
    const p = parseBody(table, req.params);
    return openTableConsole(ctx, me.id, p.eveningId, p.tableNo);
  });

  app.post('/api/evenings/:eveningId/seating/proposal', async (req) => {
    const me = await requireUser(req);
    const { eveningId } = parseBody(evening, req.params);
    return proposeSeating(ctx, me.id, eveningId, parseBody(SeatingProposalSchema, req.body ?? {}));
  });

  app.post('/api/evenings/:eveningId/seating', async (req) => {
    const me = await requireUser(req);
    const { eveningId } = parseBody(evening, req.params);
    return confirmSeating(ctx, me.id, eveningId, parseBody(SeatingConfirmSchema, req.body), req.ip);
  });

  app.get('/api/clubs/:clubId/apart', async (req) => {
    const me = await requireUser(req);
    return listApart(ctx, me.id, parseBody(club, req.params).clubId);
  });

  app.post('/api/clubs/:clubId/apart', async (req) => {
    const me = await requireUser(req);
    return setApart(ctx, me.id, parseBody(club, req.params).clubId, parseBody(ApartSchema, req.body));
  });
}
