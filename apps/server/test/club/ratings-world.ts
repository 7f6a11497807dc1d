import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ClubDb } from '../../src/club/schema.js';
import { importProtocol } from '../../src/club/services/door.js';
import { signIn, type ClubHarness } from './clubServer.js';
import { seedEvening, STARTS_AT } from './door-world.js';

export const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];
export const MEMBER_NICK = 'Игрок, "Ю"';

export function fixture(name: string): Record<string, unknown> {
  const url = new URL(`../../../../packages/engine/test/fixtures/protocols/${name}.json`, import.meta.url);
  return { ...(JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>), names: [...TEN] };
}

/**
 * A club whose admin signed in, a member (his nickname holds a comma and quotes) and a stranger,
 * ten more members and an evening (weight 1) with two paper games at the same seats: the town
 * wins the first, the mafia (seats 2, 5, 8) the second. Зоя has a −5 in the ledger, Борис a
 * cancelled −10.
 */
export async function world(h: ClubHarness) {
  const admin = await signIn(h, 'admin@club.test');
  const member = await signIn(h, 'member@club.test');
  const stranger = await signIn(h, 'stranger@club.test');
  const db = h.storage.db as ClubDb;
  const { clubId, ids, eveningId } = await seedEvening(db, h.clock.now(), { members: TEN, hostUserId: admin.user!.id });
  await db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', admin.user!.id).execute();
  await db.insertInto('memberships').values({ club_id: clubId, user_id: member.user!.id, role: 'member', nickname: MEMBER_NICK, share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: 0 }).execute();
  for (const f of ['classic-town-wins', 'classic-mafia-wins']) await importProtocol(h.club.context, admin.user!.id, eveningId, { protocol: fixture(f) });
  const entry = (user: string, points: number, cancelled: boolean) => ({
    id: randomUUID(), club_id: clubId, user_id: user, evening_id: eveningId, rule: 'late', points, reason: 'late', params: '{}', dedupe_key: null,
    created_at: STARTS_AT + 1000, created_by: admin.user!.id, cancelled_at: cancelled ? STARTS_AT + 2000 : null, cancelled_by: null, cancel_note: null,
  });
  await db.insertInto('ledger').values([entry(ids['Зоя']!, -5, false), entry(ids['Борис']!, -10, true)]).execute();
  return { admin, member, stranger, clubId, ids, db, eveningId };
}
