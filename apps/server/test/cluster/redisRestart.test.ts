import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Client, createRoom, seatTheTable, V } from '../helpers.js';
import { freePort } from '../process.js';
import { clusterSuite, hostCommands } from './nodes.js';

type Msg = Record<string, any>;

let redisPort: number;
let redis: ChildProcess | null = null;

/**
 * A Redis of the test's own (Debian's redis-server, as every machine here has): the machine's Redis
 * is not this test's to restart. It keeps nothing on disk, as the machine's does not.
 */
async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = new Redis(`redis://127.0.0.1:${redisPort}`, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  probe.on('error', () => {});
  for (let i = 0; i < 100; i++) {
    if ((await probe.ping().catch(() => '')) === 'PONG') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  probe.disconnect();
}

async function killRedis(): Promise<void> {
  const r = redis;
  redis = null;
  if (!r || r.exitCode !== null) return;
  await new Promise<void>((done) => {
    r.once('exit', () => done());
    r.kill('SIGKILL');
  });
}

const cluster = clusterSuite({
  before: async () => {
    redisPort = await freePort();
    await startRedis();
  },
  redisUrl: () => `redis://127.0.0.1:${redisPort}`,
  after: killRedis,
});

describe('Redis restarts mid-game', () => {
  it('the rooms go on, commands through another node still arrive, the leases come back, and a later failover still works', async () => {
    const a = await cluster().start('a');
    const b = await cluster().start('b');
    const created = await createRoom(a.base, { preset: 'classic', seats: 10, mode: 'human' });
    const table = await seatTheTable(b.ws, created);
    const host = table.host;
    const hostCmd = hostCommands(host);
    await host.request({ v: V, type: 'start', id: 'start' }, 'update');

    await killRedis();
    // Redis is gone: A still holds the room, B still passes the host's commands on to it.
    let u = await hostCmd({ type: 'endNight' });
    expect(u.view.phase.kind).toBe('day');
    u = await hostCmd({ type: 'endSpeech' });
    await new Promise((r) => setTimeout(r, 1500));
    u = await hostCmd({ type: 'endSpeech' });

    await startRedis();
    // A's next renewals set its lease (and the list of held rooms) again.
    const since = Date.now();
    while ((await cluster().holder(created.room)) !== 'a') {
      if (Date.now() - since > 10_000) throw new Error('the lease was not renewed after the restart');
      await new Promise((r) => setTimeout(r, 100));
    }
    u = await hostCmd({ type: 'endSpeech' });

    // And the failover works on the restarted Redis: A dies, B holds the room within 5 s.
    const killedAt = Date.now();
    await a.kill9();
    const held = await cluster().heldAgain(created.room, 'a', killedAt);
    console.log(`after a Redis restart: failover to ${held.by} in ${held.ms} ms`);
    expect(held.ms).toBeLessThan(5000);
    const lastSeq = u.seq as number;
    await host.close();
    const again = await Client.open(b.ws);
    await again.request({ v: V, type: 'hello', room: created.code, auth: { as: 'host', key: created.hostKey }, lastSeq }, 'welcome');
    const after = await again.request({ v: V, type: 'command', id: 'after', command: { type: 'endSpeech' } }, 'update');
    expect(after.ack).toBe('after');
    const log = await cluster().log(created.room);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, k) => k + 1));
    expect(log.filter((e) => e.body.id !== undefined).map((e) => e.body.id)).toEqual(['start', 'h1', 'h2', 'h3', 'h4', 'after']);
    for (const x of [...table.seats, again]) await x.close();
  }, 90_000);
});
