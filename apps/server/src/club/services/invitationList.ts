import { offTheList, unansweredRun, type InvitationOutcome } from '@mafia/club';
import { num, type ClubDb } from '../schema.js';

/**
 * Counts a member's run of unanswered invitations again from his invitations in the club, in
 * the order of their answer deadlines (packages/club `unansweredRun`), and takes him off the
 * invitation list at the third in a row. Invitations of cancelled evenings, and those that closed
 * before an admin put him back on the list, do not count. Called when an invitation closes and
 * when he answers one, inside their transactions.
 */
export async function recountUnanswered(db: ClubDb, clubId: string, userId: string, at: number): Promise<void> {
  const m = await db.selectFrom('memberships').select(['on_list', 'list_since']).where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  if (!m) return;
  const since = m.list_since === null || m.list_since === undefined ? null : num(m.list_since);
  const rows = await db.selectFrom('invitations').innerJoin('evenings', 'evenings.id', 'invitations.evening_id')
    .select(['invitations.answer', 'invitations.unanswered', 'evenings.answer_by'])
    .where('evenings.club_id', '=', clubId).where('invitations.user_id', '=', userId).where('evenings.cancelled_at', 'is', null)
    .orderBy('evenings.answer_by').orderBy('invitations.created_at').execute();
  const history: InvitationOutcome[] = rows
    .filter((r) => since === null || num(r.answer_by) > since)
    .map((r) => (r.answer !== null ? 'answered' : Number(r.unanswered) === 1 ? 'unanswered' : 'open'));
  const run = unansweredRun(history);
  await db.updateTable('memberships').set({
    unanswered_streak: run,
    ...(offTheList(run) && Number(m.on_list) === 1 ? { on_list: 0, off_list_at: at } : {}),
  }).where('club_id', '=', clubId).where('user_id', '=', userId).execute();
}
