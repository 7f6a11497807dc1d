import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { membershipOf } from '../access.js';
import type { ClubContext } from '../ports.js';
import { num, type ClubDb } from '../schema.js';
import { parseInput } from '../services/validate.js';
import type { AuditAction, AuditDetails, AuditEntry, AuditTarget } from '@mafia/protocol';
import { parseStored } from '../../storage/versioned.js';
import { AUDIT_DETAILS } from '../stored.js';

/** The reason every correction carries: why it was made, in the admin's words. */

/** Writes one entry of the club's audit log, in the correction's own transaction (no correction without its entry). */
export async function audit(db: ClubDb, e: { clubId: string; at: number; actor: string; action: AuditAction; target: AuditTarget; targetId: string; reason: string; details?: AuditDetails }): Promise<void> {
  // Two corrections in the same millisecond (a cancel, then its restore) must still list in the
  // order they were made: an entry is never earlier than, nor at the same time as, the club's last.
  const last = await db.selectFrom('audit_log').select((eb) => eb.fn.max('at').as('at')).where('club_id', '=', e.clubId).executeTakeFirst();
  const at = last?.at == null ? e.at : Math.max(e.at, num(last.at) + 1);
  await db.insertInto('audit_log').values({
    id: randomUUID(), club_id: e.clubId, at, actor_id: e.actor, action: e.action, target_kind: e.target, target_id: e.targetId,
    reason: e.reason, details: JSON.stringify(e.details ?? {}),
  }).execute();
}

const Query = z.object({ limit: z.coerce.number().int().min(1).max(1000).optional() });

/** GET /api/clubs/:clubId/audit (admin): the club's corrections, newest first. */
export async function auditLog(ctx: ClubContext, actor: string, clubId: string, query: unknown): Promise<{ entries: AuditEntry[] }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const { limit } = parseInput(Query, query ?? {});
  const rows = await ctx.db.selectFrom('audit_log')
    .leftJoin('memberships', (j) => j.onRef('memberships.club_id', '=', 'audit_log.club_id').onRef('memberships.user_id', '=', 'audit_log.actor_id'))
    .selectAll('audit_log').select('memberships.nickname')
    .where('audit_log.club_id', '=', clubId).orderBy('audit_log.at', 'desc').orderBy('audit_log.id').limit(limit ?? 500).execute();
  return {
    entries: rows.map((r) => ({
      id: r.id, at: num(r.at), actor: { userId: r.actor_id, nickname: r.nickname }, action: r.action as AuditAction,
      target: { kind: r.target_kind as AuditTarget, id: r.target_id }, reason: r.reason, details: parseStored(AUDIT_DETAILS, r.details),
    })),
  };
}
