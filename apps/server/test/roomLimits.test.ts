import { createRoomSchema } from '@mafia/protocol';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { RoomManager, type Conn } from '../src/room/manager.js';
import { openStorage } from '../src/storage/open.js';
import { claimSeats, Client, controllerAuth, createRoom, startServer, tempDbUrl, TEST_ROOM_LIMITS, V } from './helpers.js';

/** Issue 12 points 9 and 10: rooms are bounded (per address, in total, in time, in memory) and steps have a minimum length. */

type Msg = Record<string, any>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dbs: ReturnType<typeof tempDbUrl>[] = [];
afterAll(() => {
  for (const d of dbs) d.cleanup();
});
const freshDb = () => {
  const d = tempDbUrl();
  dbs.push(d);
  return d.url;
};

const post = (base: string, body: unknown) => fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const HUMAN = { preset: 'classic', seats: 10, mode: 'human' };

/** A human room's host starts its game (a human host may play with free seats). */
async function startHuman(ws: string, created: { code: string; hostKey?: string }): Promise<void> {
  const host = await Client.open(ws);
  await host.request({ v: V, type: 'hello', room: created.code, auth: { as: 'host', key: created.hostKey } }, 'welcome');
  expect((await host.request({ v: V, type: 'start', id: 'go' }, 'update')).view.phase.kind).toBe('night');
  await host.close();
}

describe('room limits', () => {
  it('room_creation_capped_per_address', async () => {
    const s = await startServer(freshDb(), undefined, undefined, { roomLimits: { ...TEST_ROOM_LIMITS, perAddressPerHour: 4, unstartedPerAddress: 2 } });
    try {
      const a = await createRoom(s.base, HUMAN);
      const b = await createRoom(s.base, HUMAN);
      // Two rooms of this address wait for their game: a third is refused, and nothing is made.
      const open = await s.storage.countOpenRooms();
      const r = await post(s.base, HUMAN);
      expect(r.status).toBe(429);
      const refused = (await r.json()) as Msg;
      expect(refused.error.code).toBe('too-many-rooms');
      expect(refused.error.message).toMatch(/at most 2 rooms of one address may wait/);
      expect(await s.storage.countOpenRooms()).toBe(open);
      // A started game no longer waits: the address may make another.
      await startHuman(s.ws, a);
      const c = await createRoom(s.base, HUMAN);
      await startHuman(s.ws, b);
      await startHuman(s.ws, c);
      await createRoom(s.base, HUMAN);
      // Four made this hour: the fifth is refused whatever waits.
      const fifth = await post(s.base, HUMAN);
      expect(fifth.status).toBe(429);
      expect(((await fifth.json()) as Msg).error.message).toMatch(/at most 4 rooms an hour/);
    } finally {
      await s.stop();
    }
  });

  it('room_creation_capped_in_total', async () => {
    const s = await startServer(freshDb(), undefined, undefined, { roomLimits: { ...TEST_ROOM_LIMITS, maxOpen: 3 } });
    try {
      const made = await Promise.all([1, 2, 3].map(() => createRoom(s.base, HUMAN)));
      const r = await post(s.base, HUMAN);
      expect(r.status).toBe(429);
      const body = (await r.json()) as Msg;
      expect(body.error).toMatchObject({ code: 'too-many-rooms' });
      expect(body.error.message).toMatch(/3 open rooms/);
      expect(await s.storage.countOpenRooms()).toBe(3);
      // A closed room is no longer open: there is room for one more.
      const host = await Client.open(s.ws);
      await host.request({ v: V, type: 'hello', room: made[0]!.code, auth: controllerAuth(made[0]!) }, 'welcome');
      await host.request({ v: V, type: 'close', id: 'c' }, 'update');
      await host.close();
      expect((await post(s.base, HUMAN)).status).toBe(201);
      expect((await post(s.base, HUMAN)).status).toBe(429);
    } finally {
      await s.stop();
    }
  });

  it('unstarted_room_expires', async () => {
    const url = freshDb();
    const storage = await openStorage(url);
    await storage.migrate();
    let now = Date.now();
    const limits = { ...TEST_ROOM_LIMITS, unstartedTtlMs: 3_600_000 };
    const manager = new RoomManager(storage, pino({ level: 'silent' }), () => now, 60_000, undefined, { limits });
    const conn: Conn = { id: 1, you: null, roomId: null, send: () => {} };
    try {
      const waiting = await manager.create(HUMAN as never);
      const played = await manager.create(HUMAN as never);
      await manager.hello(conn, played.code, { as: 'host', key: played.hostKey! } as never, undefined);
      await manager.start(conn, 'go');
      manager.leave(conn);
      const fresh = await (async () => {
        now += 30 * 60_000;
        return manager.create(HUMAN as never);
      })();
      // An hour and a bit after the first two were made: the one that never started expires.
      now += 40 * 60_000;
      expect(await manager.expireUnstarted()).toBe(1);
      expect(await storage.countOpenRooms()).toBe(2);
      expect(await manager.lobby(waiting.code)).toBeUndefined();
      expect((await manager.lobby(played.code))?.started).toBe(true);
      expect((await manager.lobby(fresh.code))?.started).toBe(false);
      // Expired for good: a restarted server does not know it either.
      const again = new RoomManager(storage, pino({ level: 'silent' }), () => now, 60_000, undefined, { limits });
      expect(await again.resumeAll()).toBe(2);
      expect(await again.lobby(waiting.code)).toBeUndefined();
      await again.close();
    } finally {
      await manager.close();
      await storage.close();
    }
  });

  it('restart_loads_no_room_until_used', async () => {
    const url = freshDb();
    let s = await startServer(url);
    const rooms = [await createRoom(s.base, HUMAN), await createRoom(s.base, HUMAN), await createRoom(s.base, { preset: 'classic', seats: 10, mode: 'app' })];
    await startHuman(s.ws, rooms[0]!);
    await s.stop();
    s = await startServer(url);
    try {
      expect(s.manager.roomCount).toBe(0);
      const lobby = (await (await fetch(`${s.base}/api/rooms/${rooms[0]!.code}`)).json()) as Msg;
      expect(lobby.started).toBe(true);
      expect(s.manager.roomCount).toBe(1);
      expect(s.manager.inMemory(rooms[0]!.room)).toBe(true);
      expect(s.manager.inMemory(rooms[2]!.room)).toBe(false);
    } finally {
      await s.stop();
    }
  });
});

describe('step lengths', () => {
  it('timers_below_minimum_refused', async () => {
    // The server as `npm start` builds it: no test minimum.
    const s = await startServer(freshDb(), undefined, undefined, { minStepSeconds: undefined });
    try {
      for (const [timers, path] of [[{ speech: 4 }, 'timers.speech'], [{ nightStep: 2 }, 'timers.nightStep'], [{ vote: 0.05 }, 'timers.vote'], [{ defence: 7.5 }, 'timers.defence'], [{ lastWords: 0 }, 'timers.lastWords']] as const) {
        const r = await post(s.base, { ...HUMAN, timers });
        expect(r.status, path).toBe(400);
        const body = (await r.json()) as Msg;
        expect(body.error).toMatchObject({ code: 'bad-request', path });
        expect(body.error.message).toMatch(/at least|whole number/);
      }
      expect(await s.storage.countOpenRooms()).toBe(0);
      expect((await post(s.base, { ...HUMAN, timers: { speech: 5, defence: 5, lastWords: 5, vote: 5, nightStep: 3 } })).status).toBe(201);
      expect(createRoomSchema.safeParse({ ...HUMAN, timers: { nightStep: 0.05 } }).success).toBe(false);
    } finally {
      await s.stop();
    }
  });

  it('app_room_cannot_start_with_unclaimed_seats', async () => {
    const s = await startServer(freshDb());
    try {
      const created = await createRoom(s.base, { preset: 'classic', seats: 10, mode: 'app' });
      const { seats } = await claimSeats(s.ws, created.code, { seats: 9 });
      const admin = await Client.open(s.ws);
      await admin.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created) }, 'welcome');
      const refused = await admin.request({ v: V, type: 'start', id: 'go' }, 'error');
      expect(refused.code).toBe('seats-not-claimed');
      expect(refused.message).toMatch(/free: 10$/);
      expect((await s.storage.readLog(created.room)).some((r) => r.kind === 'start')).toBe(false);
      const last = await Client.open(s.ws);
      await last.request({ v: V, type: 'claim', room: created.code, seat: 10 }, 'welcome');
      expect((await admin.request({ v: V, type: 'start', id: 'go2' }, 'update')).view.phase.kind).toBe('night');
      for (const c of [...seats, admin, last]) await c.close();
    } finally {
      await s.stop();
    }
  });

  it('app_clock_holds_while_no_seat_connected', async () => {
    const s = await startServer(freshDb());
    try {
      const created = await createRoom(s.base, { preset: 'classic', seats: 10, mode: 'app', timers: { nightStep: 0.2 } });
      const { seats, tokens } = await claimSeats(s.ws, created.code);
      const admin = await Client.open(s.ws);
      await admin.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created) }, 'welcome');
      const started = await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      const nightMs = started.timer.deadline - started.timer.started;
      for (const c of seats) await c.close();
      // The room admin is told at once that the clock stands, held (not paused), by one update of no entries.
      const held = await admin.next((m) => m.type === 'update' && m.timer?.held === true, 2000);
      expect(held.items).toEqual([]);
      expect(held.timer.pausedAt).toBeGreaterThan(0);
      const logged = (await s.storage.readLog(created.room)).length;
      // Nobody plays: three nights' time pass, nothing happens and nothing is written.
      await sleep(3 * nightMs + 300);
      expect(admin.received.filter((m) => m.type === 'update' && m.view?.phase.kind === 'day')).toEqual([]);
      expect((await s.storage.readLog(created.room)).length).toBe(logged);
      // A player is back: the night goes on from where it stopped, and the app host ends it.
      const back = await Client.open(s.ws);
      const w = await back.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 3, token: tokens[2] } }, 'welcome');
      expect(w.view.phase.kind).toBe('night');
      expect(w.timer.pausedAt).toBeUndefined();
      expect(w.timer.held).toBeUndefined();
      // The admin hears that the clock runs again before the night's end, not only with it.
      const going = await admin.next((m) => m.type === 'update' && m.timer !== undefined && m.timer.pausedAt === undefined, 2000);
      expect(going.items).toEqual([]);
      expect(going.view.phase.kind).toBe('night');
      expect(admin.received.filter((m) => m.type === 'update' && m.timer?.held === true)).toHaveLength(1);
      const day = await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'day', 5000);
      expect(day.items[0].by).toBe('app');
      for (const c of [back, admin]) await c.close();
    } finally {
      await s.stop();
    }
  });
});
