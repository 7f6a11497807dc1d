import { randomUUID } from 'node:crypto';
import { ledgerTotal, type Penalty } from '@mafia/club';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, numOrNull, type ClubDb, type LedgerTable } from '../schema.js';
import { parseInput } from './validate.js';
import { audit } from '../corrections/audit.js';
import type { LedgerEntry } from '@mafia/protocol';
import { CancelEntrySchema } from '@mafia/protocol';
import { LEDGER_PARAMS, parseStoredOr } from '../stored.js';

type Row = LedgerTable & { nickname: string | null };

export const toLedgerEntry = (r: Row): LedgerEntry => ({
  id: r.id, userId: r.user_id, nickname: r.nickname, eveningId: r.evening_id, rule: r.rule, points: Number(r.points), reason: r.reason, params: parseParams(r.params),
  createdAt: num(r.created_at), createdBy: r.created_by,
  ...(r.cancelled_at !== null ? { cancelledAt: num(r.cancelled_at), cancelledBy: r.cancelled_by ?? undefined, cancelNote: r.cancel_note ?? undefined } : {}),
});

function parseParams(text: string): Record<string, number | string> {
  return parseStoredOr(LEDGER_PARAMS, text, {});
}

/** Ledger rows with the member's nickname in that club (null once he left it or deleted his account). */
export function ledgerQuery(db: ClubDb) {
  return db.selectFrom('ledger')
    .leftJoin('memberships', (j) => j.onRef('memberships.club_id', '=', 'ledger.club_id').onRef('memberships.user_id', '=', 'ledger.user_id'))
    .selectAll('ledger').select('memberships.nickname');
}

export const pointsOf = (entries: readonly LedgerEntry[]): number =>
  ledgerTotal(entries.map((e) => ({ points: e.points, cancelledAt: e.cancelledAt ?? null })));

/**
 * Writes a seed-003 penalty once: the dedupe key (`<rule>:<eveningId>:<userId>`) is unique, so a
 * second charge for the same rule, member and evening is ignored. Returns the entry written, or
 * null when it was there already.
 */
export async function chargePenalty(db: ClubDb, p: { clubId: string; userId: string; eveningId: string; penalty: Penalty; at: number; by: string | null }): Promise<LedgerEntry | null> {
  const id = randomUUID();
  const dedupeKey = `${p.penalty.rule}:${p.eveningId}:${p.userId}`;
  await db.insertInto('ledger').values({
    id, club_id: p.clubId, user_id: p.userId, evening_id: p.eveningId, rule: p.penalty.rule, points: p.penalty.points, reason: p.penalty.reason, params: JSON.stringify(p.penalty.params),
    dedupe_key: dedupeKey, created_at: p.at, created_by: p.by, cancelled_at: null, cancelled_by: null, cancel_note: null,
  }).onConflict((oc) => oc.column('dedupe_key').doNothing()).execute();
  const row = await ledgerQuery(db).where('ledger.id', '=', id).executeTakeFirst();
  return row ? toLedgerEntry(row) : null;
}

/** GET /api/clubs/:clubId/ledger: every entry of the club, newest first (cancelled ones too, marked). */
export async function clubLedger(ctx: ClubContext, actor: string, clubId: string): Promise<{ entries: LedgerEntry[] }> {
  await membershipOf(ctx.db, actor, clubId);
  const rows = await ledgerQuery(ctx.db).where('ledger.club_id', '=', clubId).orderBy('ledger.created_at', 'desc').orderBy('ledger.id').execute();
  return { entries: rows.map(toLedgerEntry) };
}

/**
 * POST /api/ledger/:entryId/cancel: an admin of the entry's club cancels it with a note. The
 * entry stays in the ledger (who cancelled, when, why) and counts nothing from then on.
 */
export async function cancelEntry(ctx: ClubContext, actor: string, entryId: string, body: unknown): Promise<{ entry: LedgerEntry }> {
  const { note } = parseInput(CancelEntrySchema, body);
  const found = await ctx.db.selectFrom('ledger').select(['id', 'club_id']).where('id', '=', entryId).executeTakeFirst();
  if (!found) return clubRefuse('entry-unknown', `there is no ledger entry ${entryId}`, 404);
  await membershipOf(ctx.db, actor, found.club_id, 'admin');
  const at = ctx.now();
  // Conditional on not cancelled yet: two admins cancelling at once cannot both write their note.
  const r = await ctx.db.transaction().execute(async (trx) => {
    const done = await trx.updateTable('ledger').set({ cancelled_at: at, cancelled_by: actor, cancel_note: note })
      .where('id', '=', entryId).where('cancelled_at', 'is', null).executeTakeFirst();
    // Issue 24: every correction is on the record.
    if (Number(done.numUpdatedRows) === 1) await audit(trx, { clubId: found.club_id, at, actor, action: 'ledger-cancelled', target: 'ledger', targetId: entryId, reason: note });
    return done;
  });
  const row = (await ledgerQuery(ctx.db).where('ledger.id', '=', entryId).executeTakeFirst())!;
  if (Number(r.numUpdatedRows) !== 1) {
    return clubRefuse('already-cancelled', `this entry was cancelled already (${new Date(numOrNull(row.cancelled_at) ?? 0).toISOString()})`, 409, { params: { cancelledAt: numOrNull(row.cancelled_at) ?? 0 } });
  }
  return { entry: toLedgerEntry(row) };
}
