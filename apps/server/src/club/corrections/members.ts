import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { recomputeRatings } from '../ratings/recompute.js';
import type { ClubDb, MembershipsTable } from '../schema.js';
import { nicknameColumns, refuseTakenNickname, withNickname } from '../services/nicknames.js';
import { parseInput } from '../services/validate.js';
import { audit } from './audit.js';
import { MergeMemberSchema, ReasonBodySchema } from '@mafia/protocol';

async function memberIn(db: ClubDb, clubId: string, userId: string, path = 'userId'): Promise<MembershipsTable> {
  const m = await db.selectFrom('memberships').selectAll().where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  return m ?? clubRefuse('member-unknown', `user ${userId} is no member of this club`, 404, { path });
}

const refuseAdmin = (m: MembershipsTable, path: string): void => {
  if (m.role === 'admin') clubRefuse('member-is-admin', `«${m.nickname}» is an admin of the club: make him a member first`, 409, { path, params: { nickname: m.nickname } });
};

/**
 * POST /api/clubs/:clubId/members/:userId/archive (admin), with a reason: the member goes off the
 * member list, the invitation list and the leaderboard; his invitations still unanswered to
 * evenings to come are withdrawn. His games, seats, attendance and ledger stay, under his nickname.
 */
export async function archiveMember(ctx: ClubContext, actor: string, clubId: string, userId: string, body: unknown): Promise<{ archived: true; withdrawn: number }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const { reason } = parseInput(ReasonBodySchema, body);
  const at = ctx.now();
  const withdrawn = await ctx.db.transaction().execute(async (trx) => {
    const m = await memberIn(trx, clubId, userId);
    if (m.archived_at != null) clubRefuse('member-archived', `«${m.nickname}» is archived already`, 409, { params: { nickname: m.nickname } });
    refuseAdmin(m, 'userId');
    await trx.updateTable('memberships').set({ archived_at: at }).where('club_id', '=', clubId).where('user_id', '=', userId).execute();
    const open = await trx.selectFrom('invitations').innerJoin('evenings', 'evenings.id', 'invitations.evening_id').select('invitations.id')
      .where('evenings.club_id', '=', clubId).where('invitations.user_id', '=', userId).where('invitations.answer', 'is', null)
      .where('evenings.starts_at', '>', at).where('evenings.cancelled_at', 'is', null).execute();
    if (open.length > 0) await trx.deleteFrom('invitations').where('id', 'in', open.map((i) => i.id)).execute();
    await audit(trx, { clubId, at, actor, action: 'member-archived', target: 'member', targetId: userId, reason, details: { nickname: m.nickname, invitationsWithdrawn: open.length } });
    return open.length;
  });
  return { archived: true, withdrawn };
}

/** POST /api/clubs/:clubId/members/:userId/unarchive (admin), with a reason: back on the lists as he was. */
export async function unarchiveMember(ctx: ClubContext, actor: string, clubId: string, userId: string, body: unknown): Promise<{ archived: false }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const { reason } = parseInput(ReasonBodySchema, body);
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const m = await memberIn(trx, clubId, userId);
    if (m.archived_at == null) clubRefuse('member-not-archived', `«${m.nickname}» is not archived`, 409, { params: { nickname: m.nickname } });
    await trx.updateTable('memberships').set({ archived_at: null }).where('club_id', '=', clubId).where('user_id', '=', userId).execute();
    await audit(trx, { clubId, at, actor, action: 'member-unarchived', target: 'member', targetId: userId, reason, details: { nickname: m.nickname } });
  });
  return { archived: false };
}

/**
 * POST /api/clubs/:clubId/members/:userId/merge (admin) `{into, nickname?, reason}`: the member
 * `userId` (a record made by mistake, «Еж») becomes `into` («Ёж»): his seats of games and tables,
 * attendance, invitations and ledger entries move to `into`, and his membership goes. Where both
 * have a record of one evening (an invitation, an arrival), `into`'s stays; a ledger entry `into`
 * has already (the same rule and evening) cancels the moved one (no penalty twice). Two records
 * seated in one game cannot be one person: refused. `into` keeps his nickname unless `nickname`
 * (the other's, or a new one) is given. Ratings and points are recomputed.
 */
export async function mergeMembers(ctx: ClubContext, actor: string, clubId: string, userId: string, body: unknown): Promise<{ into: string; moved: Record<string, number> }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const b = parseInput(MergeMemberSchema, body);
  if (b.into === userId) clubRefuse('merge-self', 'a member cannot be merged into himself', 400, { path: 'into' });
  const at = ctx.now();
  const moved = await withNickname(b.nickname, () => ctx.db.transaction().execute(async (trx) => {
    const from = await memberIn(trx, clubId, userId);
    const into = await memberIn(trx, clubId, b.into, 'into');
    refuseAdmin(from, 'userId');
    const games = (await trx.selectFrom('game_seats').innerJoin('evening_games', 'evening_games.id', 'game_seats.game_id').innerJoin('evenings', 'evenings.id', 'evening_games.evening_id')
      .select(['game_seats.game_id', 'game_seats.user_id']).where('evenings.club_id', '=', clubId).where('game_seats.user_id', 'in', [userId, b.into]).execute());
    const fromGames = new Set(games.filter((g) => g.user_id === userId).map((g) => g.game_id));
    const both = games.find((g) => g.user_id === b.into && fromGames.has(g.game_id));
    if (both) clubRefuse('merge-same-game', `«${from.nickname}» and «${into.nickname}» sat in one game: they are two people`, 409, { params: { gameId: both.game_id, from: from.nickname, into: into.nickname } });
    if (b.nickname !== undefined) await refuseTakenNickname(trx, clubId, b.nickname, [userId, b.into]);
    const evenings = (await trx.selectFrom('evenings').select('id').where('club_id', '=', clubId).execute()).map((e) => e.id);
    const n: Record<string, number> = { games: fromGames.size, invitations: 0, attendance: 0, ledger: 0, ledgerCancelled: 0 };
    if (fromGames.size > 0) await trx.updateTable('game_seats').set({ user_id: b.into }).where('user_id', '=', userId).where('game_id', 'in', [...fromGames]).execute();
    if (evenings.length > 0) {
      await trx.updateTable('table_seats').set({ user_id: b.into }).where('user_id', '=', userId).where('evening_id', 'in', evenings).execute();
      // Invitations: where both were invited to one evening, his goes (with its answers).
      const invs = await trx.selectFrom('invitations').select(['id', 'evening_id', 'user_id']).where('evening_id', 'in', evenings).where('user_id', 'in', [userId, b.into]).execute();
      const intoInvited = new Set(invs.filter((i) => i.user_id === b.into).map((i) => i.evening_id));
      for (const i of invs.filter((x) => x.user_id === userId)) {
        if (intoInvited.has(i.evening_id)) {
          await trx.deleteFrom('answers').where('invitation_id', '=', i.id).execute();
          await trx.deleteFrom('invitations').where('id', '=', i.id).execute();
        } else {
          await trx.updateTable('invitations').set({ user_id: b.into }).where('id', '=', i.id).execute();
          n.invitations!++;
        }
      }
      const came = await trx.selectFrom('attendance').select(['evening_id', 'user_id']).where('evening_id', 'in', evenings).where('user_id', 'in', [userId, b.into]).execute();
      const intoCame = new Set(came.filter((c) => c.user_id === b.into).map((c) => c.evening_id));
      for (const c of came.filter((x) => x.user_id === userId)) {
        const q = trx.deleteFrom('attendance').where('evening_id', '=', c.evening_id).where('user_id', '=', userId);
        if (intoCame.has(c.evening_id)) await q.execute();
        else await trx.updateTable('attendance').set({ user_id: b.into }).where('evening_id', '=', c.evening_id).where('user_id', '=', userId).execute(), n.attendance!++;
      }
      await trx.updateTable('attendance').set({ replacement_user_id: b.into }).where('evening_id', 'in', evenings).where('replacement_user_id', '=', userId).execute();
    }
    // The ledger: each entry moves; its charge key names the new member, unless he has that charge already.
    const entries = await trx.selectFrom('ledger').selectAll().where('club_id', '=', clubId).where('user_id', '=', userId).execute();
    for (const l of entries) {
      const key = l.dedupe_key === null ? null : `${l.rule}:${l.evening_id}:${b.into}`;
      const clash = key !== null && (await trx.selectFrom('ledger').select('id').where('dedupe_key', '=', key).executeTakeFirst()) !== undefined;
      await trx.updateTable('ledger').set({
        user_id: b.into, dedupe_key: clash ? null : key,
        ...(clash && l.cancelled_at === null ? { cancelled_at: at, cancelled_by: actor, cancel_note: `merged into «${into.nickname}», who has this entry already` } : {}),
      }).where('id', '=', l.id).execute();
      n.ledger!++;
      if (clash && l.cancelled_at === null) n.ledgerCancelled!++;
    }
    await trx.deleteFrom('member_invites').where('club_id', '=', clubId).where('user_id', '=', userId).execute();
    await trx.deleteFrom('memberships').where('club_id', '=', clubId).where('user_id', '=', userId).execute();
    if (b.nickname !== undefined && b.nickname !== into.nickname) await trx.updateTable('memberships').set(nicknameColumns(b.nickname)).where('club_id', '=', clubId).where('user_id', '=', b.into).execute();
    await audit(trx, { clubId, at, actor, action: 'member-merged', target: 'member', targetId: b.into, reason: b.reason,
      details: { from: from.nickname, fromUserId: userId, into: into.nickname, nickname: b.nickname ?? into.nickname, ...n } });
    return n;
  }));
  await recomputeRatings(ctx, clubId);
  return { into: b.into, moved };
}
