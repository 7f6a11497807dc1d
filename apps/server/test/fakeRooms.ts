import { createRoomSchema } from '@mafia/protocol';
import pino from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openStorage } from '../src/storage/open.js';
import { RoomManager, type Created } from '../src/room/manager.js';
import type { Storage } from '../src/storage/types.js';
import { FakeConn } from './fakeConn.js';
import { tempDbUrl } from './helpers.js';

/** A RoomManager over `storage` (its timers on `Date.now()` and `performance.now()`, read when asked, so fake timers reach them). */
export const managerOver = (storage: Storage): RoomManager =>
  new RoomManager(storage, pino({ level: 'silent' }), () => Date.now(), 10 * 60_000, undefined, { mono: () => performance.now() });

export interface SeatedRoom {
  readonly created: Created;
  /** Whoever runs the room: the host of a human room, the room admin of an app room. */
  readonly ctrl: FakeConn;
  readonly seats: FakeConn[];
}

/** A room created through the manager (as the HTTP route would), every seat claimed and its controller connected. */
export async function seatedRoom(manager: RoomManager, mode: 'human' | 'app', timers?: Record<string, number>): Promise<SeatedRoom> {
  const created = await manager.create(createRoomSchema.parse({ preset: 'classic', seats: 10, mode, ...(timers ? { timers } : {}) }));
  const seats: FakeConn[] = [];
  for (let seat = 1; seat <= 10; seat++) {
    const c = new FakeConn();
    await manager.claim(c, created.code, { seat, name: `P${seat}` });
    seats.push(c);
  }
  return { created, ctrl: await controllerOf(manager, created), seats };
}

/** A new connection of whoever runs the room, welcomed. */
export async function controllerOf(manager: RoomManager, created: Created): Promise<FakeConn> {
  const c = new FakeConn();
  const auth = created.hostKey !== undefined ? { as: 'host' as const, key: created.hostKey } : { as: 'admin' as const, key: created.adminKey! };
  await manager.hello(c, created.code, auth, undefined);
  return c;
}

/**
 * A SQLite storage in a temp file for the whole test file (opened before its tests, closed after),
 * and the managers a test made (`track`), closed after each test.
 */
export function tempStorage(): { storage(): Storage; track(m: RoomManager): RoomManager } {
  let db: ReturnType<typeof tempDbUrl>;
  let storage: Storage;
  const managers: RoomManager[] = [];
  beforeAll(async () => {
    db = tempDbUrl();
    storage = await openStorage(db.url);
    await storage.migrate();
  });
  afterEach(async () => {
    for (const m of managers.splice(0)) await m.close();
  });
  afterAll(async () => {
    await storage.close();
    db.cleanup();
  });
  return {
    storage: () => storage,
    track: (m) => {
      managers.push(m);
      return m;
    },
  };
}
