import type { Penalty } from '@mafia/club';
import { randomUUID } from 'node:crypto';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, numOrNull, type ClubDb, type EveningsTable, type LedgerTable } from '../schema.js';

/** An evening as the door uses it (bigints read as numbers). */
export interface DoorEvening {
  readonly id: string;
  readonly clubId: string;
  readonly startsAt: number;
  readonly preset: string;
  readonly gamesPlanned: number;
  readonly cancelledAt: number | null;
}

const eveningOf = (e: EveningsTable): DoorEvening => ({
  id: e.id, clubId: e.club_id, startsAt: num(e.starts_at), preset: e.preset, gamesPlanned: e.games_planned, cancelledAt: numOrNull(e.cancelled_at),
});

/** The evening, or `evening-unknown` (404). */
export async function eveningById(db: ClubDb, eveningId: string): Promise<DoorEvening> {
  const e = await db.selectFrom('evenings').selectAll().where('id', '=', eveningId).executeTakeFirst();
  if (!e) return clubRefuse('evening-unknown', `there is no evening ${eveningId}`, 404, { path: 'eveningId' });
  return eveningOf(e);
}

/**
 * The evening, when `actorUserId` is a host or an admin of its club (the door is theirs): a
 * stranger gets `not-a-member` (404, the same as an unknown club), a plain member `forbidden`.
 */
export async function eveningForHost(ctx: ClubContext, actorUserId: string, eveningId: string, open = true): Promise<DoorEvening> {
  const e = await eveningById(ctx.db, eveningId);
  await membershipOf(ctx.db, actorUserId, e.clubId, 'host');
  if (open && e.cancelledAt !== null) clubRefuse('evening-cancelled', 'this evening was cancelled', 409);
  return e;
}

/** The nickname of each member of the club, by user id. */
export async function nicknames(db: ClubDb, clubId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('memberships').select(['user_id', 'nickname']).where('club_id', '=', clubId).execute();
  return new Map(rows.map((r) => [r.user_id, r.nickname]));
}

/** A ledger entry as the API shows it (docs/club-api.md `LedgerEntry`). */
export interface LedgerEntryView {
  readonly id: string; readonly userId: string; readonly nickname: string; readonly eveningId: string | null;
  readonly rule: string; readonly points: number; readonly reason: string; readonly createdAt: number; readonly createdBy: string | null;
  readonly cancelledAt?: number; readonly cancelledBy?: string; readonly cancelNote?: string;
}

export const ledgerView = (r: LedgerTable, nickname: string): LedgerEntryView => ({
  id: r.id, userId: r.user_id, nickname, eveningId: r.evening_id, rule: r.rule, points: r.points, reason: r.reason,
  createdAt: num(r.created_at), createdBy: r.created_by,
  ...(r.cancelled_at !== null ? { cancelledAt: num(r.cancelled_at) } : {}),
  ...(r.cancelled_by !== null ? { cancelledBy: r.cancelled_by } : {}),
  ...(r.cancel_note !== null ? { cancelNote: r.cancel_note } : {}),
});

/**
 * Writes a penalty to the ledger once per rule, member and evening (`<rule>:<evening>:<user>`):
 * the row, or null when an entry with that key exists already (it is not charged twice).
 */
export async function chargeOnce(db: ClubDb, e: DoorEvening, userId: string, p: Penalty, by: string, at: number): Promise<LedgerTable | null> {
  const dedupe = `${p.rule}:${e.id}:${userId}`;
  const had = await db.selectFrom('ledger').select('id').where('dedupe_key', '=', dedupe).executeTakeFirst();
  if (had) return null;
  const row: LedgerTable = {
    id: randomUUID(), club_id: e.clubId, user_id: userId, evening_id: e.id, rule: p.rule, points: p.points, reason: p.reason,
    dedupe_key: dedupe, created_at: at, created_by: by, cancelled_at: null, cancelled_by: null, cancel_note: null,
  };
  await db.insertInto('ledger').values(row).execute();
  return row;
}
