import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { RoomManager } from '../src/room/manager.js';
import { openStorage } from '../src/storage/open.js';
import type { Storage } from '../src/storage/types.js';
import { tempDbUrl } from './helpers.js';

// Captured before any fake timers: the storage's writer thread answers in real time.
const realSetTimeout = globalThis.setTimeout;
export const realSleep = (ms: number) => new Promise((r) => realSetTimeout(r, ms));

/**
 * A temporary database for a test file whose managers run on vitest's fake clocks: opened before
 * the tests, each test's managers (`track`) closed and the real timers back after it, removed at
 * the end. `storage` is set once the file's tests run.
 */
export function fakeClockStorage(): { storage: Storage; track(m: RoomManager): RoomManager } {
  let db: ReturnType<typeof tempDbUrl>;
  const managers: RoomManager[] = [];
  let opened: Storage | undefined;
  const env = {
    get storage(): Storage {
      if (opened === undefined) throw new Error('the storage is opened before the tests (beforeAll): read it inside a test');
      return opened;
    },
    track(m: RoomManager): RoomManager {
      managers.push(m);
      return m;
    },
  };
  beforeAll(async () => {
    db = tempDbUrl();
    opened = await openStorage(db.url);
    await opened.migrate();
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const m of managers.splice(0)) await m.close();
  });
  afterAll(async () => {
    await env.storage.close();
    db.cleanup();
  });
  return env;
}

/** Moves both fake clocks on by `ms` and lets what fired write its entries. */
export async function elapse(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await realSleep(100);
}
