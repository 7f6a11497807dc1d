import { z } from 'zod';
import { membershipOf } from '../access.js';
import type { ClubContext } from '../ports.js';
import { leaderboardOf } from '../ratings/leaderboard.js';
import { num } from '../schema.js';
import { publicGamesOf, publishedClub } from './publicGames.js';
import { parseInput } from './validate.js';
import type { PublicClub } from '@mafia/protocol';
import { PublicPageToggleSchema } from '@mafia/protocol';

const PublicQuery = z.object({ by: z.enum(['points', 'red', 'black', 'overall']).default('points') }).strict();

export async function publicClub(ctx: ClubContext, clubId: string, query: unknown): Promise<PublicClub> {
  const club = await publishedClub(ctx, clubId);
  const q = parseInput(PublicQuery, query);
  const board = await leaderboardOf(ctx, clubId, { by: q.by });
  // Only members who played: a member who never came is nobody's business.
  const leaderboard = board.rows.filter((r) => r.games > 0).map((r) => ({
    rank: r.rank, nickname: r.nickname, total: r.total, evenings: r.evenings, games: r.games, wins: r.wins, red: r.red, black: r.black, overall: r.overall,
  }));
  const past = await ctx.db.selectFrom('evenings').select(['id', 'starts_at', 'place']).where('club_id', '=', clubId)
    .where('cancelled_at', 'is', null).where('starts_at', '<=', ctx.now()).orderBy('starts_at', 'desc').limit(50).execute();
  const games = await publicGamesOf(ctx.db, past.map((e) => e.id));
  const evenings = past.map((e) => ({ startsAt: num(e.starts_at), place: e.place, games: games.get(e.id) ?? [] }));
  return { club: { name: club.name }, by: board.by, leaderboard, evenings };
}

/** PATCH /api/clubs/:clubId/public (admin): turns the public page on or off. */
export async function setPublicPage(ctx: ClubContext, actor: string, clubId: string, body: unknown): Promise<{ enabled: boolean }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const { enabled } = parseInput(PublicPageToggleSchema, body);
  await ctx.db.updateTable('clubs').set({ public_page: enabled ? 1 : 0 }).where('id', '=', clubId).execute();
  return { enabled };
}
