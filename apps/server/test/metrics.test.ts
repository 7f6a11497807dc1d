import { afterAll, describe, expect, it } from 'vitest';
import { serverSecondsSchema } from '@mafia/protocol';
import { Client, createRoom, seatTheTable, startServer, tempDbUrl, V } from './helpers.js';

/**
 * GET /api/metrics (issue 28): each stage of a message and the room log's commits, counted as they
 * happen; served to this machine or with METRICS_TOKEN, and to nobody else (its counts move with
 * every night act).
 */

const db = tempDbUrl();
afterAll(() => db.cleanup());

/** A sample's value from the Prometheus text, by its name and labels as printed. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (line === undefined) throw new Error(`no ${series} in the metrics`);
  return Number(line.slice(series.length + 1));
}

describe('GET /api/metrics', () => {
  it('counts_each_stage_of_a_command_and_a_chat_line_and_the_commits_that_made_them_durable', async () => {
    const server = await startServer(db.url, undefined, undefined, { metricsToken: 'a-long-operator-token' });
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online', timers: { speech: 60, defence: 10, lastWords: 10, vote: 10, nightStep: 10 } });
      const { seats, host: admin } = await seatTheTable(server.ws, created, { named: true });
      const before = await (await fetch(`${server.base}/api/metrics`)).text();
      const committed = (t: string) => sample(t, 'mafia_storage_commit_writes_sum');
      await seats[0].request({ v: V, type: 'say', channel: 'day', text: 'Добрый вечер', id: 'hi' });
      await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      // The room admin moves the game on: a command the engine decides.
      expect(await admin.request({ v: V, type: 'skip', id: 'on' })).toMatchObject({ type: 'update', ack: 'on' });
      const r = await fetch(`${server.base}/api/metrics`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      const after = await r.text();
      // The line, the start and the skip came from connections: each is timed from arrival to the last socket.
      const total = (t: string) => (t.includes('stage="total"') ? sample(t, 'mafia_message_stage_seconds_count{stage="total"}') : 0);
      expect(total(after) - total(before)).toBe(3);
      for (const stage of ['parse', 'wait', 'durable', 'projection', 'serialise', 'send']) {
        expect(sample(after, `mafia_message_stage_seconds_count{stage="${stage}"}`), stage).toBeGreaterThanOrEqual(2);
      }
      expect(committed(after) - committed(before)).toBeGreaterThanOrEqual(2);
      expect(sample(after, 'mafia_storage_commit_seconds_count')).toBeGreaterThanOrEqual(1);
      expect(sample(after, 'mafia_connections')).toBe(11);
      expect(sample(after, 'mafia_rooms')).toBeGreaterThanOrEqual(1);
      expect(after).toContain('nodejs_eventloop_lag_p99_seconds');
      expect(sample(after, 'mafia_message_stage_seconds_count{stage="engine"}')).toBeGreaterThanOrEqual(1);
      // Second by second: the three messages and their broadcasts and commits in the seconds that held them.
      await new Promise((r) => setTimeout(r, 1100));
      const seconds = serverSecondsSchema.parse(await (await fetch(`${server.base}/api/metrics/seconds`)).json()).seconds;
      const sum = (k: 'messages' | 'broadcasts' | 'commits' | 'writes') => seconds.reduce((a, x) => a + x[k], 0);
      expect(sum('messages')).toBeGreaterThanOrEqual(3);
      expect(sum('broadcasts')).toBeGreaterThanOrEqual(3);
      expect(sum('writes')).toBeGreaterThanOrEqual(sum('commits'));
      expect(sum('commits')).toBeGreaterThanOrEqual(2);
      const last = seconds.at(-1)!;
      expect(last.cpuMs).toBeGreaterThanOrEqual(0);
      expect(last.lagMaxMs).toBeGreaterThanOrEqual(last.lagP99Ms);
      // Linux: the main thread's own time on a core and waiting for one.
      if (process.platform === 'linux') expect(last.mainRunMs).not.toBeNull();
      await Promise.all([...seats, admin].map((c: Client) => c.close()));
    } finally {
      await server.stop();
    }
  });

  it('answers_a_forwarded_request_only_with_the_token', async () => {
    const server = await startServer(db.url, undefined, undefined, { metricsToken: 'a-long-operator-token' });
    try {
      const get = (headers: Record<string, string>) => fetch(`${server.base}/api/metrics`, { headers });
      const refused = await get({ 'x-forwarded-for': '203.0.113.7' });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: { code: 'metrics-forbidden', message: expect.stringContaining('METRICS_TOKEN') } });
      expect((await get({ forwarded: 'for=203.0.113.7' })).status).toBe(403);
      expect((await fetch(`${server.base}/api/metrics/seconds`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(403);
      expect((await get({ 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer a-long-operator-tokeN' })).status).toBe(403);
      expect((await get({ 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer a-long-operator-token' })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('without_a_token_no_bearer_opens_it', async () => {
    const server = await startServer(db.url);
    try {
      const r = await fetch(`${server.base}/api/metrics`, { headers: { 'x-real-ip': '203.0.113.7', authorization: 'Bearer ' } });
      expect(r.status).toBe(403);
      expect((await fetch(`${server.base}/api/metrics`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
