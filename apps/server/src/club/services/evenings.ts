import { randomUUID } from 'node:crypto';
import { compareNicknames } from '@mafia/club';
import { builtPresets } from '@mafia/engine';
import { z } from 'zod';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import { DbJobQueue } from '../jobs.js';
import type { ClubContext } from '../ports.js';
import { num, numOrNull, type ClubDb, type EveningsTable } from '../schema.js';
import { doorView } from './door.js';
import { recountUnanswered } from './invitationList.js';
import { PLACEHOLDER_DOMAIN } from './joinInvites.js';
import { ledgerQuery, toLedgerEntry } from './ledger.js';
import { parseInput } from './validate.js';
import type { DeliveryFailure, Evening, EveningPage } from '@mafia/protocol';
import { NewEveningSchema } from '@mafia/protocol';
import { DELIVERY_FAILURE, parseStoredOr } from '../stored.js';

const DAY = 24 * 60 * 60_000;

/** Counted up one invitation at a time, hence writable. */
type Tally = Record<keyof Evening['counts'], number>;

async function countsOf(db: ClubDb, ids: readonly string[]): Promise<Map<string, Tally>> {
  const out = new Map<string, Tally>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('invitations').select(['evening_id', 'answer']).where('evening_id', 'in', ids).execute();
  for (const r of rows) {
    const c = out.get(r.evening_id) ?? { invited: 0, yes: 0, no: 0, none: 0 };
    c.invited++;
    if (r.answer === 'yes') c.yes++;
    else if (r.answer === 'no') c.no++;
    else c.none++;
    out.set(r.evening_id, c);
  }
  return out;
}

const toEvening = (r: EveningsTable, counts: Evening['counts'] | undefined): Evening => ({
  id: r.id, clubId: r.club_id, startsAt: num(r.starts_at), answerBy: num(r.answer_by), place: r.place, capacity: Number(r.capacity),
  weight: Number(r.weight), preset: r.preset, gamesPlanned: Number(r.games_planned), counts: counts ?? { invited: 0, yes: 0, no: 0, none: 0 },
  cancelledAt: numOrNull(r.cancelled_at),
});

async function withCounts(db: ClubDb, rows: EveningsTable[]): Promise<Evening[]> {
  const counts = await countsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toEvening(r, counts.get(r.id)));
}

/** A club's evenings by start, between `from` and `to` (inclusive, epoch ms) when given. */
export async function eveningsOf(db: ClubDb, clubId: string, range: { from?: number; to?: number } = {}): Promise<Evening[]> {
  let q = db.selectFrom('evenings').selectAll().where('club_id', '=', clubId);
  if (range.from !== undefined) q = q.where('starts_at', '>=', range.from);
  if (range.to !== undefined) q = q.where('starts_at', '<=', range.to);
  return withCounts(db, await q.orderBy('starts_at').orderBy('id').execute());
}

export async function eveningsByIds(db: ClubDb, ids: readonly string[]): Promise<Evening[]> {
  if (ids.length === 0) return [];
  return withCounts(db, await db.selectFrom('evenings').selectAll().where('id', 'in', ids).execute());
}

/** The evening's row, or `evening-unknown` (404). */
export async function eveningRow(db: ClubDb, eveningId: string): Promise<EveningsTable> {
  const e = await db.selectFrom('evenings').selectAll().where('id', '=', eveningId).executeTakeFirst();
  return e ?? clubRefuse('evening-unknown', `there is no evening ${eveningId}`, 404);
}

/** The evening's row locked for the rest of the transaction (PostgreSQL; SQLite's transactions hold the whole database). */
export async function lockEvening(ctx: ClubContext, trx: ClubDb, eveningId: string): Promise<EveningsTable> {
  const q = trx.selectFrom('evenings').selectAll().where('id', '=', eveningId);
  const e = await (ctx.kind === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  return e ?? clubRefuse('evening-unknown', `there is no evening ${eveningId}`, 404);
}

const Range = z.object({
  from: z.coerce.number().int('from must be a time in epoch milliseconds').optional(),
  to: z.coerce.number().int('to must be a time in epoch milliseconds').optional(),
});

/** GET /api/clubs/:clubId/evenings?from=&to= (the calendar). */
export async function listEvenings(ctx: ClubContext, actor: string, clubId: string, query: unknown): Promise<{ evenings: Evening[] }> {
  await membershipOf(ctx.db, actor, clubId);
  const range = parseInput(Range, query);
  return { evenings: await eveningsOf(ctx.db, clubId, range) };
}

const presetIds = () => builtPresets().map((p) => p.id as string);

/**
 * POST /api/clubs/:clubId/evenings (admin). With the evening, two jobs are queued in the same
 * transaction: `evening-deadline` at its answer deadline (unanswered invitations are counted) and
 * `evening-reminders` a day before its start (skipped when that moment has passed already: an
 * evening less than a day away needs no reminder of itself).
 */
export async function createEvening(ctx: ClubContext, actor: string, clubId: string, body: unknown): Promise<{ evening: Evening }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const b = parseInput(NewEveningSchema, body);
  const at = ctx.now();
  if (b.startsAt <= at) clubRefuse('starts-in-past', 'the evening must start in the future', 400, { path: 'startsAt' });
  const answerBy = b.answerBy ?? b.startsAt;
  if (answerBy <= at || answerBy > b.startsAt) clubRefuse('bad-answer-by', 'the answer deadline must be in the future and not after the start', 400, { path: 'answerBy' });
  if (b.weight < 0) clubRefuse('negative-weight', `the weight cannot be negative (got ${b.weight})`, 400, { path: 'weight', params: { weight: b.weight } });
  const presets = presetIds();
  if (!presets.includes(b.preset)) clubRefuse('unknown-preset', `there is no rule set «${b.preset}» (one of: ${presets.join(', ')})`, 400, { path: 'preset', params: { preset: b.preset } });
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('evenings').values({
      id, club_id: clubId, starts_at: b.startsAt, answer_by: answerBy, place: b.place, capacity: b.capacity, weight: b.weight, preset: b.preset,
      games_planned: b.gamesPlanned, created_by: actor, created_at: at, closed_at: null, cancelled_at: null,
    }).execute();
    const jobs = new DbJobQueue(trx, ctx.now, ctx.log);
    await jobs.enqueue('evening-deadline', { eveningId: id }, { runAt: answerBy, dedupeKey: `deadline:${id}` });
    const remindAt = b.startsAt - DAY;
    if (remindAt > at) await jobs.enqueue('evening-reminders', { eveningId: id }, { runAt: remindAt, dedupeKey: `reminders:${id}` });
  });
  return { evening: (await eveningsByIds(ctx.db, [id]))[0]! };
}

/** GET /api/evenings/:eveningId: who said what, who came, the tables and games, the penalties. Delivery errors for admins only. */
export async function eveningPage(ctx: ClubContext, actor: string, eveningId: string): Promise<EveningPage> {
  const row = await eveningRow(ctx.db, eveningId);
  const me = await membershipOf(ctx.db, actor, row.club_id);
  const [evening] = await withCounts(ctx.db, [row]);
  const inv = await ctx.db.selectFrom('invitations')
    .leftJoin('memberships', (j) => j.onRef('memberships.user_id', '=', 'invitations.user_id').on('memberships.club_id', '=', row.club_id))
    .select(['invitations.user_id', 'invitations.answer', 'invitations.answered_at', 'invitations.unanswered', 'invitations.delivery_error', 'memberships.nickname'])
    .where('invitations.evening_id', '=', eveningId).execute();
  inv.sort((a, b) => compareNicknames(a.nickname ?? '', b.nickname ?? ''));
  const admin = me.role === 'admin';
  const ledger = (await ledgerQuery(ctx.db).where('ledger.evening_id', '=', eveningId).orderBy('ledger.created_at', 'desc').execute()).map(toLedgerEntry);
  return {
    evening: evening!,
    me: { role: me.role, answer: inv.find((i) => i.user_id === actor)?.answer ?? null },
    invitations: inv.map((i) => ({
      userId: i.user_id, nickname: i.nickname ?? '', answer: i.answer, answeredAt: numOrNull(i.answered_at), unanswered: Number(i.unanswered) === 1,
      ...(admin && i.delivery_error ? { deliveryError: deliveryFailureOf(i.delivery_error) } : {}),
    })),
    nicknameOnly: (await ctx.db.selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id').select(['memberships.user_id', 'memberships.nickname'])
      .where('memberships.club_id', '=', row.club_id).where('memberships.archived_at', 'is', null).where('users.email', 'like', `%${PLACEHOLDER_DOMAIN}`).execute())
      .sort((a, b) => compareNicknames(a.nickname, b.nickname))
      .map((m) => ({ userId: m.user_id, nickname: m.nickname })),
    ...(await doorView(ctx, eveningId)),
    ledger,
  };
}

/** An invitation's kept delivery failure (JSON; an older plain text reads as its detail). */
export function deliveryFailureOf(text: string): DeliveryFailure {
  // Older rows hold the far end's words as plain text.
  return parseStoredOr(DELIVERY_FAILURE, text, { channel: 'email', to: '', detail: text });
}

/**
 * The job `evening-deadline`: once the answers close, every invitation still unanswered is marked
 * so and its member's run of unanswered invitations is counted again; the third in a row takes him off the
 * invitation list (seed 003). Runs once: `closed_at` is set in the same transaction, and a second
 * run finds it set and changes nothing. A cancelled evening counts nobody.
 */
export async function runDeadline(ctx: ClubContext, eveningId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const e = await trx.selectFrom('evenings').selectAll().where('id', '=', eveningId).executeTakeFirst();
    if (!e) return;
    const locked = ctx.kind === 'postgres' ? await lockEvening(ctx, trx, eveningId) : e;
    if (locked.closed_at !== null) return;
    const at = ctx.now();
    if (locked.cancelled_at === null) {
      const open = await trx.selectFrom('invitations').select(['id', 'user_id']).where('evening_id', '=', eveningId)
        .where('answer', 'is', null).where('unanswered', '=', 0).execute();
      for (const inv of open) {
        await trx.updateTable('invitations').set({ unanswered: 1 }).where('id', '=', inv.id).execute();
        await recountUnanswered(trx, e.club_id, inv.user_id, at);
      }
    }
    await trx.updateTable('evenings').set({ closed_at: at }).where('id', '=', eveningId).execute();
  });
}
