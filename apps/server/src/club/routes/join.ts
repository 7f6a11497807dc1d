import type { FastifyInstance } from 'fastify';
import { parseBody } from '../auth/body.js';
import { userView } from '../auth/current.js';
import { startSession } from '../auth/routes.js';
import type { ClubContext } from '../ports.js';
import { cancelJoin, resendJoin } from '../services/joinAdmin.js';
import { acceptJoin, declineJoin, handleJoinJobs, inviteByToken, sweepExpiredJoins } from '../services/joinInvites.js';
import { requireUser } from '../auth/current.js';
import { JoinTokenSchema } from '@mafia/protocol';

type MemberParams = { Params: { clubId: string; userId: string } };
/**
 * Per client address. Looser than sign-in's 10 a minute: a token is 256 random bits (nothing to
 * guess), and a club's members often accept together from the club's one Wi-Fi address.
 */
const JOIN_PER_ADDRESS = { max: 60, timeWindow: 60_000 } as const;

/**
 * Invitations to join a club (issue 23 point 9). The token travels in the body, not the path, so it
 * is in no access log. Accepting signs her in: the link came to her mailbox, as a sign-in link does.
 */
export async function registerJoinRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  handleJoinJobs(ctx);
  // Invitations that expired while the server was down (or before expiry jobs existed) are erased now.
  const swept = await sweepExpiredJoins(ctx.db, ctx.now());
  if (swept > 0) ctx.log.info({ invitations: swept }, 'expired invitations to join erased');
  app.post('/api/join/show', { config: { rateLimit: JOIN_PER_ADDRESS } }, async (req) => {
    const inv = await inviteByToken(ctx, parseBody(JoinTokenSchema, req.body, { token: 'join-unknown' }).token);
    return { club: { id: inv.club_id, name: inv.club_name }, nickname: inv.nickname };
  });
  app.post('/api/join/accept', { config: { rateLimit: JOIN_PER_ADDRESS } }, async (req, reply) => {
    const joined = await acceptJoin(ctx, parseBody(JoinTokenSchema, req.body, { token: 'join-unknown' }).token);
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', joined.userId).executeTakeFirstOrThrow();
    return { clubId: joined.clubId, ...(await startSession(req, reply, userView(user))) };
  });
  app.post('/api/join/decline', { config: { rateLimit: JOIN_PER_ADDRESS } }, async (req) => declineJoin(ctx, parseBody(JoinTokenSchema, req.body, { token: 'join-unknown' }).token));
  app.post<MemberParams>('/api/clubs/:clubId/members/:userId/invite', async (req) => resendJoin(ctx, (await requireUser(req)).id, req.params.clubId, req.params.userId, req.body));
  app.delete<MemberParams>('/api/clubs/:clubId/members/:userId/invite', async (req) => cancelJoin(ctx, (await requireUser(req)).id, req.params.clubId, req.params.userId));
}
