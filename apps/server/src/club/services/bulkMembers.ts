import { parseMemberList } from '@mafia/club';
import { randomUUID } from 'node:crypto';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import { DbJobQueue } from '../jobs.js';
import type { ClubContext } from '../ports.js';
import { createJoinInvite, JOIN_JOB, PLACEHOLDER_DOMAIN } from './joinInvites.js';
import { nicknameColumns, refuseTakenNickname, withNickname } from './nicknames.js';
import { parseInput } from './validate.js';
import type { BulkResult } from '@mafia/protocol';
import { BulkMembersSchema } from '@mafia/protocol';

/** At most this many members in one list (a club's roster; the body limit is set on the route). */
export const BULK_MAX_LINES = 300;
export const BULK_BODY_BYTES = 128 * 1024;

/**
 * POST /api/clubs/:clubId/members/bulk (admin, issue 24 point 6): previews a pasted list or CSV
 * (`confirm: false`), or adds it (`confirm: true`) all or nothing: a list with any line in error is
 * refused (409 `member-list-invalid`, the lines in `params`) and nothing is written. A line with an
 * e-mail is an invitation to join, as `addMember` (its mail job and limits); a line without is a
 * nickname-only member. Names and phones are shown in the preview, not written (issue 23 point 9:
 * a person fills in her own account).
 */
export async function bulkAddMembers(ctx: ClubContext, actor: string, clubId: string, body: unknown): Promise<BulkResult> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const b = parseInput(BulkMembersSchema, body);
  const taken = (await ctx.db.selectFrom('memberships').select('nickname').where('club_id', '=', clubId).execute()).map((m) => m.nickname);
  const list = parseMemberList(b.text, taken);
  if (list.rows.length === 0) clubRefuse('bad-request', 'text: the list has no members', 400, { path: 'text' });
  if (list.rows.length > BULK_MAX_LINES) clubRefuse('bad-request', `text: more than ${BULK_MAX_LINES} members`, 400, { path: 'text', params: { max: BULK_MAX_LINES } });
  const bad = list.rows.filter((r) => r.errors.length > 0);
  const result = { separator: list.separator, rows: list.rows, ready: list.rows.length - bad.length };
  if (!b.confirm) return { ...result, added: 0 };
  if (bad.length > 0) clubRefuse('member-list-invalid', `${bad.length} line(s) of the list have errors`, 409, { path: 'text', params: { count: bad.length, lines: bad.map((r) => r.line).join(', ') } });
  const at = ctx.now();
  let current = '';
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const jobs = new DbJobQueue(trx, ctx.now, ctx.log);
      for (const r of list.rows) {
        current = r.nickname;
        await refuseTakenNickname(trx, clubId, r.nickname);
        const id = r.email !== '' ? await createJoinInvite(trx, clubId, r.email, b.locale, at) : randomUUID();
        if (r.email === '') await trx.insertInto('users').values({ id, email: `${id}${PLACEHOLDER_DOMAIN}`, name: null, phone: null, password_hash: null, locale: b.locale, created_at: at, deleted_at: null }).execute();
        await trx.insertInto('memberships').values({
          club_id: clubId, user_id: id, role: 'member', ...nicknameColumns(r.nickname), share_name: 0, share_email: 0, share_phone: 0,
          on_list: 0, unanswered_streak: 0, off_list_at: null, joined_at: at,
        }).execute();
        if (r.email !== '') await jobs.enqueue(JOIN_JOB, { clubId, userId: id });
      }
    });
  } catch (e) {
    // A nickname taken by a concurrent add: the database's constraint, as one add meets it.
    await withNickname(current, () => Promise.reject(e));
  }
  return { ...result, added: list.rows.length };
}
