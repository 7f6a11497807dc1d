import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type ServerProcess } from './process.js';
import { postgresTarget, sqliteTarget, TARGETS } from './storageTargets.js';

/** Issue 12 point 12: one server process per database; a lock that dies with its process. */

beforeAll(() => {
  // The built server, as `npm start` runs it (a no-op when up to date).
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url)), '-b', 'apps/server'], { cwd: root, stdio: 'pipe' });
}, 120_000);

const started: ServerProcess[] = [];
const spawnTracked = async (url: string, env?: Record<string, string>): Promise<ServerProcess> => {
  const p = await spawnServer(url, await freePort(), env ? { env } : {});
  started.push(p);
  return p;
};
const targets = [sqliteTarget(), postgresTarget()];
afterAll(async () => {
  for (const p of started) await p.kill9();
  for (const t of targets) await t.cleanup();
});

async function refusesSecond(url: string, named: RegExp): Promise<void> {
  const first = await spawnTracked(url);
  // The second process exits with 1 and says why on stderr; the first goes on serving.
  await expect(spawnTracked(url)).rejects.toThrow(/server exited with 1: [\s\S]*another server process[\s\S]*is using/);
  await expect(spawnTracked(url)).rejects.toThrow(named);
  const health = await fetch(`${first.base}/api/health`);
  expect(health.status).toBe(200);
  await first.kill9();
}

describe('one server process per database', () => {
  it('second_process_on_same_sqlite_refuses_to_start', async () => {
    await refusesSecond(await targets[0]!.url(), /the database .*test\.sqlite \(its lock .*\.lock is held\)/);
  });

  it('second_process_on_same_postgres_schema_refuses_to_start', async () => {
    await refusesSecond(await targets[1]!.url(), /the PostgreSQL schema "t_/);
  });

  it('second_process_through_a_symlink_or_a_hard_link_refuses_to_start', async () => {
    // Issue 23 point 13: the lock is on the file (device and inode), not on the name it was given.
    const dir = mkdtempSync(join(tmpdir(), 'mafia-lock-links-'));
    try {
      const file = join(dir, 'club.sqlite');
      const first = await spawnTracked(`sqlite:${file}`);
      symlinkSync(file, join(dir, 'by-symlink.sqlite'));
      linkSync(file, join(dir, 'by-hardlink.sqlite'));
      await expect(spawnTracked(`sqlite:${join(dir, 'by-symlink.sqlite')}`)).rejects.toThrow(/server exited with 1: [\s\S]*another server process \(pid \d+\) is using the database .*by-symlink\.sqlite \(the same file as .*club\.sqlite\)/);
      await expect(spawnTracked(`sqlite:${join(dir, 'by-hardlink.sqlite')}`)).rejects.toThrow(/server exited with 1: [\s\S]*another server process \(pid \d+\) is using the database .*by-hardlink\.sqlite/);
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
      await first.kill9();
      // Its lock died with it: the hard link's name now starts (and holds the file in its turn).
      const next = await spawnTracked(`sqlite:${join(dir, 'by-hardlink.sqlite')}`);
      await expect(spawnTracked(`sqlite:${file}`)).rejects.toThrow(/another server process/);
      await next.kill9();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a_hard_link_in_another_folder_opened_under_another_TMPDIR_refuses_to_start', async () => {
    // Issue 23 (what is left): the device-and-inode lock lived under TMPDIR, so a second process
    // with its own TMPDIR, on a hard link in another folder, found no lock and started.
    const root = mkdtempSync(join(tmpdir(), 'mafia-lock-tmpdir-'));
    try {
      const [data, other, tmpA, tmpB] = ['data', 'other', 'tmp-a', 'tmp-b'].map((d) => join(root, d));
      for (const d of [data, other, tmpA, tmpB]) mkdirSync(d);
      const file = join(data, 'club.sqlite');
      const first = await spawnTracked(`sqlite:${file}`, { TMPDIR: tmpA });
      linkSync(file, join(other, 'copy.sqlite'));
      await expect(spawnTracked(`sqlite:${join(other, 'copy.sqlite')}`, { TMPDIR: tmpB }))
        .rejects.toThrow(/server exited with 1: [\s\S]*another server process \(pid \d+\) is using the database .*copy\.sqlite/);
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
      // The lock is nowhere under either TMPDIR.
      expect(readdirSync(tmpA)).toEqual([]);
      expect(readdirSync(tmpB)).toEqual([]);
      await first.kill9();
      const next = await spawnTracked(`sqlite:${join(other, 'copy.sqlite')}`, { TMPDIR: tmpB });
      await expect(spawnTracked(`sqlite:${file}`, { TMPDIR: tmpA })).rejects.toThrow(/another server process/);
      await next.kill9();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stale_lock_after_kill_does_not_block_start', async () => {
    expect(TARGETS.length).toBe(targets.length);
    for (const t of targets) {
      const url = await t.url();
      const first = await spawnTracked(url);
      await first.kill9();
      // kill -9: no shutdown hook ran, the lock file and its PID file are left behind.
      const next = await spawnTracked(url);
      expect((await fetch(`${next.base}/api/health`)).status, t.name).toBe(200);
      // And the new process holds the database in its turn.
      await expect(spawnTracked(url), t.name).rejects.toThrow(/another server process/);
      await next.kill9();
    }
  });
});
