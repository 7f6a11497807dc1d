import { membershipOf } from '../access.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { dropPending, isPlaceholderEmail, JOIN_JOB, JOIN_VALID_MS, RESEND_EVERY_MS } from './joinInvites.js';
import { parseInput } from './validate.js';
import { ResendJoinSchema } from '@mafia/protocol';

/** The member's invitation row; refused when he is no member of the club or has an account of his own. */
async function inviteOf(ctx: ClubContext, clubId: string, userId: string) {
  const m = await ctx.db.selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id').select(['users.email', 'memberships.nickname'])
    .where('memberships.club_id', '=', clubId).where('memberships.user_id', '=', userId).executeTakeFirst();
  if (!m) return clubRefuse('member-unknown', `user ${userId} is no member of this club`, 404, { path: 'userId' });
  if (!isPlaceholderEmail(m.email)) clubRefuse('member-joined', `«${m.nickname}» has joined the club already`, 409, { path: 'userId', params: { nickname: m.nickname } });
  return ctx.db.selectFrom('member_invites').select(['email', 'locale', 'sent_at', 'used_at']).where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
}

/** A pending invitation: not answered or withdrawn (an expired one too: it can be resent or withdrawn). */
async function pendingInvite(ctx: ClubContext, clubId: string, userId: string) {
  const inv = await ctx.db.selectFrom('member_invites').select(['used_at']).where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  if (!inv || inv.used_at !== null) return clubRefuse('member-not-invited', 'this member has no pending invitation to join', 404, { path: 'userId' });
  return inv;
}

/**
 * POST /api/clubs/:clubId/members/:userId/invite (admin): mails the invitation to join again, with
 * a new link. A pending invitation goes to its address; a nickname-only member whose invitation was
 * withdrawn, declined or expired (its address erased) is invited again («Пригласить снова») at the
 * address given in `email`. Either way once per RESEND_EVERY_MS per member, counted from the last
 * letter whatever happened to the invitation since.
 */
export async function resendJoin(ctx: ClubContext, actor: string, clubId: string, userId: string, body: unknown = {}): Promise<{ sent: true }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const b = parseInput(ResendJoinSchema, body ?? {});
  const inv = await inviteOf(ctx, clubId, userId);
  const email = b.email ?? (inv && inv.used_at === null && inv.email !== '' ? inv.email : undefined);
  if (email === undefined) return clubRefuse('invite-email-needed', 'the invitation was withdrawn, declined or expired and its address erased: give the address to invite him again', 400, { path: 'email' });
  const at = ctx.now();
  const wait = inv ? num(inv.sent_at) + RESEND_EVERY_MS - at : 0;
  if (wait > 0) clubRefuse('invite-resent-recently', 'the invitation was sent a moment ago; it can be sent again in a few minutes', 429, { params: { count: Math.ceil(wait / 60_000) } });
  await ctx.db.transaction().execute(async (trx) => {
    const row = { email, locale: b.locale ?? inv?.locale ?? 'ru', sent_at: at, expires_at: at + JOIN_VALID_MS, used_at: null };
    // A fresh hash until the mail job makes the link: the old link (withdrawn, declined) stays dead.
    if (inv) await trx.updateTable('member_invites').set({ ...row, token_hash: hashToken(newToken()) }).where('club_id', '=', clubId).where('user_id', '=', userId).execute();
    else await trx.insertInto('member_invites').values({ club_id: clubId, user_id: userId, token_hash: hashToken(newToken()), created_at: at, ...row }).execute();
  });
  await ctx.jobs.enqueue(JOIN_JOB, { clubId, userId });
  return { sent: true };
}

/** DELETE /api/clubs/:clubId/members/:userId/invite (admin): withdraws the invitation; `removed` says whether the member went too. */
export async function cancelJoin(ctx: ClubContext, actor: string, clubId: string, userId: string): Promise<{ removed: boolean }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  await pendingInvite(ctx, clubId, userId);
  return { removed: await ctx.db.transaction().execute((trx) => dropPending(trx, clubId, userId, ctx.now())) };
}
