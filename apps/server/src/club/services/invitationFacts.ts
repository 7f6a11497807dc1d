import { num, type ClubDb } from '../schema.js';
import type { InviteFacts } from './messages.js';

/** What a letter about one invitation says: the member, his club, the evening, his answer. */
export type InvitationFacts = InviteFacts & { readonly phone: string | null; readonly invitation: { readonly answer: string | null }; readonly cancelled: boolean };

/**
 * The facts of one invitation for its letters (the invitation, the reminder, the notice of a
 * cancelled or moved evening); null when it is gone (the account was deleted).
 */
export async function invitationFacts(db: ClubDb, invitationId: string): Promise<InvitationFacts | null> {
  const r = await db.selectFrom('invitations')
    .innerJoin('evenings', 'evenings.id', 'invitations.evening_id')
    .innerJoin('clubs', 'clubs.id', 'evenings.club_id')
    .innerJoin('users', 'users.id', 'invitations.user_id')
    .innerJoin('memberships', (j) => j.onRef('memberships.club_id', '=', 'evenings.club_id').onRef('memberships.user_id', '=', 'invitations.user_id'))
    .select(['invitations.answer', 'evenings.starts_at', 'evenings.answer_by', 'evenings.place', 'evenings.cancelled_at', 'clubs.name as club', 'users.email', 'users.phone', 'users.locale', 'memberships.nickname'])
    .where('invitations.id', '=', invitationId).executeTakeFirst();
  if (!r) return null;
  return {
    to: r.email, phone: r.phone, locale: r.locale, club: r.club, nickname: r.nickname, startsAt: num(r.starts_at), answerBy: num(r.answer_by), place: r.place,
    invitation: { answer: r.answer }, cancelled: r.cancelled_at !== null,
  };
}
