import type { FastifyInstance } from 'fastify';
import { currentUser } from './auth/current.js';
import type { ClubContext } from './ports.js';

/** The signed-in user's own account (docs/club-api.md, "Sign-in and the account"). */
export async function registerMeRoutes(scope: FastifyInstance, ctx: ClubContext): Promise<void> {
  scope.get('/api/me', async (req) => {
    const user = await currentUser(req);
    if (!user) return { user: null };
    const clubs = await ctx.db.selectFrom('memberships').innerJoin('clubs', 'clubs.id', 'memberships.club_id')
      .select(['clubs.id', 'clubs.name', 'memberships.role', 'memberships.nickname', 'memberships.share_name', 'memberships.share_email', 'memberships.share_phone'])
      .where('memberships.user_id', '=', user.id).orderBy('clubs.name').execute();
    return {
      user,
      clubs: clubs.map((c) => ({ id: c.id, name: c.name, role: c.role, nickname: c.nickname, shareName: c.share_name === 1, shareEmail: c.share_email === 1, sharePhone: c.share_phone === 1 })),
    };
  });
}
