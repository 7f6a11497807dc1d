import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { backoffMs, DbJobQueue } from '../../src/club/jobs.js';
import { DeliveryError } from '../../src/club/ports.js';
import type { ClubDb } from '../../src/club/schema.js';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';
import { TARGETS } from '../storageTargets.js';

const log = pino({ level: 'silent' });
const T0 = Date.UTC(2030, 0, 10, 9, 0);

for (const make of TARGETS) {
  const target = make();
  describe(`durable jobs on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    const open = async (url: string): Promise<Storage> => {
      const s = await openStorage(url);
      await s.migrate();
      return s;
    };
    const rowOf = async (db: ClubDb, id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('a_job_asked_for_before_a_restart_is_delivered_after_it_once', async () => {
      const url = await target.url();
      let now = T0;
      const first = await open(url);
      const id = await new DbJobQueue(first.db as ClubDb, () => now, log).enqueue('mail', { to: 'anna@example.com' });
      await first.close();
      const second = await open(url);
      const queue = new DbJobQueue(second.db as ClubDb, () => now, log);
      const seen: unknown[] = [];
      queue.handle('mail', async (payload) => void seen.push(payload));
      expect(await queue.runDue()).toBe(1);
      expect(await queue.runDue()).toBe(0);
      expect(seen).toEqual([{ to: 'anna@example.com' }]);
      expect(await rowOf(second.db as ClubDb, id)).toMatchObject({ state: 'done', attempts: 1, last_error: null });
      await second.close();
    });

    it('a_passing_failure_is_retried_after_its_back_off_and_a_permanent_one_fails_at_once', async () => {
      const s = await open(await target.url());
      let now = T0;
      const queue = new DbJobQueue(s.db as ClubDb, () => now, log);
      let calls = 0;
      queue.handle('flaky', async () => {
        calls++;
        if (calls < 3) throw new DeliveryError('the server is busy', false);
      });
      queue.handle('bounce', async () => {
        throw new DeliveryError('550 no such user', true);
      });
      const flaky = await queue.enqueue('flaky', {});
      const bounce = await queue.enqueue('bounce', {});
      await queue.runDue();
      expect(await rowOf(s.db as ClubDb, bounce)).toMatchObject({ state: 'failed', attempts: 1, last_error: '550 no such user' });
      expect(await rowOf(s.db as ClubDb, flaky)).toMatchObject({ state: 'pending', attempts: 1, last_error: 'the server is busy' });
      expect(Number((await rowOf(s.db as ClubDb, flaky)).run_at)).toBe(T0 + backoffMs(1));
      // Not before its time.
      now = T0 + backoffMs(1) - 1;
      expect(await queue.runDue()).toBe(0);
      now = T0 + backoffMs(1);
      await queue.runDue();
      expect(Number((await rowOf(s.db as ClubDb, flaky)).run_at)).toBe(now + backoffMs(2));
      now += backoffMs(2);
      await queue.runDue();
      expect(calls).toBe(3);
      expect(await rowOf(s.db as ClubDb, flaky)).toMatchObject({ state: 'done', attempts: 3 });
      await s.close();
    });

    it('a_job_that_keeps_failing_stops_after_its_attempts', async () => {
      const s = await open(await target.url());
      let now = T0;
      const queue = new DbJobQueue(s.db as ClubDb, () => now, log);
      queue.handle('down', async () => {
        throw new Error('connection refused');
      });
      const id = await queue.enqueue('down', {}, { maxAttempts: 3 });
      for (let k = 0; k < 5; k++) {
        await queue.runDue();
        now += 2 * 60 * 60_000;
      }
      expect(await rowOf(s.db as ClubDb, id)).toMatchObject({ state: 'failed', attempts: 3, last_error: 'connection refused' });
      await s.close();
    });

    it('a_job_held_by_a_runner_that_died_is_run_again_when_its_lease_ends', async () => {
      const s = await open(await target.url());
      let now = T0;
      const queue = new DbJobQueue(s.db as ClubDb, () => now, log);
      const id = await queue.enqueue('mail', {});
      // A runner took it and crashed: running, with a lease.
      await (s.db as ClubDb).updateTable('jobs').set({ state: 'running', attempts: 1, locked_until: T0 + 60_000 }).where('id', '=', id).execute();
      let runs = 0;
      queue.handle('mail', async () => void runs++);
      expect(await queue.runDue()).toBe(0);
      now = T0 + 60_001;
      expect(await queue.runDue()).toBe(1);
      expect(runs).toBe(1);
      expect(await rowOf(s.db as ClubDb, id)).toMatchObject({ state: 'done', attempts: 2 });
      await s.close();
    });

    it('a_job_with_the_same_key_is_asked_for_once', async () => {
      const s = await open(await target.url());
      const queue = new DbJobQueue(s.db as ClubDb, () => T0, log);
      const a = await queue.enqueue('deadline', { e: 1 }, { dedupeKey: 'deadline:e1' });
      const b = await queue.enqueue('deadline', { e: 1 }, { dedupeKey: 'deadline:e1' });
      expect(b).toBe(a);
      expect(await (s.db as ClubDb).selectFrom('jobs').select('id').execute()).toHaveLength(1);
      await s.close();
    });

    it('two_runners_on_one_database_run_a_job_once', async () => {
      const url = await target.url();
      const a = await open(url);
      const b = await open(url);
      const runs: string[] = [];
      const qa = new DbJobQueue(a.db as ClubDb, () => T0, log);
      const qb = new DbJobQueue(b.db as ClubDb, () => T0, log);
      qa.handle('mail', async (p) => void runs.push(`a${(p as { n: number }).n}`));
      qb.handle('mail', async (p) => void runs.push(`b${(p as { n: number }).n}`));
      for (let n = 0; n < 20; n++) await qa.enqueue('mail', { n });
      await Promise.all([qa.runDue(), qb.runDue()]);
      expect(runs.map((r) => Number(r.slice(1))).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      await a.close();
      await b.close();
    });
  });
}
