import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_LIMITS } from '../../src/room/roomLimits.js';
import { TARGETS } from '../storageTargets.js';
import { anonymous, signIn, startClub } from './clubServer.js';
import { MINUTE, seedEvening, STARTS_AT } from './door-world.js';

describe.each(TARGETS.map((make) => [make().name, make] as const))('the door over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_signed_in_host_checks_in_draws_the_tables_and_enters_a_protocol_others_are_refused', async () => {
    const h = await startClub(target, { now: STARTS_AT + 30 * MINUTE });
    try {
      const host = await signIn(h, 'host@club.test');
      const member = await signIn(h, 'member@club.test');
      const w = await seedEvening(h.club.context.db, STARTS_AT - 60 * MINUTE, { hostUserId: host.user!.id });
      await h.club.context.db.insertInto('memberships').values({
        club_id: w.clubId, user_id: member.user!.id, role: 'member', nickname: 'Простой', share_name: 0, share_email: 0, share_phone: 0,
        on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: STARTS_AT,
      }).execute();
      const url = (what: string) => `/api/evenings/${w.eveningId}/${what}`;
      // Signed out: 401; a plain member: 403; nothing written.
      expect((await anonymous(h).post(url('checkin'), { userId: w.ids['Аня'] })).json()).toMatchObject({ error: { code: 'sign-in-required' } });
      const forbidden = await member.post(url('checkin'), { userId: w.ids['Аня'] });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.code).toBe('forbidden');
      // A body that is not the contract's: its field named.
      const bad = await host.post(url('checkin'), { userId: w.ids['Аня'], arrivedAt: 'soon' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'bad-request', path: 'arrivedAt' });
      expect(await h.club.context.db.selectFrom('attendance').selectAll().execute()).toEqual([]);

      const late = await host.post(url('checkin'), { userId: w.ids['Аня'] });
      expect(late.statusCode).toBe(200);
      expect(late.json()).toMatchObject({ attendance: { nickname: 'Аня', arrivedAt: STARTS_AT + 30 * MINUTE, late: true }, penalty: { rule: 'late', points: -5 } });
      for (const n of ['Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора']) {
        expect((await host.post(url('checkin'), { userId: w.ids[n], arrivedAt: STARTS_AT })).statusCode).toBe(200);
      }
      const notInvited = await host.post(url('checkin'), { userId: member.user!.id });
      expect(notInvited.statusCode).toBe(409);
      expect(notInvited.json().error).toMatchObject({ code: 'not-invited', params: { nickname: 'Простой' } });

      const tables = await host.post(url('tables'), { tables: 1, seed: 42 });
      expect(tables.statusCode).toBe(201);
      const t = tables.json().tables[0];
      expect(t).toMatchObject({ tableNo: 1, seatSeed: 42 });
      expect(typeof t.hostKey).toBe('string');
      expect(t.seats).toHaveLength(7);
      const lobby = await h.app.inject({ method: 'GET', url: `/api/rooms/${t.roomCode}` });
      expect(lobby.statusCode).toBe(200);

      const unknown = await host.post(url('games'), { protocol: { format: 'mafia-protocol/1', preset: 'short', seats: ['civilian', 'civilian', 'mafia'], names: ['Аня', 'Борис', 'Кто-то'], steps: [] } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toMatchObject({ code: 'unknown-member', path: 'names[2]', params: { name: 'Кто-то' } });
      const paper = await host.post(url('games'), { protocol: { format: 'mafia-protocol/1', preset: 'short', seats: ['civilian', 'civilian', 'mafia'], names: ['Аня', 'Борис', 'Вера'], steps: [] } });
      expect(paper.statusCode).toBe(201);
      expect(paper.json().game).toMatchObject({ protocol: true, winner: null, seats: [{ seat: 1, nickname: 'Аня' }, { seat: 2, nickname: 'Борис' }, { seat: 3, nickname: 'Вера' }] });

      const out = await host.post(url('checkout'), { userId: w.ids['Вера'] });
      expect(out.statusCode).toBe(200);
      // The paper game counts: 1 of 3 played.
      expect(out.json()).toMatchObject({ attendance: { gamesPlayed: 1, unplayed: 2 }, penalty: { rule: 'left-early', points: -6 } });
    } finally {
      await h.close();
    }
  });

  it('the_rooms_of_the_tables_count_against_the_hosts_own_address', async () => {
    // One room an hour per address: the host opened one himself, so the evening's table is refused.
    const h = await startClub(target, { now: STARTS_AT + 30 * MINUTE, build: { roomLimits: { ...DEFAULT_ROOM_LIMITS, perAddressPerHour: 1 } } });
    try {
      const host = await signIn(h, 'host@club.test');
      const w = await seedEvening(h.club.context.db, STARTS_AT - 60 * MINUTE, { hostUserId: host.user!.id });
      for (const n of ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора']) {
        expect((await host.post(`/api/evenings/${w.eveningId}/checkin`, { userId: w.ids[n], arrivedAt: STARTS_AT })).statusCode).toBe(200);
      }
      expect((await host.post('/api/rooms', { preset: 'classic', mode: 'human', seats: 7 })).statusCode).toBe(201);
      const refused = await host.post(`/api/evenings/${w.eveningId}/tables`, { tables: 1, seed: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'room-refused', params: { table: 1, reason: 'too-many-rooms' } });
      expect(await h.club.context.db.selectFrom('evening_tables').selectAll().execute()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
