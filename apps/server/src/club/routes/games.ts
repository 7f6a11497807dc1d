import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/current.js';
import { gamePage } from '../games/page.js';
import { clubGameProtocol } from '../games/protocol.js';
import type { ClubContext } from '../ports.js';
import { attachment } from '../../room/protocol.js';

type GameParams = { Params: { clubId: string; gameId: string } };

/** A game's page and its protocol download (docs/club-api.md "Games"): members of the club only, ended games only. */
export async function registerGameRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  app.get<GameParams>('/api/clubs/:clubId/games/:gameId', async (req) => gamePage(ctx, (await requireUser(req)).id, req.params.clubId, req.params.gameId));
  app.get<GameParams>('/api/clubs/:clubId/games/:gameId/protocol', async (req, reply) => {
    const { protocol, file } = await clubGameProtocol(ctx, (await requireUser(req)).id, req.params.clubId, req.params.gameId);
    return reply.header('content-disposition', attachment(file)).send(protocol);
  });
}
