import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/current.js';
import type { ClubContext } from '../ports.js';
import { createEvening, eveningPage, listEvenings } from '../services/evenings.js';
import { answerInvitation, invitationView, invite, registerEveningJobs } from '../services/invitations.js';

type ClubParams = { Params: { clubId: string } };
type EveningParams = { Params: { eveningId: string } };
type TokenParams = { Params: { token: string } };

/**
 * Evenings and invitations (docs/club-api.md). The answer routes need no sign-in and take no
 * CSRF token: the link's token is the credential (and a GET never answers: mail scanners open
 * links). The jobs that deliver invitations and close the answers are registered here too.
 */
export async function registerEveningRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  registerEveningJobs(ctx);
  app.get<ClubParams>('/api/clubs/:clubId/evenings', async (req) => listEvenings(ctx, (await requireUser(req)).id, req.params.clubId, req.query));
  app.post<ClubParams>('/api/clubs/:clubId/evenings', async (req, reply) => {
    const u = await requireUser(req);
    return reply.status(201).send(await createEvening(ctx, u.id, req.params.clubId, req.body));
  });
  app.get<EveningParams>('/api/evenings/:eveningId', async (req) => eveningPage(ctx, (await requireUser(req)).id, req.params.eveningId));
  app.post<EveningParams>('/api/evenings/:eveningId/invitations', async (req) => invite(ctx, (await requireUser(req)).id, req.params.eveningId, req.body));
  app.get<TokenParams>('/api/invitations/:token', { config: { csrf: false } }, async (req) => invitationView(ctx, req.params.token));
  app.post<TokenParams>('/api/invitations/:token', { config: { csrf: false } }, async (req) => answerInvitation(ctx, req.params.token, req.body));
}
