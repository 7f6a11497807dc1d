import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../auth/current.js';
import { membershipOf } from '../access.js';
import type { ClubContext } from '../ports.js';
import { leaderboard, leaderboardCsv } from '../ratings/leaderboard.js';
import { memberProfile } from '../ratings/profile.js';
import { profileCsv } from '../ratings/profileCsv.js';
import { csvRequest } from '../ratings/csvLang.js';
import { recomputeRatings } from '../ratings/recompute.js';
import { createSeason, listSeasons } from '../ratings/seasons.js';

type ClubParams = { Params: { clubId: string } };
type MemberParams = { Params: { clubId: string; userId: string } };

/** A CSV download (text/csv, UTF-8, saved as `filename`). */
const sendCsv = (reply: FastifyReply, filename: string, body: string) =>
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);

/** Seasons, the leaderboard, a member's profile and the recomputation (docs/ratings-server.md): thin, the services decide. */
export async function registerRatingRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  app.post<ClubParams>('/api/clubs/:clubId/seasons', async (req, reply) => {
    const u = await requireUser(req);
    return reply.status(201).send(await createSeason(ctx, u.id, req.params.clubId, req.body));
  });
  app.get<ClubParams>('/api/clubs/:clubId/seasons', async (req) => listSeasons(ctx, (await requireUser(req)).id, req.params.clubId));
  app.get<ClubParams>('/api/clubs/:clubId/leaderboard', async (req, reply) => {
    const { lang, query } = csvRequest(req);
    const { format, ...board } = await leaderboard(ctx, (await requireUser(req)).id, req.params.clubId, query);
    if (format === 'json') return board;
    return sendCsv(reply, 'leaderboard.csv', leaderboardCsv(board.rows, lang));
  });
  app.get<MemberParams>('/api/clubs/:clubId/members/:userId/profile', async (req, reply) => {
    const { lang, query } = csvRequest(req);
    const { format, table, ...profile } = await memberProfile(ctx, (await requireUser(req)).id, req.params.clubId, req.params.userId, query);
    if (format === 'json' || table === undefined) return profile;
    return sendCsv(reply, `member-${table}.csv`, profileCsv(profile, table, lang));
  });
  app.post<ClubParams>('/api/clubs/:clubId/ratings/recompute', async (req) => {
    const u = await requireUser(req);
    await membershipOf(ctx.db, u.id, req.params.clubId, 'admin');
    return recomputeRatings(ctx, req.params.clubId);
  });
}
