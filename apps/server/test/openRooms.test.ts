import { createRoomSchema, OPEN_ROOMS_LIMIT } from '@mafia/protocol';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { RoomManager, type Created } from '../src/room/manager.js';
import { seatsTaken } from '../src/room/openRooms.js';
import { openStorage } from '../src/storage/open.js';
import type { Storage } from '../src/storage/types.js';
import { FakeConn } from './fakeConn.js';
import { controllerOf } from './fakeRooms.js';
import { Client, createRoom, startServer, tempDbUrl, TEST_ROOM_LIMITS, V } from './helpers.js';
import { TARGETS } from './storageTargets.js';

/**
 * Issue 26 point 5: the lobby of open games (GET /api/rooms/open). Public online rooms waiting for
 * players are listed with their seats taken — counted right whether the room is in memory or not —
 * and private rooms, started, closed, expired and full ones are not; nothing secret is in the list.
 */

const TTL = 3_600_000;
const limits = { ...TEST_ROOM_LIMITS, unstartedTtlMs: TTL };
const online = (more: Record<string, unknown> = {}) => createRoomSchema.parse({ preset: 'short', seats: 4, mode: 'online', ...more });

for (const make of TARGETS) {
  const target = make();
  describe(`the lobby of open games on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let now = Date.now();
    const managers: RoomManager[] = [];
    const managerOver = (storage: Storage) => {
      const m = new RoomManager(storage, pino({ level: 'silent' }), () => now, 60_000, undefined, { limits });
      managers.push(m);
      return m;
    };
    const fresh = async (): Promise<Storage> => {
      const s = await openStorage(await target.url());
      await s.migrate();
      return s;
    };
    const claim = (m: RoomManager, room: Created, seat: number) => m.claim(new FakeConn(), room.code, { seat, name: `P${seat}` });
    const listed = async (m: RoomManager) => Object.fromEntries((await m.openRooms()).map((r) => [r.code, r]));

    it('lists public online rooms only, with their seats taken, in memory or not', async () => {
      const storage = await fresh();
      try {
        const m = managerOver(storage);
        const ru = await m.create(online({ public: true, language: 'ru' }));
        now += 1000;
        const en = await m.create(online({ public: true, language: 'en', preset: 'classic', seats: 10 }));
        now += 1000;
        const unsaid = await m.create(online({ public: true }));
        await m.create(online({ language: 'ru' }));
        await m.create(online({ public: false }));
        await claim(m, ru, 1);
        await claim(m, ru, 3);
        await claim(m, en, 2);
        // A released seat is free again; a renamed one too (its replacement claims it anew).
        await claim(m, unsaid, 1);
        await claim(m, unsaid, 2);
        await m.release(await controllerOf(m, unsaid), 1, 'r1');
        await m.renameSeat(unsaid.code, 2, 'Замена');
        await claim(m, unsaid, 4);

        const inMemory = await m.openRooms();
        // Newest first; nothing but these fields.
        expect(inMemory.map((r) => r.code)).toEqual([unsaid.code, en.code, ru.code]);
        expect(inMemory[2]).toEqual({ code: ru.code, preset: 'short', seats: 4, taken: 2, language: 'ru', createdAt: now - 2000 });
        expect(inMemory[1]).toEqual({ code: en.code, preset: 'classic', seats: 10, taken: 1, language: 'en', createdAt: now - 1000 });
        expect(inMemory[0]).toEqual({ code: unsaid.code, preset: 'short', seats: 4, taken: 1, createdAt: now });

        // A restarted server has none of them in memory: the same list, folded from the logs, and nothing is loaded for it.
        const again = managerOver(storage);
        expect(await again.openRooms()).toEqual(inMemory);
        expect(again.roomCount).toBe(0);
      } finally {
        for (const x of managers.splice(0)) await x.close();
        await storage.close();
      }
    });

    it('drops started, closed, full and expired rooms, in memory or not', async () => {
      const storage = await fresh();
      try {
        const m = managerOver(storage);
        const started = await m.create(online({ public: true, seats: 3 }));
        const closed = await m.create(online({ public: true }));
        const full = await m.create(online({ public: true, seats: 3 }));
        const old = await m.create(online({ public: true }));
        now += TTL / 2;
        const waiting = await m.create(online({ public: true }));
        expect(Object.keys(await listed(m)).sort()).toEqual([started.code, closed.code, full.code, old.code, waiting.code].sort());

        for (const seat of [1, 2, 3]) await claim(m, started, seat);
        const admin = await controllerOf(m, started);
        await m.start(admin, 'go');
        expect(admin.last('update')?.ack).toBe('go');
        await m.closeRoom(await controllerOf(m, closed), 'bye');
        for (const seat of [1, 2, 3]) await claim(m, full, seat);
        // Past ROOM_UNSTARTED_TTL_HOURS: gone from the list before the sweep closes it.
        now += TTL / 2 + 1;
        expect(Object.keys(await listed(m))).toEqual([waiting.code]);
        expect((await listed(m))[waiting.code]?.taken).toBe(0);
        expect(Object.keys(await listed(managerOver(storage)))).toEqual([waiting.code]);
      } finally {
        for (const x of managers.splice(0)) await x.close();
        await storage.close();
      }
    });

    it('lists at most OPEN_ROOMS_LIMIT rooms, the newest; a room made before the column is private', async () => {
      const storage = await fresh();
      try {
        const m = managerOver(storage);
        const codes: string[] = [];
        for (let i = 0; i < OPEN_ROOMS_LIMIT + 3; i++) {
          now += 10;
          codes.push((await m.create(online({ public: true }))).code);
        }
        const list = await m.openRooms();
        expect(list).toHaveLength(OPEN_ROOMS_LIMIT);
        expect(list.map((r) => r.code)).toEqual(codes.slice(-OPEN_ROOMS_LIMIT).reverse());
        // A row written without the new columns (as every row before the migration): private, no language.
        await storage.createRoom({ id: 'old-row', code: 'OLDROW', preset: 'short', mode: 'online', seats: 4, options: '{}', names: '[]', timers: '{}', deal: '{}', seed: 1, hostKeyHash: 'x', createdAt: now, ended: false });
        const row = await storage.roomById('old-row');
        expect(row?.public).toBeUndefined();
        expect(row?.language).toBeUndefined();
        expect((await m.openRooms()).map((r) => r.code)).not.toContain('OLDROW');
        expect((await storage.roomByCode(codes[0]!))).toMatchObject({ public: true });
      } finally {
        for (const x of managers.splice(0)) await x.close();
        await storage.close();
      }
    });
  });
}

describe('the lobby of open games', () => {
  it('refuses a public room that is not online, naming the field', async () => {
    const db = tempDbUrl();
    const storage = await openStorage(db.url);
    await storage.migrate();
    const m = new RoomManager(storage, pino({ level: 'silent' }), Date.now, 60_000, undefined, { limits });
    try {
      for (const mode of ['human', 'app'] as const) {
        const err = await m.create(createRoomSchema.parse({ preset: 'classic', seats: 10, mode, public: true })).catch((e: unknown) => e);
        expect(err).toMatchObject({ refusal: { code: 'public-not-online', path: 'public' } });
      }
      expect(await storage.countOpenRooms()).toBe(0);
    } finally {
      await m.close();
      await storage.close();
      db.cleanup();
    }
  });

  it('a damaged seat entry keeps its room out of the count, and only that room', () => {
    const rec = (roomId: string, seq: number, kind: string, body: unknown) => ({ roomId, seq, kind, body: JSON.stringify(body), at: 0 });
    const taken = seatsTaken(['a', 'b', 'c'], [
      rec('a', 1, 'claim', { seat: 1, name: 'A', tokenHash: 'h' }),
      rec('a', 2, 'claim', { seat: 2, name: 'B', tokenHash: 'h' }),
      rec('a', 3, 'rename', { seat: 2, name: 'C', by: 'owner', held: true }),
      rec('b', 1, 'claim', { seat: 'one' }),
    ]);
    expect([...taken]).toEqual([['a', 2], ['c', 0]]);
  });

  it('GET /api/rooms/open answers the list and the server time, with no names, keys or seed', async () => {
    const db = tempDbUrl();
    const s = await startServer(db.url);
    try {
      const pub = await createRoom(s.base, { preset: 'classic', seats: 10, mode: 'online', public: true, language: 'ru' });
      await createRoom(s.base, { preset: 'classic', seats: 10, mode: 'online', language: 'ru' });
      const seat = await Client.open(s.ws);
      await seat.request({ v: V, type: 'claim', room: pub.code, seat: 5, name: 'Секретное Имя' }, 'welcome');
      const before = Date.now();
      const r = await fetch(`${s.base}/api/rooms/open`);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('no-store');
      const text = await r.text();
      const body = JSON.parse(text) as { rooms: Record<string, unknown>[]; now: number };
      expect(body.now).toBeGreaterThanOrEqual(before);
      expect(body.rooms).toHaveLength(1);
      expect(body.rooms[0]).toEqual({ code: pub.code, preset: 'classic', seats: 10, taken: 1, language: 'ru', createdAt: expect.any(Number) });
      for (const secret of ['Секретное Имя', pub.adminKey!, pub.room, 'seed', 'hostKey', 'token']) expect(text).not.toContain(secret);
      // Bad input on creation: a clear refusal naming the field, nothing made.
      const bad = await fetch(`${s.base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'classic', seats: 10, mode: 'online', language: 'de' }) });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatchObject({ code: 'bad-request', path: 'language' });
      await seat.close();
    } finally {
      await s.stop();
      db.cleanup();
    }
  });
});
