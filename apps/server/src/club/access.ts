import type { ClubRole } from '@mafia/protocol';
import { clubRefuse } from './errors.js';
import type { ClubDb, MembershipsTable } from './schema.js';

const RANK: Record<ClubRole, number> = { member: 0, host: 1, admin: 2 };

/**
 * The signed-in user's membership of `clubId`, at least `least` (admin > host > member); a
 * refusal otherwise (`not-a-member` 404 so a club's existence is not told to strangers,
 * `forbidden` 403 for a member without the role).
 */
export async function membershipOf(db: ClubDb, userId: string, clubId: string, least: ClubRole = 'member'): Promise<MembershipsTable> {
  const m = await db.selectFrom('memberships').selectAll().where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  if (!m) return clubRefuse('not-a-member', 'there is no such club, or you are not its member', 404);
  if (RANK[m.role] < RANK[least]) return clubRefuse('forbidden', `only the club's ${least === 'admin' ? 'admins' : 'hosts and admins'} may do that`, 403, { params: { role: least } });
  return m;
}

export const atLeast = (role: ClubRole, least: ClubRole): boolean => RANK[role] >= RANK[least];
