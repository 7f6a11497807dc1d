import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ClubDb, LedgerTable } from '../../src/club/schema.js';
import { importProtocol } from '../../src/club/services/door.js';
import { signIn, type ClubHarness } from './clubServer.js';
import { seedEvening, STARTS_AT } from './door-world.js';
import { anyObject, jsonOf } from '../json.js';

/** Ten members' nicknames, seats 1 to 10 of the engine's classic fixtures (mafia on 2, 5 (the Don) and 8; the Commissar on 3). */
export const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];

/** An engine fixture protocol (packages/engine/test/fixtures/protocols), its names the members' nicknames given. */
export function protocol(name: string, names: readonly string[] = TEN): Record<string, unknown> {
  const url = new URL(`../../../../packages/engine/test/fixtures/protocols/${name}.json`, import.meta.url);
  return { ...jsonOf(anyObject, readFileSync(url, 'utf8')), names: [...names] };
}

/**
 * A club over the harness's server: its admin, a member (nicknamed `memberNickname`) and a stranger
 * signed in, the ten members of TEN and an evening at STARTS_AT (weight 1), rows written directly.
 */
export async function ratingsClub(h: ClubHarness, memberNickname: string) {
  const admin = await signIn(h, 'admin@club.test');
  const member = await signIn(h, 'member@club.test');
  const stranger = await signIn(h, 'stranger@club.test');
  const db = h.storage.db as ClubDb;
  const { clubId, ids, eveningId } = await seedEvening(db, h.clock.now(), { members: TEN, hostUserId: admin.user!.id });
  await db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', admin.user!.id).execute();
  // Games are entered into an evening that has started (issue 24): the clock reads its evening.
  h.clock.set(Math.max(h.clock.now(), STARTS_AT + 3 * 60 * 60_000));
  await db.insertInto('memberships').values({ club_id: clubId, user_id: member.user!.id, role: 'member', nickname: memberNickname, share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: 0 }).execute();
  return { admin, member, stranger, db, clubId, ids, eveningId };
}

/** A seed-003 lateness in the ledger, written directly (cancelled a second after it was made when asked). */
export function lateEntry(o: { clubId: string; userId: string; eveningId: string; points: number; at: number; by: string; cancelled: boolean; params?: string }): LedgerTable {
  return {
    id: randomUUID(), club_id: o.clubId, user_id: o.userId, evening_id: o.eveningId, rule: 'late', points: o.points, reason: 'late', params: o.params ?? '{}', dedupe_key: null,
    created_at: o.at, created_by: o.by, cancelled_at: o.cancelled ? o.at + 1000 : null, cancelled_by: null, cancel_note: null,
  };
}

export const MEMBER_NICK = 'Игрок, "Ю"';

/**
 * A club whose admin signed in, a member (his nickname holds a comma and quotes) and a stranger,
 * ten more members and an evening (weight 1) with two paper games at the same seats: the town
 * wins the first, the mafia (seats 2, 5, 8) the second. Зоя has a −5 in the ledger, Борис a
 * cancelled −10.
 */
export async function world(h: ClubHarness) {
  const w = await ratingsClub(h, MEMBER_NICK);
  for (const f of ['classic-town-wins', 'classic-mafia-wins']) await importProtocol(h.club.context, w.admin.user!.id, w.eveningId, { protocol: protocol(f) });
  const entry = (user: string, points: number, cancelled: boolean) =>
    lateEntry({ clubId: w.clubId, userId: user, eveningId: w.eveningId, points, at: STARTS_AT + 1000, by: w.admin.user!.id, cancelled });
  await w.db.insertInto('ledger').values([entry(w.ids['Зоя']!, -5, false), entry(w.ids['Борис']!, -10, true)]).execute();
  return w;
}
