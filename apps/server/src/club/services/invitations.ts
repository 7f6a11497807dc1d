import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { lateDeclinePenalty, CLUB_RULES } from '@mafia/club';
import { z } from 'zod';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import { DbJobQueue } from '../jobs.js';
import { DeliveryError, type ClubContext } from '../ports.js';
import { num, type ClubDb, type EveningsTable } from '../schema.js';
import { eveningRow, lockEvening, runDeadline } from './evenings.js';
import { invitationFacts } from './invitationFacts.js';
import { recountUnanswered } from './invitationList.js';
import { chargePenalty } from './ledger.js';
import { inviteMail, inviteSms, reminderMail, reminderSms } from './messages.js';
import { parseInput } from './validate.js';
import { registerCorrectionJobs } from '../corrections/mail.js';
import type { DeliveryFailure, InvitationPage, LedgerEntry } from '@mafia/protocol';
import { AnswerSchema, InviteSchema } from '@mafia/protocol';

/** The answer link's token is stored only as its SHA-256: a copy of the database answers nothing. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');

/** Answers are taken until the deadline, unless the deadline job ran already or the evening was cancelled. */
function refuseIfClosed(e: EveningsTable, at: number): void {
  if (e.cancelled_at !== null) clubRefuse('evening-cancelled', 'this evening was cancelled', 409);
  const answerBy = num(e.answer_by);
  if (e.closed_at !== null || at >= answerBy) {
    clubRefuse('answers-closed', `answers to this evening closed at ${new Date(answerBy).toISOString()}`, 409, { params: { answerBy } });
  }
}

/**
 * POST /api/evenings/:eveningId/invitations (admin): invites the members named, or by default
 * everyone on the invitation list not invited yet. Each invitation gets its own answer token;
 * the e-mail (and the SMS, when the member has a phone and a gateway is set) are jobs queued in
 * the same transaction, so an invitation is never made without its deliveries. Members invited
 * already are skipped (`invited` counts the new ones).
 */
export async function invite(ctx: ClubContext, actor: string, eveningId: string, body: unknown): Promise<{ invited: number }> {
  const e0 = await eveningRow(ctx.db, eveningId);
  await membershipOf(ctx.db, actor, e0.club_id, 'admin');
  const b = parseInput(InviteSchema, body);
  const at = ctx.now();
  const invited = await ctx.db.transaction().execute(async (trx) => {
    const e = await lockEvening(ctx, trx, eveningId);
    refuseIfClosed(e, at);
    const members = await trx.selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.user_id', 'memberships.nickname', 'memberships.on_list', 'memberships.archived_at', 'users.phone'])
      .where('memberships.club_id', '=', e.club_id).execute();
    const byId = new Map(members.map((m) => [m.user_id, m]));
    const already = new Set((await trx.selectFrom('invitations').select('user_id').where('evening_id', '=', eveningId).execute()).map((r) => r.user_id));
    let targets: typeof members;
    if (b.userIds) {
      targets = [];
      b.userIds.forEach((id, i) => {
        const m = byId.get(id);
        if (!m) clubRefuse('not-a-member', `user ${id} is no member of this club`, 400, { path: `userIds[${i}]` });
        else if (m.archived_at != null) clubRefuse('member-archived', `«${m.nickname}» is archived: unarchive him first`, 400, { path: `userIds[${i}]`, params: { nickname: m.nickname } });
        else if (Number(m.on_list) !== 1) clubRefuse('off-the-list', `«${m.nickname}» is off the invitation list: restore him first`, 400, { path: `userIds[${i}]`, params: { nickname: m.nickname } });
        else if (!already.has(id) && !targets.includes(m)) targets.push(m);
      });
    } else {
      targets = members.filter((m) => Number(m.on_list) === 1 && m.archived_at == null && !already.has(m.user_id));
    }
    const jobs = new DbJobQueue(trx, ctx.now, ctx.log);
    for (const m of targets) {
      const id = randomUUID();
      const token = newToken();
      await trx.insertInto('invitations').values({
        id, evening_id: eveningId, user_id: m.user_id, token_hash: tokenHash(token), answer: null, answered_at: null, unanswered: 0,
        created_at: at, sent_at: null, reminded_at: null, delivery_error: null,
      }).execute();
      await jobs.enqueue('invite-email', { invitationId: id, token }, { dedupeKey: `invite-email:${id}` });
      if (ctx.sms && m.phone) await jobs.enqueue('invite-sms', { invitationId: id, token }, { dedupeKey: `invite-sms:${id}` });
    }
    return targets.length;
  });
  return { invited };
}

async function byToken(db: ClubDb, token: string) {
  // A malformed token is just as unknown as a forged one: the answer does not tell them apart.
  // The invitation's link and the reminder's (a token of its own) answer the same invitation.
  const hash = tokenHash(token);
  const inv = /^[A-Za-z0-9_-]{20,100}$/.test(token)
    ? await db.selectFrom('invitations').selectAll().where((w) => w.or([w('token_hash', '=', hash), w('reminder_token_hash', '=', hash)])).executeTakeFirst()
    : undefined;
  return inv ?? clubRefuse('invitation-unknown', 'this answer link is not valid (mistyped, or the invitation was withdrawn)', 404);
}

/** When the member had the invitation: its first delivery (e-mail or SMS), else its making. */
const receivedAt = (inv: { sent_at: number | string | null; created_at: number | string }): number => num(inv.sent_at ?? inv.created_at);

/** GET /api/invitations/:token: what the answer page shows. It never answers (mail scanners open links). */
export async function invitationView(ctx: ClubContext, token: string): Promise<InvitationPage> {
  const inv = await byToken(ctx.db, token);
  const e = await eveningRow(ctx.db, inv.evening_id);
  const club = (await ctx.db.selectFrom('clubs').select('name').where('id', '=', e.club_id).executeTakeFirst())!;
  const m = await ctx.db.selectFrom('memberships').select('nickname').where('club_id', '=', e.club_id).where('user_id', '=', inv.user_id).executeTakeFirst();
  const startsAt = num(e.starts_at);
  const answerBy = num(e.answer_by);
  const cancelled = e.cancelled_at !== null;
  return {
    club: { name: club.name }, evening: { startsAt, answerBy, place: e.place }, nickname: m?.nickname ?? '', answer: inv.answer,
    open: !cancelled && e.closed_at === null && ctx.now() < answerBy, cancelled, lateDeclineFrom: startsAt - CLUB_RULES.lateDeclineWindowMs,
    invitedLate: startsAt - receivedAt(inv) < CLUB_RULES.lateDeclineWindowMs,
  };
}

/**
 * POST /api/invitations/:token: the answer, until the deadline; a change of mind is another
 * answer (all are kept in `answers`). A YES beyond the capacity is refused. Any answer ends the
 * member's run of unanswered invitations (it does not put him back on the list: that is the
 * admins'). A NO later than a day before the evening costs −10, once per evening, unless it is the
 * first answer of a member who had the invitation less than a day before (issue 24 point 5). One transaction.
 */
export async function answerInvitation(ctx: ClubContext, token: string, body: unknown): Promise<{ answer: 'yes' | 'no'; penalty?: LedgerEntry }> {
  const parsed = AnswerSchema.safeParse(body ?? {});
  if (!parsed.success) return clubRefuse('bad-answer', 'the answer must be "yes" or "no"', 400, { path: 'answer' });
  const { answer } = parsed.data;
  const inv0 = await byToken(ctx.db, token);
  const at = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const e = await lockEvening(ctx, trx, inv0.evening_id);
    refuseIfClosed(e, at);
    const inv = (await trx.selectFrom('invitations').selectAll().where('id', '=', inv0.id).executeTakeFirst())!;
    const previous = inv.answer;
    if (answer === 'yes' && previous !== 'yes') {
      const yes = await trx.selectFrom('invitations').select((s) => s.fn.countAll<number | string>().as('n'))
        .where('evening_id', '=', e.id).where('answer', '=', 'yes').executeTakeFirstOrThrow();
      if (Number(yes.n) >= Number(e.capacity)) clubRefuse('evening-full', `the evening is full: all ${e.capacity} places are taken`, 409, { params: { capacity: Number(e.capacity) } });
    }
    await trx.insertInto('answers').values({ invitation_id: inv.id, answer, at }).execute();
    await trx.updateTable('invitations').set({ answer, answered_at: at }).where('id', '=', inv.id).execute();
    await recountUnanswered(trx, e.club_id, inv.user_id, at);
    const p = lateDeclinePenalty(num(e.starts_at), at, answer, previous, receivedAt(inv));
    const penalty = p ? await chargePenalty(trx, { clubId: e.club_id, userId: inv.user_id, eveningId: e.id, penalty: p, at, by: null }) : null;
    return { answer, ...(penalty ? { penalty } : {}) };
  });
}

// ---- deliveries (jobs) ----

const Payload = z.object({ invitationId: z.string(), token: z.string().optional() });

/**
 * Sends one message of an invitation. Success: the invitation's `sent_at` (or `reminded_at`) is
 * set and the job's copy of the answer token is erased. A permanent failure (a bounce, a refused
 * number): the invitation shows why (`delivery_error`), the token is erased too, and the error
 * goes on so the job fails at once; a passing failure is retried by the queue with back-off.
 */
async function deliver(ctx: ClubContext, jobId: string, invitationId: string, channel: 'e-mail' | 'SMS', to: string, column: 'sent_at' | 'reminded_at', send: () => Promise<void>): Promise<void> {
  const scrub = () => ctx.db.updateTable('jobs').set({ payload: JSON.stringify({ invitationId }) }).where('id', '=', jobId).execute();
  try {
    await send();
  } catch (e) {
    if (e instanceof DeliveryError && e.permanent) {
      const failure: DeliveryFailure = { channel: channel === 'SMS' ? 'sms' : 'email', to, detail: (e.detail ?? e.message).slice(0, 300) };
      await ctx.db.updateTable('invitations').set({ delivery_error: JSON.stringify(failure) }).where('id', '=', invitationId).execute();
      await scrub();
    }
    throw e;
  }
  await ctx.db.updateTable('invitations').set({ [column]: ctx.now() }).where('id', '=', invitationId).where(column, 'is', null).execute();
  await scrub();
}

/** Registers the club's evening jobs on its queue: invitations, the deadline, the reminders. */
export function registerEveningJobs(ctx: ClubContext): void {
  const link = (token: string) => `${ctx.publicUrl()}/i/${token}`;
  for (const channel of ['email', 'sms'] as const) {
    ctx.jobs.handle(`invite-${channel}`, async (payload, job) => {
      const p = Payload.parse(payload);
      const f = await invitationFacts(ctx.db, p.invitationId);
      // Withdrawn (the account was deleted), the evening cancelled, or the token erased after a send: nothing to send.
      if (!f || f.cancelled || !p.token) return;
      const late = f.startsAt - ctx.now() < CLUB_RULES.lateDeclineWindowMs;
      if (channel === 'email') await deliver(ctx, job.id, p.invitationId, 'e-mail', f.to, 'sent_at', () => ctx.mailer.send(inviteMail({ ...f, late }, link(p.token!))));
      else if (ctx.sms && f.phone) await deliver(ctx, job.id, p.invitationId, 'SMS', f.phone, 'sent_at', () => ctx.sms!.send(inviteSms({ ...f, to: f.phone! }, link(p.token!))));
    });
    ctx.jobs.handle(`reminder-${channel}`, async (payload, job) => {
      const p = Payload.parse(payload);
      const f = await invitationFacts(ctx.db, p.invitationId);
      // Only those still saying YES are reminded; the token is erased after a send (a retry then sends nothing).
      if (!f || f.cancelled || f.invitation.answer !== 'yes') return;
      if (channel === 'email') {
        if (p.token) await deliver(ctx, job.id, p.invitationId, 'e-mail', f.to, 'reminded_at', () => ctx.mailer.send(reminderMail(f, link(p.token!))));
      }
      else if (ctx.sms && f.phone) await deliver(ctx, job.id, p.invitationId, 'SMS', f.phone, 'reminded_at', () => ctx.sms!.send(reminderSms({ ...f, to: f.phone! })));
    });
  }
  ctx.jobs.handle('evening-deadline', async (payload) => runDeadline(ctx, z.object({ eveningId: z.string() }).parse(payload).eveningId));
  ctx.jobs.handle('evening-reminders', async (payload) => runReminders(ctx, z.object({ eveningId: z.string() }).parse(payload).eveningId));
  registerCorrectionJobs(ctx);
}

/**
 * The job `evening-reminders` (a day before the start): one reminder job per member who said YES
 * and was not reminded, by e-mail (with answer links of its own token) and, with a phone and a gateway, by SMS. The jobs' dedupe keys
 * make a second run add nothing; each delivery retries on its own.
 */
export async function runReminders(ctx: ClubContext, eveningId: string): Promise<void> {
  const e = await ctx.db.selectFrom('evenings').select(['cancelled_at']).where('id', '=', eveningId).executeTakeFirst();
  if (!e || e.cancelled_at !== null) return;
  const rows = await ctx.db.selectFrom('invitations').innerJoin('users', 'users.id', 'invitations.user_id')
    .select(['invitations.id', 'users.phone']).where('invitations.evening_id', '=', eveningId)
    .where('invitations.answer', '=', 'yes').where('invitations.reminded_at', 'is', null)
    // A reminder queued already keeps its token: a second run must not make its link invalid.
    .where('invitations.reminder_token_hash', 'is', null).execute();
  await ctx.db.transaction().execute(async (trx) => {
    const jobs = new DbJobQueue(trx, ctx.now, ctx.log);
    for (const r of rows) {
      const token = newToken();
      await trx.updateTable('invitations').set({ reminder_token_hash: tokenHash(token) }).where('id', '=', r.id).execute();
      await jobs.enqueue('reminder-email', { invitationId: r.id, token }, { dedupeKey: `reminder-email:${r.id}` });
      if (ctx.sms && r.phone) await jobs.enqueue('reminder-sms', { invitationId: r.id }, { dedupeKey: `reminder-sms:${r.id}` });
    }
  });
}
