import { afterAll, describe, expect, it } from 'vitest';
import { checkIn, doorView, drawTables } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { signIn, startClub } from './clubServer.js';
import { MINUTE, seedEvening, STARTS_AT } from './door-world.js';

const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир', 'Лев', 'Мила', 'Нина', 'Оля'];

/** Issue 24 point 1: each table has its own host, on any device, and a handover is on the record. */
describe.each(TARGETS.map((make) => [make().name, make] as const))('the tables\' hosts (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('the_assigned_host_opens_his_table_on_any_device_others_get_403_and_a_handover_takes_the_old_console_off', async () => {
    const h = await startClub(target, { now: STARTS_AT + 30 * MINUTE });
    try {
      const admin = await signIn(h, 'admin@club.test');
      const petya = await signIn(h, 'petya@club.test');
      const petyaPhone = await signIn(h, 'petya@club.test');
      const kolya = await signIn(h, 'kolya@club.test');
      const plain = await signIn(h, 'plain@club.test');
      const ctx = h.club.context;
      const w = await seedEvening(ctx.db, STARTS_AT - 60 * MINUTE, { hostUserId: admin.user!.id, members: TEN });
      await ctx.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', admin.user!.id).execute();
      const join = async (userId: string, nickname: string, role: 'host' | 'member') => ctx.db.insertInto('memberships').values({
        club_id: w.clubId, user_id: userId, role, nickname, share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: STARTS_AT,
      }).execute();
      await join(petya.user!.id, 'Петя', 'member');
      await join(kolya.user!.id, 'Коля', 'host');
      await join(plain.user!.id, 'Простой', 'member');
      for (const n of TEN) await checkIn(ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
      const drawn = await drawTables(ctx, w.host, w.eveningId, { tables: 2, seed: 5 });
      const url = (no: number, what: string) => `/api/evenings/${w.eveningId}/tables/${no}/${what}`;

      // Before anyone is assigned: a plain member is refused with words, and is told nothing of the key.
      const refused = await plain.post(url(2, 'console'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'not-table-host', params: { table: 2 } });
      expect(refused.body).not.toContain(drawn.tables[1]!.hostKey);
      // Only an admin assigns: a club host may not.
      expect((await kolya.post(url(2, 'host'), { userId: kolya.user!.id })).statusCode).toBe(403);
      // The admin assigns Петя (a plain member) to table 2.
      const assigned = await admin.post(url(2, 'host'), { userId: petya.user!.id });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json()).toEqual({ tableNo: 2, host: { userId: petya.user!.id, nickname: 'Петя' } });
      // The key the draw gave the admin's browser opens table 2 no more.
      const roomCode = drawn.tables[1]!.roomCode;
      await expect(hello(h, roomCode, drawn.tables[1]!.hostKey)).resolves.toMatchObject({ type: 'error', code: 'bad-key' });
      // Петя opens the console on his laptop and on his phone: the same key, and it opens the room as its host.
      const a = (await petya.post(url(2, 'console'))).json();
      const b = (await petyaPhone.post(url(2, 'console'))).json();
      expect(a).toMatchObject({ tableNo: 2, roomCode });
      expect(b.hostKey).toBe(a.hostKey);
      const laptop = new (await import('../fakeConn.js')).FakeConn();
      await h.club.context.rooms.hello(laptop, roomCode, { as: 'host', key: a.hostKey }, undefined);
      expect(laptop.last('welcome')?.you).toEqual({ as: 'host' });
      // Коля, a club host, may not take a table that has its host: 403 naming him.
      const taken = await kolya.post(url(2, 'console'));
      expect(taken.statusCode).toBe(403);
      expect(taken.json().error).toMatchObject({ code: 'not-table-host', params: { table: 2, host: 'Петя' } });
      expect(taken.json().error.message).toMatch(/hosted by Петя/);
      // Коля takes table 1, which has no host yet: a club host may.
      expect((await kolya.post(url(1, 'console'))).statusCode).toBe(200);

      // Mid-evening the admin hands table 2 to Коля: Петя's console is told in words and loses control.
      expect((await admin.post(url(2, 'host'), { userId: kolya.user!.id })).statusCode).toBe(200);
      expect(laptop.last('error')).toMatchObject({ code: 'host-handed-over' });
      expect(laptop.last('error')!.message).toMatch(/handed to another host/);
      // It has left the room: it can start nothing.
      await expect(h.club.context.rooms.start(laptop, 'x1')).rejects.toThrow(/hello or claim first/);
      expect(await h.club.context.rooms.gamesOf((await h.storage.roomByCode(roomCode))!.id)).toEqual([]);
      await expect(hello(h, roomCode, a.hostKey)).resolves.toMatchObject({ type: 'error', code: 'bad-key' });
      expect((await petya.post(url(2, 'console'))).statusCode).toBe(403);
      const k = (await kolya.post(url(2, 'console'))).json();
      await expect(hello(h, roomCode, k.hostKey)).resolves.toMatchObject({ type: 'welcome' });

      // On the record: who gave which table to whom, and when; the page shows each table's host and no key.
      const page = await doorView(ctx, w.eveningId);
      expect(page.tables.map((t) => t.host?.nickname)).toEqual(['Коля', 'Коля']);
      expect(page.hostLog.map((l) => [l.tableNo, l.from?.nickname ?? null, l.to.nickname, l.by.nickname])).toEqual([
        [2, null, 'Петя', 'Ведущий'], [1, null, 'Коля', 'Коля'], [2, 'Петя', 'Коля', 'Ведущий'],
      ]);
      const shown = JSON.stringify((await plain.get(`/api/evenings/${w.eveningId}`)).json());
      for (const key of [a.hostKey, k.hostKey, drawn.tables[0]!.hostKey]) expect(shown).not.toContain(key);
      // A member of no club, an unknown table: refused, nothing changes.
      expect((await admin.post(url(9, 'host'), { userId: kolya.user!.id })).json().error).toMatchObject({ code: 'table-unknown' });
      expect((await admin.post(url(1, 'host'), { userId: 'nobody' })).json().error).toMatchObject({ code: 'not-a-member' });
      expect((await ctx.db.selectFrom('table_host_log').selectAll().execute()).length).toBe(3);
    } finally {
      await h.close();
    }
  });
});

/** What a host connection with `key` is answered. */
async function hello(h: Awaited<ReturnType<typeof startClub>>, code: string, key: string) {
  const conn = new (await import('../fakeConn.js')).FakeConn();
  await h.club.context.rooms.hello(conn, code, { as: 'host', key }, undefined).catch(() => {});
  return conn.got.at(-1);
}
