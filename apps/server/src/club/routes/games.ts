import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/current.js';
import { gamePage } from '../games/page.js';
import { clubGameProtocol } from '../games/protocol.js';
import type { ClubContext } from '../ports.js';
import { csvRequest } from '../ratings/csvLang.js';
import { eveningResults, eveningResultsCsv } from '../ratings/eveningResults.js';
import { attachment } from '../../room/protocol.js';

type GameParams = { Params: { clubId: string; gameId: string } };
type EveningParams = { Params: { eveningId: string } };

/**
 * A game's page and its protocol download (members of the club, ended games only), and an
 * evening's results with their CSV (docs/club-api.md "Games", "Evening results").
 */
export async function registerGameRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  app.get<GameParams>('/api/clubs/:clubId/games/:gameId', async (req) => gamePage(ctx, (await requireUser(req)).id, req.params.clubId, req.params.gameId));
  app.get<GameParams>('/api/clubs/:clubId/games/:gameId/protocol', async (req, reply) => {
    const { protocol, file } = await clubGameProtocol(ctx, (await requireUser(req)).id, req.params.clubId, req.params.gameId);
    return reply.header('content-disposition', attachment(file)).send(protocol);
  });
  app.get<EveningParams>('/api/evenings/:eveningId/results', async (req, reply) => {
    const { lang, query } = csvRequest(req);
    const { format, ...results } = await eveningResults(ctx, (await requireUser(req)).id, req.params.eveningId, query);
    if (format === 'json') return results;
    const date = new Date(results.evening.startsAt).toISOString().slice(0, 10);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(`evening-${date}.csv`)).send(eveningResultsCsv(results.rows, lang));
  });
}
