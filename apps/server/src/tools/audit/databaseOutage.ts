import pg from 'pg';
import { http, parseOr, postJson, freshAddress, sleep } from './net.js';
import { check, type Check } from './report.js';
import type { AuditedServer } from './server.js';

export interface OutageOptions {
  /** How long the server's connections are ended over and over (seconds). */
  readonly seconds: number;
  readonly log: (s: string) => void;
}

/**
 * Issue 23 point 8: the database goes away mid-game (what a restart, a failover or an
 * idle-connection killer does). Every connection of the audited server (its application_name,
 * nobody else's) is ended every 20 ms for `seconds` while the honest rooms play; /api/health is
 * asked all along. The server must live, answer 503 "database unreachable" meanwhile and 200 after,
 * and take writes again; the games going on after it (the honest rooms, the secrecy games) must
 * finish, which their own checks count. On SQLite there is no connection to lose: no check, a line.
 */
export async function databaseOutageAudit(server: AuditedServer, database: 'sqlite' | 'postgres', o: OutageOptions): Promise<Check[]> {
  if (database !== 'postgres') {
    o.log('SKIP database outage: SQLite is a file in the server\'s own process, it has no connection to lose; run the audit with --database postgres for this attack');
    return [];
  }
  const url = new URL(server.databaseUrl);
  url.searchParams.delete('schema');
  url.searchParams.delete('application_name');
  const killer = new pg.Client({ connectionString: url.toString() });
  await killer.connect();
  const health: number[] = [];
  let reasons = '';
  let ended = 0;
  let over = false;
  const asking = (async () => {
    while (!over) {
      const r = await http(server.port, { path: '/api/health', from: freshAddress(), timeoutMs: 5000 }).catch(() => null);
      health.push(r?.status ?? 0);
      if (r?.status === 503 && !reasons) reasons = String(parseOr(r.body).reason ?? '');
      await sleep(50);
    }
  })();
  try {
    for (const end = Date.now() + o.seconds * 1000; Date.now() < end; await sleep(20)) {
      const r = await killer.query<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1', [server.applicationName]);
      ended += r.rows.filter((x) => x.ok).length;
    }
  } finally {
    over = true;
    await asking;
    await killer.end();
  }
  // Back: health 200 within 10 s, and a write (a new room) is taken.
  let back = 0;
  const t = Date.now();
  while (Date.now() - t < 10_000 && back !== 200) {
    back = (await http(server.port, { path: '/api/health', from: freshAddress() }).catch(() => null))?.status ?? 0;
    if (back !== 200) await sleep(200);
  }
  const backMs = Date.now() - t;
  const room = await postJson(server.port, '/api/rooms', { preset: 'classic', seats: 10, mode: 'human' }, freshAddress());
  const sick = health.filter((s) => s === 503).length;
  const figures = `${ended} connections ended over ${o.seconds} s; health asked ${health.length} times: ${sick} × 503, ${health.filter((s) => s === 200).length} × 200, ${health.filter((s) => s === 0).length} unanswered`;
  o.log(`database outage: ${figures}`);
  return [
    check('database outage', 'the server lives through its connections being ended', server.exited() === null && ended > 0, server.exited() === null ? figures : `the server ${server.exited()}`, 'issue 23 point 8'),
    check('database outage', 'health says 503 "database unreachable" while the database is away', sick > 0 && /database unreachable/.test(reasons), `${sick} × 503, reason: ${reasons || 'none'}`, 'issue 23 point 8'),
    check('database outage', 'health is 200 again and a write is taken once it is back', back === 200 && room.status === 201, `health ${back} after ${backMs} ms; a new room: ${room.status}`, 'issue 23 point 8'),
  ];
}
