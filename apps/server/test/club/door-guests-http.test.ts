import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { signIn, startClub } from './clubServer.js';
import { MINUTE, seedEvening, STARTS_AT } from './door-world.js';

/** Issue 24 point 4 over HTTP: the guest contract (docs/club-api.md) as the web app and the e2e call it. */
describe.each(TARGETS.map((make) => [make().name, make] as const))('guests at the door over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_host_adds_a_guest_who_is_drawn_listed_and_checked_out_a_members_name_is_refused_with_its_code', async () => {
    const h = await startClub(target, { now: STARTS_AT + 30 * MINUTE });
    try {
      const host = await signIn(h, 'host@club.test');
      const w = await seedEvening(h.club.context.db, STARTS_AT - 60 * MINUTE, { hostUserId: host.user!.id });
      const url = (what: string) => `/api/evenings/${w.eveningId}/${what}`;
      for (const n of ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор']) expect((await host.post(url('checkin'), { userId: w.ids[n], arrivedAt: STARTS_AT })).statusCode).toBe(200);

      const added = await host.post(url('guests'), { name: 'Гость' });
      expect(added.statusCode).toBe(201);
      const { guest } = added.json();
      expect(guest).toEqual({ guestId: expect.stringMatching(/^g:/), nickname: 'Гость', arrivedAt: STARTS_AT + 30 * MINUTE });
      const member = await host.post(url('guests'), { name: 'ЖОРА' });
      expect(member.statusCode).toBe(409);
      expect(member.json().error).toMatchObject({ code: 'guest-is-member', path: 'name', params: { name: 'ЖОРА' } });
      const taken = await host.post(url('guests'), { name: 'гость' });
      expect(taken.json().error).toMatchObject({ code: 'guest-name-taken', path: 'name' });
      const long = await host.post(url('guests'), { name: 'x'.repeat(300) });
      expect([long.statusCode, long.json().error.code]).toEqual([400, 'bad-guest-name']);
      const extra = await host.post(url('guests'), { name: 'Друг', userId: 'x' });
      expect(extra.json().error.code).toBe('bad-request');

      const tables = await host.post(url('tables'), { tables: 1, seed: 42 });
      expect(tables.statusCode).toBe(201);
      expect(tables.json().tables[0].seats).toContainEqual({ seat: expect.any(Number), userId: null, guestId: guest.guestId, nickname: 'Гость' });
      const page = (await host.get(`/api/evenings/${w.eveningId}`)).json();
      expect(page.attendance).toContainEqual(expect.objectContaining({ guest: true, userId: guest.guestId, nickname: 'Гость' }));
      expect(page.tables[0].seats).toContainEqual(expect.objectContaining({ userId: null, guestId: guest.guestId, nickname: 'Гость' }));
      expect(page.tables[0].seats.filter((s: { userId: string | null }) => s.userId !== null).every((s: { guestId: unknown }) => s.guestId === null)).toBe(true);

      const out = await host.post(url('checkout'), { userId: guest.guestId });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ attendance: expect.objectContaining({ userId: guest.guestId, guest: true, leftAt: STARTS_AT + 30 * MINUTE }) });
    } finally {
      await h.close();
    }
  });
});
