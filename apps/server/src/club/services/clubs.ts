import type { ClubRole, Evening } from '@mafia/protocol';
import { randomUUID } from 'node:crypto';
import { membershipOf } from '../access.js';
import type { ClubContext } from '../ports.js';
import { eveningsOf } from './evenings.js';
import { nicknameColumns } from './nicknames.js';
import { parseInput } from './validate.js';
import { NewClubSchema } from '@mafia/protocol';

/** POST /api/clubs: a new club; its creator is its admin under the nickname he gave. */
export async function createClub(ctx: ClubContext, actor: string, body: unknown): Promise<{ club: { id: string; name: string } }> {
  const { name, nickname } = parseInput(NewClubSchema, body);
  const id = randomUUID();
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('clubs').values({ id, name, created_at: at }).execute();
    await trx.insertInto('memberships').values({
      club_id: id, user_id: actor, role: 'admin', ...nicknameColumns(nickname), share_name: 0, share_email: 0, share_phone: 0,
      on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: at,
    }).execute();
  });
  return { club: { id, name } };
}

/** GET /api/clubs/:clubId: the club, the reader's role and nickname, and its evenings to come (not cancelled). */
export async function clubOverview(ctx: ClubContext, actor: string, clubId: string): Promise<{ club: { id: string; name: string }; me: { role: ClubRole; nickname: string }; upcoming: Evening[] }> {
  const m = await membershipOf(ctx.db, actor, clubId);
  const club = (await ctx.db.selectFrom('clubs').select(['id', 'name']).where('id', '=', clubId).executeTakeFirst())!;
  const upcoming = (await eveningsOf(ctx.db, clubId, { from: ctx.now() })).filter((e) => e.cancelledAt === null).slice(0, 20);
  return { club, me: { role: m.role, nickname: m.nickname }, upcoming };
}
