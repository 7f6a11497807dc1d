import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage/open.js';
import { latestState, playToTheEnd } from './botsAtTheTable.js';
import { createRoom, seatTheTable, V } from './helpers.js';
import { freePort, spawnServer, type ServerProcess } from './process.js';
import { PG_BASE, postgresTarget } from './storageTargets.js';

/**
 * Issue 23 point 8: the database's connections are ended mid-game (as a restart, a failover or an
 * idle-connection killer ends them). The server lives on, says so on /api/health, keeps every
 * acknowledged command and records no refused one, and the game is played to its end.
 * PostgreSQL only (SQLite has no connection to lose); PostgreSQL missing fails it, never skips it.
 */

type Msg = Record<string, any>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
  // The built server, as `npm start` runs it (a no-op when up to date).
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url)), '-b', 'apps/server'], { cwd: root, stdio: 'pipe' });
}, 120_000);

const target = postgresTarget();
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill9();
  await target.cleanup();
});

/** Ends every connection of this server (its application_name), and no one else's, every 20 ms for `ms`. */
async function terminateFor(appName: string, ms: number): Promise<number> {
  const killer = new pg.Client({ connectionString: PG_BASE });
  await killer.connect();
  let ended = 0;
  try {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) {
      const r = await killer.query<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1', [appName]);
      ended += r.rows.filter((x) => x.ok).length;
    }
  } finally {
    await killer.end();
  }
  return ended;
}

describe('the database goes away mid-game (postgres)', () => {
  it('survives_terminated_database_connections_and_finishes_the_game_with_every_acknowledged_command', async () => {
    const appName = `mafia-outage-${process.pid}-${randomBytes(3).toString('hex')}`;
    const url = new URL(await target.url());
    url.searchParams.set('application_name', appName);
    server = await spawnServer(url.toString(), await freePort());
    const s = server;
    const created = await createRoom(s.base, { preset: 'classic', seats: 10, mode: 'human' });
    const { host, seats } = await seatTheTable(s.ws, created);
    expect((await host.request({ v: V, type: 'start', id: 'start' }, 'update')).ack).toBe('start');
    // Reads the log beside the server, on connections of another name (never ended).
    const readerUrl = new URL(url);
    readerUrl.searchParams.set('application_name', `${appName}-reader`);
    const reader = await openStorage(readerUrl.toString());

    const acked: string[] = [];
    const refused: string[] = [];
    const health: { status: number; reason?: string }[] = [];
    let outage: Promise<number> | null = null;
    let outageOver = false;
    let n = 0;
    const command = async (c: Record<string, unknown>): Promise<void> => {
      if (acked.length === 8 && !outage) {
        // Mid-game: three seconds of ended connections, /api/health asked all along.
        outage = terminateFor(appName, 3000).finally(() => (outageOver = true));
        void (async () => {
          while (!outageOver) {
            // No answer at all (status 0): the process is gone, which the checks below name.
            const r = await fetch(`${s.base}/api/health`).catch(() => null);
            health.push(r ? { status: r.status, reason: ((await r.json()) as Msg).reason } : { status: 0 });
            await sleep(50);
          }
        })();
      }
      for (;;) {
        const id = `c${++n}`;
        // A host taps far below the server's 20 messages a second: on a quiet machine the answers come
        // back within milliseconds, and an unpaced loop would be dropped as a flood (rate-limited).
        await sleep(60);
        host.send({ v: V, type: 'command', id, command: c });
        // A command waits while the database is away (10 s at most), then is refused.
        const r = await host.next((m) => (m.type === 'update' || m.type === 'ack' || m.type === 'error') && (m.ack === id || m.id === id), 30_000);
        if (r.type !== 'error') return void acked.push(id);
        expect(r.code, JSON.stringify(r)).toBe('database-unavailable');
        refused.push(id);
        await sleep(200);
      }
    };
    const final = await playToTheEnd({ command }, () => latestState(reader, created.room), 7);
    expect(final.phase.kind).toBe('ended');
    expect(outage).not.toBeNull();
    expect(await outage).toBeGreaterThan(0);
    // The process lived through it, and said so while it lasted.
    expect(s.child.exitCode).toBe(null);
    expect(health.some((h) => h.status === 503 && /database unreachable/.test(h.reason ?? '')), JSON.stringify(health.slice(0, 20))).toBe(true);
    let back = 0;
    for (let i = 0; i < 100 && back !== 200; i++, await sleep(100)) back = (await fetch(`${s.base}/api/health`)).status;
    expect(back).toBe(200);

    // Every acknowledged command is in the log once; no refused one is; the log has no gap.
    const log = await reader.readLog(created.room);
    expect(log.map((r) => r.seq)).toEqual(log.map((_, k) => k + 1));
    const ids = log.flatMap((r) => (r.kind === 'command' ? [JSON.parse(r.body).id as string] : []));
    expect([...ids].sort()).toEqual([...acked].sort());
    for (const id of refused) expect(ids).not.toContain(id);
    // The database lock went with its connection and was taken again: a second server still refuses to start.
    const second = await spawnServer(url.toString(), await freePort()).catch((e: Error) => e);
    if (!(second instanceof Error)) await second.kill9();
    expect(second instanceof Error ? second.message : 'it started').toMatch(/another server process is using the PostgreSQL schema/);
    for (const c of [...seats, host]) await c.close();
    await reader.close();
  }, 240_000);
});
