import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/current.js';
import type { ClubContext } from '../ports.js';
import { clubOverview, createClub } from '../services/clubs.js';
import { cancelEntry, clubLedger } from '../services/ledger.js';
import { addMember, listMembers, memberPage, updateMember } from '../services/members.js';
import { BULK_BODY_BYTES, bulkAddMembers } from '../services/bulkMembers.js';
import { publicGame } from '../services/publicGames.js';
import { publicClub, setPublicPage } from '../services/publicPage.js';

type ClubParams = { Params: { clubId: string } };
type MemberParams = { Params: { clubId: string; userId: string } };

/** Clubs, members and the ledger (docs/club-api.md, "Clubs and members"): thin, the services decide. */
export async function registerClubRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  app.post('/api/clubs', async (req, reply) => {
    const u = await requireUser(req);
    return reply.status(201).send(await createClub(ctx, u.id, req.body));
  });
  app.get<ClubParams>('/api/clubs/:clubId', async (req) => clubOverview(ctx, (await requireUser(req)).id, req.params.clubId));
  app.get<ClubParams>('/api/clubs/:clubId/members', async (req) => listMembers(ctx, (await requireUser(req)).id, req.params.clubId, req.query));
  app.post<ClubParams>('/api/clubs/:clubId/members', async (req, reply) => {
    const u = await requireUser(req);
    return reply.status(201).send(await addMember(ctx, u.id, req.params.clubId, req.body));
  });
  app.post<ClubParams>('/api/clubs/:clubId/members/bulk', { bodyLimit: BULK_BODY_BYTES }, async (req) => bulkAddMembers(ctx, (await requireUser(req)).id, req.params.clubId, req.body));
  app.get<MemberParams>('/api/clubs/:clubId/members/:userId', async (req) => memberPage(ctx, (await requireUser(req)).id, req.params.clubId, req.params.userId));
  // The club's public page: no sign-in; 404 like an unknown club unless an admin turned it on.
  app.get<ClubParams>('/api/public/clubs/:clubId', async (req) => publicClub(ctx, req.params.clubId, req.query));
  app.get<{ Params: { clubId: string; gameId: string } }>('/api/public/clubs/:clubId/games/:gameId', async (req) => publicGame(ctx, req.params.clubId, req.params.gameId));
  app.patch<ClubParams>('/api/clubs/:clubId/public', async (req) => setPublicPage(ctx, (await requireUser(req)).id, req.params.clubId, req.body));
  app.patch<MemberParams>('/api/clubs/:clubId/members/:userId', async (req) => updateMember(ctx, (await requireUser(req)).id, req.params.clubId, req.params.userId, req.body));
  app.get<ClubParams>('/api/clubs/:clubId/ledger', async (req) => clubLedger(ctx, (await requireUser(req)).id, req.params.clubId));
  app.post<{ Params: { entryId: string } }>('/api/ledger/:entryId/cancel', async (req) => cancelEntry(ctx, (await requireUser(req)).id, req.params.entryId, req.body));
}
