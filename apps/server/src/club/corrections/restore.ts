import type { Evening } from '@mafia/protocol';
import { randomBytes } from 'node:crypto';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import { DbJobQueue } from '../jobs.js';
import type { ClubContext } from '../ports.js';
import { recomputeRatings } from '../ratings/recompute.js';
import { num, type ClubDb } from '../schema.js';
import { eveningRow, eveningsByIds, lockEvening } from '../services/evenings.js';
import { recountUnanswered } from '../services/invitationList.js';
import { tokenHash } from '../services/invitations.js';
import { parseInput } from '../services/validate.js';
import { audit } from './audit.js';
import { ReasonBodySchema } from '@mafia/protocol';

const DAY = 24 * 60 * 60_000;

/** The evening's deadline and reminder jobs made anew (the ones it had ran, or found it cancelled). */
async function requeueEveningJobs(trx: ClubDb, ctx: ClubContext, eveningId: string, startsAt: number, answerBy: number): Promise<void> {
  await trx.deleteFrom('jobs').where('dedupe_key', 'in', [`deadline:${eveningId}`, `reminders:${eveningId}`]).where('state', '!=', 'running').execute();
  const jobs = new DbJobQueue(trx, ctx.now, ctx.log);
  await jobs.enqueue('evening-deadline', { eveningId }, { runAt: answerBy, dedupeKey: `deadline:${eveningId}` });
  if (startsAt - DAY > ctx.now()) await jobs.enqueue('evening-reminders', { eveningId }, { runAt: startsAt - DAY, dedupeKey: `reminders:${eveningId}` });
}

/**
 * POST /api/evenings/:eveningId/restore (admin): un-cancels a cancelled evening, with a reason, until
 * it starts. Everyone who had an invitation to it gets it again (a new letter and link; the old link
 * is withdrawn), with the answers reset: nobody is held to an answer given before the cancellation,
 * and an invitation had again less than a day before the start lets a first NO go free. Archived
 * members are not invited again (their invitations are withdrawn). The penalties the cancellation
 * cancelled stay cancelled; the answers close at the old deadline, or at the start if that passed.
 * One audit entry (`evening-restored`).
 */
export async function restoreEvening(ctx: ClubContext, actor: string, eveningId: string, body: unknown): Promise<{ evening: Evening; invited: number }> {
  const e0 = await eveningRow(ctx.db, eveningId);
  await membershipOf(ctx.db, actor, e0.club_id, 'admin');
  const { reason } = parseInput(ReasonBodySchema, body);
  const at = ctx.now();
  const invited = await ctx.db.transaction().execute(async (trx) => {
    const e = await lockEvening(ctx, trx, eveningId);
    if (e.cancelled_at === null) clubRefuse('evening-not-cancelled', 'this evening is not cancelled', 409);
    const startsAt = num(e.starts_at);
    if (at >= startsAt) clubRefuse('restore-started', 'the evening has started: it cannot be restored (make a new one)', 409, { params: { startsAt } });
    const answerBy = num(e.answer_by) > at ? num(e.answer_by) : startsAt;
    await trx.updateTable('evenings').set({ cancelled_at: null, closed_at: null, answer_by: answerBy }).where('id', '=', eveningId).execute();
    await requeueEveningJobs(trx, ctx, eveningId, startsAt, answerBy);
    const invs = await trx.selectFrom('invitations').innerJoin('users', 'users.id', 'invitations.user_id')
      .innerJoin('memberships', (j) => j.onRef('memberships.user_id', '=', 'invitations.user_id').on('memberships.club_id', '=', e.club_id))
      .select(['invitations.id', 'invitations.user_id', 'invitations.answer', 'memberships.archived_at', 'users.phone'])
      .where('invitations.evening_id', '=', eveningId).execute();
    const withdrawn = invs.filter((i) => i.archived_at != null).map((i) => i.id);
    if (withdrawn.length > 0) {
      await trx.deleteFrom('answers').where('invitation_id', 'in', withdrawn).execute();
      await trx.deleteFrom('invitations').where('id', 'in', withdrawn).execute();
    }
    const again = invs.filter((i) => i.archived_at == null);
    const jobs = new DbJobQueue(trx, ctx.now, ctx.log);
    for (const i of again) {
      const token = randomBytes(32).toString('base64url');
      // The answers given before stay in `answers` (the record); the invitation starts over.
      await trx.updateTable('invitations').set({
        token_hash: tokenHash(token), answer: null, answered_at: null, unanswered: 0, created_at: at, sent_at: null,
        reminded_at: null, reminder_token_hash: null, delivery_error: null,
      }).where('id', '=', i.id).execute();
      // A reminder sent before the cancellation must not keep this one's from being queued.
      await trx.deleteFrom('jobs').where('dedupe_key', 'in', [`reminder-email:${i.id}`, `reminder-sms:${i.id}`]).where('state', '!=', 'running').execute();
      await jobs.enqueue('invite-email', { invitationId: i.id, token }, { dedupeKey: `invite-email:${i.id}:${at}` });
      if (ctx.sms && i.phone) await jobs.enqueue('invite-sms', { invitationId: i.id, token }, { dedupeKey: `invite-sms:${i.id}:${at}` });
      await recountUnanswered(trx, e.club_id, i.user_id, at);
    }
    await audit(trx, { clubId: e.club_id, at, actor, action: 'evening-restored', target: 'evening', targetId: eveningId, reason, details: {
      startsAt, place: e.place, invited: again.length, withdrawn: withdrawn.length,
      answersReset: again.filter((i) => i.answer !== null).length, ...(answerBy !== num(e.answer_by) ? { 'answerBy.from': num(e.answer_by), 'answerBy.to': answerBy } : {}),
    } });
    return again.length;
  });
  await recomputeRatings(ctx, e0.club_id);
  return { evening: (await eveningsByIds(ctx.db, [eveningId]))[0]!, invited };
}
