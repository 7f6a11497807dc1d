import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import type { ClubDb } from '../schema.js';
import { nicknames } from './doorShared.js';
import type { ApartPair } from '@mafia/protocol';


/** The club's pairs kept apart, as user id pairs. */
export async function apartPairs(db: ClubDb, clubId: string): Promise<[string, string][]> {
  const rows = await db.selectFrom('seating_apart').select(['user_a', 'user_b']).where('club_id', '=', clubId).execute();
  return rows.map((r) => [r.user_a, r.user_b]);
}

async function view(ctx: ClubContext, clubId: string): Promise<{ pairs: ApartPair[] }> {
  const nick = await nicknames(ctx.db, clubId);
  const who = (userId: string) => ({ userId, nickname: nick.get(userId) ?? '' });
  const pairs = (await apartPairs(ctx.db, clubId)).map(([a, b]) => ({ a: who(a), b: who(b) }));
  return { pairs: pairs.sort((x, y) => x.a.nickname.localeCompare(y.a.nickname, 'ru') || x.b.nickname.localeCompare(y.b.nickname, 'ru')) };
}

/** Host+: the club's pairs kept apart. */
export async function listApart(ctx: ClubContext, actorUserId: string, clubId: string): Promise<{ pairs: ApartPair[] }> {
  await membershipOf(ctx.db, actorUserId, clubId, 'host');
  return view(ctx, clubId);
}

/** Admin: keeps two members apart (`apart: true`) or lets them sit together again. */
export async function setApart(ctx: ClubContext, actorUserId: string, clubId: string, input: { userA: string; userB: string; apart: boolean }): Promise<{ pairs: ApartPair[] }> {
  await membershipOf(ctx.db, actorUserId, clubId, 'admin');
  if (input.userA === input.userB) clubRefuse('bad-pair', 'a pair is two different members', 400, { path: 'userB' });
  const nick = await nicknames(ctx.db, clubId);
  for (const [u, path] of [[input.userA, 'userA'], [input.userB, 'userB']] as const) {
    if (!nick.has(u)) clubRefuse('not-a-member', `user ${u} is no member of this club`, 404, { path });
  }
  const [a, b] = input.userA < input.userB ? [input.userA, input.userB] : [input.userB, input.userA];
  if (input.apart) {
    await ctx.db.insertInto('seating_apart').values({ club_id: clubId, user_a: a, user_b: b, created_by: actorUserId, created_at: ctx.now() })
      .onConflict((oc) => oc.columns(['club_id', 'user_a', 'user_b']).doNothing()).execute();
  } else {
    await ctx.db.deleteFrom('seating_apart').where('club_id', '=', clubId).where('user_a', '=', a).where('user_b', '=', b).execute();
  }
  return view(ctx, clubId);
}
