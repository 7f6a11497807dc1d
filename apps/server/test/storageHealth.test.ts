import { afterAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { WRITER_RESTART_MS, SqliteWriter } from '../src/storage/sqliteWriter.js';
import { openStorage } from '../src/storage/open.js';
import { DATABASE_WAIT_MS, DatabaseUnavailableError } from '../src/storage/outage.js';
import { serverFailure } from '../src/room/errors.js';
import { startServer, tempDbUrl } from './helpers.js';

/** Issue 12 point 13: /api/health tells when writes fail, and the SQLite writer comes back. */

type Msg = Record<string, any>;
const db = tempDbUrl();
afterAll(() => db.cleanup());
const HUMAN = { preset: 'classic', seats: 10, mode: 'human' };
const post = (base: string) => fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(HUMAN) });

describe('storage health', () => {
  it('health_reports_dead_writer_and_recovers', async () => {
    const s = await startServer(db.url);
    try {
      expect((await post(s.base)).status).toBe(201);
      expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
      // The writer thread dies (as a crashed worker would): reached through the storage's internals.
      const writer: unknown = Reflect.get(s.storage, 'appender');
      if (!(writer instanceof SqliteWriter)) throw new Error('the SQLite storage writes through no SqliteWriter');
      const worker: unknown = Reflect.get(writer, 'worker');
      if (!(worker instanceof Worker)) throw new Error('the SQLite writer runs no worker thread');
      await worker.terminate();
      const sick = await fetch(`${s.base}/api/health`);
      expect(sick.status).toBe(503);
      const body = (await sick.json()) as Msg;
      expect(body.ok).toBe(false);
      expect(body.reason).toMatch(/SQLite writer stopped/);
      // Meanwhile a write is refused to its client, and nothing of it is kept.
      const open = await s.storage.countOpenRooms();
      expect((await post(s.base)).status).toBe(500);
      expect(await s.storage.countOpenRooms()).toBe(open);
      // A moment later the writer is back: health says so and writes work again.
      await new Promise((r) => setTimeout(r, WRITER_RESTART_MS + 100));
      const well = await fetch(`${s.base}/api/health`);
      expect(well.status).toBe(200);
      expect(((await well.json()) as Msg).ok).toBe(true);
      expect((await post(s.base)).status).toBe(201);
      expect(await s.storage.countOpenRooms()).toBe(open + 1);
    } finally {
      await s.stop();
    }
  });
});

describe('storage health on PostgreSQL', () => {
  it('postgres_health_reports_an_unreachable_database', async () => {
    // Nothing listens on port 1: every query fails as it would with the database gone.
    const storage = await openStorage('postgres://postgres@127.0.0.1:1/test');
    try {
      expect(await storage.health()).toMatch(/ECONNREFUSED|connect/);
    } finally {
      await storage.close();
    }
  });

  it('postgres_write_waits_for_the_database_then_is_refused_as_database_unavailable', async () => {
    // Issue 23 point 8: the database stays away longer than a write waits for it.
    const storage = await openStorage('postgres://postgres@127.0.0.1:1/test');
    try {
      const t0 = Date.now();
      const refused = await storage.append('room', [{ seq: 1, kind: 'command', body: '{}', at: 0 }]).then(() => null, (e: unknown) => e);
      expect(refused).toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(DATABASE_WAIT_MS - 100);
      // What its client is told, and what /api/health says meanwhile.
      expect(serverFailure(refused).code).toBe('database-unavailable');
      expect(await storage.health()).toMatch(/^database unreachable: .*ECONNREFUSED/);
    } finally {
      await storage.close();
    }
  }, 30_000);
});
