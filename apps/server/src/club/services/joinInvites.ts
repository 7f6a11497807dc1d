import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { hashToken, newToken } from '../auth/tokens.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext, MailMessage } from '../ports.js';
import { num, type ClubDb, type ClubSchema, type MemberInvitesTable } from '../schema.js';

export const JOIN_JOB = 'member-invite';
/** The job that erases the addresses of invitations to join that expired unanswered (at each one's expiry). */
export const JOIN_EXPIRY_JOB = 'member-invite-expiry';
/** How long an invitation to join works: a week and a half covers a club that meets weekly. */
export const JOIN_VALID_MS = 10 * 24 * 3_600_000;
/** An admin may resend an invitation once per this long (a resend button is no mail cannon). */
export const RESEND_EVERY_MS = 10 * 60_000;
/** The placeholder account's address: `.invalid` can never be delivered to (RFC 2606). */
export const PLACEHOLDER_DOMAIN = '@pending.invalid';

export const isPlaceholderEmail = (email: string | null): boolean => email !== null && email.endsWith(PLACEHOLDER_DOMAIN);

/**
 * Makes the club's nickname-only account and its invitation row. Nothing here reads the address's
 * account: an address with an account and one without cost the same writes and give the same
 * answer (issue 23 point 9). The token is made by the mail job, so it is in no table nor payload.
 */
export async function createJoinInvite(trx: Transaction<ClubSchema>, clubId: string, email: string, locale: string, at: number): Promise<string> {
  const id = randomUUID();
  await trx.insertInto('users').values({ id, email: `${id}${PLACEHOLDER_DOMAIN}`, name: null, phone: null, password_hash: null, locale, created_at: at, deleted_at: null }).execute();
  await trx.insertInto('member_invites').values({
    club_id: clubId, user_id: id, email, token_hash: hashToken(newToken()), locale, created_at: at, sent_at: at, expires_at: at + JOIN_VALID_MS, used_at: null,
  }).execute();
  return id;
}

function joinMessage(to: string, club: string, nickname: string, link: string, locale: string): MailMessage {
  if (locale === 'en') {
    return {
      to, subject: `Invitation to join the club «${club}»`,
      text: `Hello!\n\nThe club «${club}» has added you as «${nickname}». To join, open this link (it works once, for 10 days):\n\n${link}\n\nThere you can accept or decline. Until you accept, the club knows nothing about you but this nickname and sends you no letters.\n`,
    };
  }
  return {
    to, subject: `Приглашение в клуб «${club}»`,
    text: `Здравствуйте!\n\nКлуб «${club}» добавил вас под ником «${nickname}». Чтобы вступить, откройте ссылку (она действует один раз, 10 дней):\n\n${link}\n\nТам можно принять приглашение или отказаться. Пока вы не приняли его, клуб не знает о вас ничего, кроме ника, и не пишет вам.\n`,
  };
}

/** The job that makes a fresh token for an invitation and mails it (a new one on every resend). */
export function handleJoinJobs(ctx: ClubContext): void {
  ctx.jobs.handle(JOIN_JOB, async (payload) => {
    const { clubId, userId } = payload as { clubId: string; userId: string };
    const inv = await ctx.db.selectFrom('member_invites').innerJoin('clubs', 'clubs.id', 'member_invites.club_id')
      .innerJoin('memberships', (j) => j.onRef('memberships.club_id', '=', 'member_invites.club_id').onRef('memberships.user_id', '=', 'member_invites.user_id'))
      .select(['member_invites.email', 'member_invites.locale', 'member_invites.used_at', 'clubs.name', 'memberships.nickname'])
      .where('member_invites.club_id', '=', clubId).where('member_invites.user_id', '=', userId).executeTakeFirst();
    if (!inv || inv.used_at !== null) return; // cancelled or answered since
    if (inv.email === '') return; // expired and erased since (an invitation again makes a new job)
    const token = newToken();
    const at = ctx.now();
    const expiresAt = at + JOIN_VALID_MS;
    await ctx.db.updateTable('member_invites').set({ token_hash: hashToken(token), expires_at: expiresAt })
      .where('club_id', '=', clubId).where('user_id', '=', userId).execute();
    await ctx.jobs.enqueue(JOIN_EXPIRY_JOB, {}, { runAt: expiresAt, dedupeKey: `${JOIN_EXPIRY_JOB}:${clubId}:${userId}:${expiresAt}` });
    await ctx.mailer.send(joinMessage(inv.email, inv.name, inv.nickname, `${ctx.publicUrl()}/join/${token}`, inv.locale));
  });
  ctx.jobs.handle(JOIN_EXPIRY_JOB, async () => {
    await sweepExpiredJoins(ctx.db, ctx.now());
  });
}

/**
 * Invitations to join that expired unanswered: the address is erased (the club keeps nothing of a
 * person who never agreed), the member stays nickname-only (`status: "expired"`: the admin may
 * invite again or withdraw), and the link's hash stays, so the link says it expired rather than
 * that it is unknown. Run by the expiry job of each invitation and at the server's start.
 */
export async function sweepExpiredJoins(db: ClubDb, at: number): Promise<number> {
  const r = await db.updateTable('member_invites').set({ email: '' })
    .where('used_at', 'is', null).where('email', '!=', '').where('expires_at', '<=', at).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The invitation a token names, refused clearly when it is unknown, used or expired. */
export async function inviteByToken(ctx: ClubContext, token: string): Promise<MemberInvitesTable & { club_name: string; nickname: string }> {
  const row = await ctx.db.selectFrom('member_invites').innerJoin('clubs', 'clubs.id', 'member_invites.club_id')
    .innerJoin('memberships', (j) => j.onRef('memberships.club_id', '=', 'member_invites.club_id').onRef('memberships.user_id', '=', 'member_invites.user_id'))
    .selectAll('member_invites').select(['clubs.name as club_name', 'memberships.nickname'])
    .where('member_invites.token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return clubRefuse('join-unknown', 'this invitation link is not one the club sent (or it was cancelled or replaced by a newer one)', 400, { path: 'token' });
  if (row.used_at !== null) clubRefuse('join-used', 'this invitation link was answered already', 400, { path: 'token' });
  if (num(row.expires_at) <= ctx.now()) clubRefuse('join-expired', 'this invitation link has expired; ask the club to send it again', 400, { path: 'token' });
  return row;
}

/** Marks an invitation answered; of two answers with one link, one wins. */
async function takeInvite(trx: Transaction<ClubSchema>, inv: MemberInvitesTable, at: number): Promise<void> {
  const r = await trx.updateTable('member_invites').set({ used_at: at }).where('token_hash', '=', inv.token_hash).where('used_at', 'is', null).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) clubRefuse('join-used', 'this invitation link was answered already', 400, { path: 'token' });
}

/** Every column that holds a member's account id, moved from the placeholder to her account on acceptance. */
const USER_COLUMNS: readonly (readonly [string, string])[] = [
  ['memberships', 'user_id'], ['member_invites', 'user_id'], ['attendance', 'user_id'], ['attendance', 'replacement_user_id'], ['table_seats', 'user_id'], ['game_seats', 'user_id'],
  ['ledger', 'user_id'], ['invitations', 'user_id'], ['member_ratings', 'user_id'], ['member_evenings', 'user_id'], ['member_rating_changes', 'user_id'],
];

/**
 * Accepts an invitation: the address's account (made now if there is none) becomes the member, and
 * what the nickname did before (games, arrivals, points) is hers. She goes on the invitation list.
 */
export async function acceptJoin(ctx: ClubContext, token: string): Promise<{ userId: string; clubId: string }> {
  const inv = await inviteByToken(ctx, token);
  const at = ctx.now();
  const userId = await ctx.db.transaction().execute(async (trx) => {
    await takeInvite(trx, inv, at);
    const account = await trx.selectFrom('users').select(['id', 'deleted_at']).where('email', '=', inv.email).executeTakeFirst();
    if (account && account.deleted_at !== null) clubRefuse('join-unknown', 'the account this invitation was sent to is deleted', 400, { path: 'token' });
    let id = inv.user_id;
    if (!account) await trx.updateTable('users').set({ email: inv.email }).where('id', '=', inv.user_id).execute();
    else {
      const already = await trx.selectFrom('memberships').select('nickname').where('club_id', '=', inv.club_id).where('user_id', '=', account.id).executeTakeFirst();
      if (already) clubRefuse('join-already-member', `you are a member of this club already (as «${already.nickname}»)`, 409, { path: 'token', params: { nickname: already.nickname } });
      id = account.id;
      for (const [table, column] of USER_COLUMNS) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${id} where ${sql.ref(column)} = ${inv.user_id}`.execute(trx);
      }
      // A game's facts keep its seats as JSON with the members' ids; an id is a UUID, so a text replace is exact.
      await sql`update game_facts set seats = replace(seats, ${inv.user_id}, ${id}) where club_id = ${inv.club_id}`.execute(trx);
      await trx.deleteFrom('users').where('id', '=', inv.user_id).execute();
    }
    await trx.updateTable('memberships').set({ on_list: 1, unanswered_streak: 0, off_list_at: null, list_since: at }).where('club_id', '=', inv.club_id).where('user_id', '=', id).execute();
    return id;
  });
  return { userId, clubId: inv.club_id };
}

/**
 * Drops a pending member: his invitation, and his membership and placeholder account unless the
 * nickname already played or came to an evening (the club's records keep him, nickname-only). A
 * kept member's invitation row stays, answered and without its address or link, so that when he is
 * invited again the resend limit still counts from its last letter (no withdraw-and-invite mail cannon).
 */
export async function dropPending(trx: Transaction<ClubSchema>, clubId: string, userId: string, at: number): Promise<boolean> {
  const seated = await trx.selectFrom('game_seats').select('game_id').where('user_id', '=', userId).executeTakeFirst();
  const came = await trx.selectFrom('attendance').select('evening_id').where('user_id', '=', userId).executeTakeFirst();
  const points = await trx.selectFrom('ledger').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (seated || came || points) {
    await trx.updateTable('member_invites').set({ email: '', token_hash: hashToken(newToken()), used_at: at })
      .where('club_id', '=', clubId).where('user_id', '=', userId).execute();
    return false;
  }
  await trx.deleteFrom('member_invites').where('club_id', '=', clubId).where('user_id', '=', userId).execute();
  await trx.deleteFrom('table_seats').where('user_id', '=', userId).execute();
  await trx.deleteFrom('memberships').where('club_id', '=', clubId).where('user_id', '=', userId).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return true;
}

/** Declines an invitation by its link: the pending membership goes (see dropPending). */
export async function declineJoin(ctx: ClubContext, token: string): Promise<{ declined: true }> {
  const inv = await inviteByToken(ctx, token);
  await ctx.db.transaction().execute(async (trx) => {
    const at = ctx.now();
    await takeInvite(trx, inv, at);
    await dropPending(trx, inv.club_id, inv.user_id, at);
  });
  return { declined: true };
}
