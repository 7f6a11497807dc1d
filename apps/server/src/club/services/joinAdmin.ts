import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { dropPending, JOIN_JOB, RESEND_EVERY_MS } from './joinInvites.js';

async function pendingInvite(ctx: ClubContext, clubId: string, userId: string) {
  const inv = await ctx.db.selectFrom('member_invites').select(['sent_at', 'used_at']).where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  if (!inv || inv.used_at !== null) return clubRefuse('member-not-invited', 'this member has no pending invitation to join', 404, { path: 'userId' });
  return inv;
}

/** POST /api/clubs/:clubId/members/:userId/invite (admin): mails the invitation again, with a new link. */
export async function resendJoin(ctx: ClubContext, actor: string, clubId: string, userId: string): Promise<{ sent: true }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const inv = await pendingInvite(ctx, clubId, userId);
  const at = ctx.now();
  const wait = num(inv.sent_at) + RESEND_EVERY_MS - at;
  if (wait > 0) clubRefuse('invite-resent-recently', 'the invitation was sent a moment ago; it can be sent again in a few minutes', 429, { params: { count: Math.ceil(wait / 60_000) } });
  await ctx.db.updateTable('member_invites').set({ sent_at: at }).where('club_id', '=', clubId).where('user_id', '=', userId).execute();
  await ctx.jobs.enqueue(JOIN_JOB, { clubId, userId });
  return { sent: true };
}

/** DELETE /api/clubs/:clubId/members/:userId/invite (admin): withdraws the invitation; `removed` says whether the member went too. */
export async function cancelJoin(ctx: ClubContext, actor: string, clubId: string, userId: string): Promise<{ removed: boolean }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  await pendingInvite(ctx, clubId, userId);
  return { removed: await ctx.db.transaction().execute((trx) => dropPending(trx, clubId, userId)) };
}
