import type { AuditDetails, Evening } from '@mafia/protocol';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import { DbJobQueue } from '../jobs.js';
import type { ClubContext } from '../ports.js';
import { recomputeRatings } from '../ratings/recompute.js';
import { num, type ClubDb, type EveningsTable } from '../schema.js';
import { eveningRow, eveningsByIds, lockEvening } from '../services/evenings.js';
import { parseInput } from '../services/validate.js';
import { audit } from './audit.js';
import { EVENING_NOTICE_JOB } from './mail.js';
import { EveningEditSchema, ReasonBodySchema } from '@mafia/protocol';

const DAY = 24 * 60 * 60_000;

type Field = 'startsAt' | 'answerBy' | 'place' | 'capacity' | 'weight' | 'gamesPlanned';
const COLUMN = { startsAt: 'starts_at', answerBy: 'answer_by', place: 'place', capacity: 'capacity', weight: 'weight', gamesPlanned: 'games_planned' } as const;
const current = (e: EveningsTable): Record<Field, number | string> => ({
  startsAt: num(e.starts_at), answerBy: num(e.answer_by), place: e.place, capacity: Number(e.capacity), weight: Number(e.weight), gamesPlanned: Number(e.games_planned),
});

/** Letters to the invited members who have not said NO (the ones a change or a cancellation concerns). */
async function notifyInvited(trx: ClubDb, ctx: ClubContext, eveningId: string, kind: 'cancelled' | 'changed', reason?: string): Promise<void> {
  const invs = await trx.selectFrom('invitations').select(['id', 'answer']).where('evening_id', '=', eveningId).execute();
  const jobs = new DbJobQueue(trx, ctx.now, ctx.log);
  for (const i of invs) if (i.answer !== 'no') await jobs.enqueue(EVENING_NOTICE_JOB, { invitationId: i.id, kind, ...(reason !== undefined ? { reason } : {}) });
}

/** The evening's deadline and reminder jobs moved with its times (a reminder already sent is not sent again). */
async function rescheduleJobs(trx: ClubDb, ctx: ClubContext, eveningId: string, startsAt: number, answerBy: number): Promise<void> {
  await trx.updateTable('jobs').set({ run_at: answerBy }).where('dedupe_key', '=', `deadline:${eveningId}`).where('state', '=', 'pending').execute();
  await trx.deleteFrom('jobs').where('dedupe_key', '=', `reminders:${eveningId}`).where('state', '=', 'pending').execute();
  const remindAt = startsAt - DAY;
  if (remindAt > ctx.now()) await new DbJobQueue(trx, ctx.now, ctx.log).enqueue('evening-reminders', { eveningId }, { runAt: remindAt, dedupeKey: `reminders:${eveningId}` });
}

/**
 * PATCH /api/evenings/:eveningId (admin): changes an evening, with a reason. Its times only before
 * it starts (and the answer deadline only while answers are open); the capacity not below the YES
 * answers given. The invited members are mailed when its time or place changes; the points are
 * recomputed when its start or weight changes. One audit entry names every field's before and after.
 */
export async function editEvening(ctx: ClubContext, actor: string, eveningId: string, body: unknown): Promise<{ evening: Evening }> {
  const e0 = await eveningRow(ctx.db, eveningId);
  await membershipOf(ctx.db, actor, e0.club_id, 'admin');
  const b = parseInput(EveningEditSchema, body);
  const at = ctx.now();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const e = await lockEvening(ctx, trx, eveningId);
    if (e.cancelled_at !== null) clubRefuse('evening-cancelled', 'this evening was cancelled', 409);
    const was = current(e);
    const next = { ...was };
    for (const f of Object.keys(COLUMN) as Field[]) if (b[f] !== undefined) next[f] = b[f]!;
    // The deadline follows the start when it was the start and is not given.
    if (b.startsAt !== undefined && b.answerBy === undefined && was.answerBy === was.startsAt) next.answerBy = b.startsAt;
    const fields = (Object.keys(COLUMN) as Field[]).filter((f) => next[f] !== was[f]);
    if (fields.length === 0) clubRefuse('nothing-changed', 'the evening already has these values', 400);
    const timesChange = fields.includes('startsAt') || fields.includes('answerBy');
    if (timesChange && at >= (was.startsAt as number)) clubRefuse('evening-started', 'the evening has started: its time cannot change', 409, { path: 'startsAt', params: { startsAt: was.startsAt as number } });
    if (fields.includes('startsAt') && (next.startsAt as number) <= at) clubRefuse('starts-in-past', 'the evening must start in the future', 400, { path: 'startsAt' });
    if (fields.includes('answerBy') && e.closed_at !== null) clubRefuse('answers-closed', 'the answers to this evening closed already', 409, { path: 'answerBy', params: { answerBy: was.answerBy as number } });
    if (timesChange && ((next.answerBy as number) <= at || (next.answerBy as number) > (next.startsAt as number))) {
      clubRefuse('bad-answer-by', 'the answer deadline must be in the future and not after the start', 400, { path: 'answerBy' });
    }
    if ((next.weight as number) < 0) clubRefuse('negative-weight', `the weight cannot be negative (got ${next.weight})`, 400, { path: 'weight', params: { weight: next.weight as number } });
    if (fields.includes('capacity')) {
      const yes = await trx.selectFrom('invitations').select((s) => s.fn.countAll<number | string>().as('n')).where('evening_id', '=', eveningId).where('answer', '=', 'yes').executeTakeFirstOrThrow();
      if ((next.capacity as number) < Number(yes.n)) clubRefuse('capacity-below-yes', `${yes.n} members said YES: the capacity cannot be less`, 409, { path: 'capacity', params: { yes: Number(yes.n) } });
    }
    const set: Record<string, number | string> = {};
    const details: Record<string, string | number> = {};
    for (const f of fields) {
      set[COLUMN[f]] = next[f];
      details[`${f}.from`] = was[f];
      details[`${f}.to`] = next[f];
    }
    await trx.updateTable('evenings').set(set).where('id', '=', eveningId).execute();
    if (timesChange) await rescheduleJobs(trx, ctx, eveningId, next.startsAt as number, next.answerBy as number);
    if (fields.includes('startsAt') || fields.includes('place')) await notifyInvited(trx, ctx, eveningId, 'changed');
    await audit(trx, { clubId: e.club_id, at, actor, action: 'evening-edited', target: 'evening', targetId: eveningId, reason: b.reason, details: details as AuditDetails });
    return fields;
  });
  if (changed.includes('startsAt') || changed.includes('weight')) await recomputeRatings(ctx, e0.club_id);
  return { evening: (await eveningsByIds(ctx.db, [eveningId]))[0]! };
}

/**
 * POST /api/evenings/:eveningId/cancel (admin): cancels an evening with a reason. Its invitations
 * are withdrawn by a letter to everyone invited who did not say NO; the answers close; every
 * ledger entry of the evening is cancelled with the reason (a cancelled evening costs nobody
 * anything); its points go (recomputed). An evening with games that count is refused: void them first.
 */
export async function cancelEvening(ctx: ClubContext, actor: string, eveningId: string, body: unknown): Promise<{ evening: Evening }> {
  const e0 = await eveningRow(ctx.db, eveningId);
  await membershipOf(ctx.db, actor, e0.club_id, 'admin');
  const { reason } = parseInput(ReasonBodySchema, body);
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const e = await lockEvening(ctx, trx, eveningId);
    if (e.cancelled_at !== null) clubRefuse('evening-cancelled', 'this evening was cancelled already', 409);
    const games = await trx.selectFrom('evening_games').select((s) => s.fn.countAll<number | string>().as('n')).where('evening_id', '=', eveningId).where('voided_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(games.n) > 0) clubRefuse('evening-has-games', `the evening has ${games.n} games: void them first`, 409, { params: { count: Number(games.n) } });
    await trx.updateTable('evenings').set({ cancelled_at: at }).where('id', '=', eveningId).execute();
    const entries = await trx.updateTable('ledger').set({ cancelled_at: at, cancelled_by: actor, cancel_note: `evening cancelled: ${reason}` })
      .where('evening_id', '=', eveningId).where('cancelled_at', 'is', null).executeTakeFirst();
    await notifyInvited(trx, ctx, eveningId, 'cancelled', reason);
    await audit(trx, { clubId: e.club_id, at, actor, action: 'evening-cancelled', target: 'evening', targetId: eveningId, reason,
      details: { startsAt: num(e.starts_at), place: e.place, penaltiesCancelled: Number(entries.numUpdatedRows) } });
  });
  await recomputeRatings(ctx, e0.club_id);
  return { evening: (await eveningsByIds(ctx.db, [eveningId]))[0]! };
}
