import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/current.js';
import { auditLog } from '../corrections/audit.js';
import { cancelEvening, editEvening } from '../corrections/evenings.js';
import { restoreEvening } from '../corrections/restore.js';
import { setVoided } from '../corrections/games.js';
import { archiveMember, mergeMembers, unarchiveMember } from '../corrections/members.js';
import type { ClubContext } from '../ports.js';

type ClubParams = { Params: { clubId: string } };
type EveningParams = { Params: { eveningId: string } };
type MemberParams = { Params: { clubId: string; userId: string } };
type GameParams = { Params: { clubId: string; gameId: string } };

/** Corrections on the record (issue 24 point 3, docs/club-api.md "Corrections"): admins only, each with a reason, each audited. */
export async function registerCorrectionRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  const who = async (req: Parameters<typeof requireUser>[0]) => (await requireUser(req)).id;
  app.patch<EveningParams>('/api/evenings/:eveningId', async (req) => editEvening(ctx, await who(req), req.params.eveningId, req.body));
  app.post<EveningParams>('/api/evenings/:eveningId/cancel', async (req) => cancelEvening(ctx, await who(req), req.params.eveningId, req.body));
  app.post<EveningParams>('/api/evenings/:eveningId/restore', async (req) => restoreEvening(ctx, await who(req), req.params.eveningId, req.body));
  app.post<MemberParams>('/api/clubs/:clubId/members/:userId/archive', async (req) => archiveMember(ctx, await who(req), req.params.clubId, req.params.userId, req.body));
  app.post<MemberParams>('/api/clubs/:clubId/members/:userId/unarchive', async (req) => unarchiveMember(ctx, await who(req), req.params.clubId, req.params.userId, req.body));
  app.post<MemberParams>('/api/clubs/:clubId/members/:userId/merge', async (req) => mergeMembers(ctx, await who(req), req.params.clubId, req.params.userId, req.body));
  app.post<GameParams>('/api/clubs/:clubId/games/:gameId/void', async (req) => setVoided(ctx, await who(req), req.params.clubId, req.params.gameId, true, req.body));
  app.post<GameParams>('/api/clubs/:clubId/games/:gameId/unvoid', async (req) => setVoided(ctx, await who(req), req.params.clubId, req.params.gameId, false, req.body));
  app.get<ClubParams>('/api/clubs/:clubId/audit', async (req) => auditLog(ctx, await who(req), req.params.clubId, req.query));
}
