import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { Client, V } from '../helpers.js';
import { postgresTarget } from '../storageTargets.js';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort, spawnServer, type ServerProcess } from '../process.js';

/** The Redis every machine here runs (CI's included): a cluster test fails, never skips, without it. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Node extends ServerProcess {
  readonly id: string;
  readonly port: number;
}

/**
 * Several real server nodes (dist/main.js, as `npm start` runs it) on one PostgreSQL schema and
 * one Redis, under a key prefix of their own so that tests never share keys.
 */
export class Nodes {
  readonly prefix = `t${process.pid}-${randomBytes(4).toString('hex')}:`;
  readonly secret = randomBytes(16).toString('hex');
  readonly started: Node[] = [];
  readonly redis: Redis;

  constructor(readonly databaseUrl: string, readonly redisUrl = REDIS_URL) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    // While a test has its Redis down, the test's own look-ups fail and are tried again.
    this.redis.on('error', () => {});
  }

  async start(id: string, o: { redisUrl?: string; env?: Record<string, string> } = {}): Promise<Node> {
    const port = await freePort();
    const p = await spawnServer(this.databaseUrl, port, {
      env: {
        REDIS_URL: o.redisUrl ?? this.redisUrl, REDIS_PREFIX: this.prefix, CLUSTER_SECRET: this.secret, NODE_ID: id, NODE_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: 'test', ROOMS_PER_ADDRESS_PER_HOUR: '10000', UNSTARTED_ROOMS_PER_ADDRESS: '10000', ...o.env,
      },
    });
    const node = { ...p, id, port };
    this.started.push(node);
    return node;
  }

  /** The node holding the room's lease now (null: nobody). */
  async holder(roomId: string): Promise<string | null> {
    const v = await this.redis.get(`${this.prefix}room:${roomId}`).catch(() => null);
    return v === null ? null : v.slice(0, v.indexOf(' '));
  }

  /** Waits until a node other than `not` holds the room; how long it took (ms). */
  async heldAgain(roomId: string, not: string, since: number, timeoutMs = 15_000): Promise<{ by: string; ms: number }> {
    for (;;) {
      const by = await this.holder(roomId);
      if (by !== null && by !== not) return { by, ms: Date.now() - since };
      if (Date.now() - since > timeoutMs) throw new Error(`room ${roomId} not held again within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The room's log as PostgreSQL holds it. */
  async log(roomId: string): Promise<{ seq: number; kind: string; body: Record<string, any> }[]> {
    const u = new URL(this.databaseUrl);
    const schema = u.searchParams.get('schema');
    u.searchParams.delete('schema');
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    try {
      const r = await c.query(`SELECT seq, kind, body FROM "${schema}".room_log WHERE room_id = $1 ORDER BY seq`, [roomId]);
      return r.rows.map((x) => ({ seq: Number(x.seq), kind: x.kind, body: JSON.parse(x.body) }));
    } finally {
      await c.end();
    }
  }

  async stop(): Promise<void> {
    for (const n of this.started) await n.kill9();
    const keys = await this.redis.keys(`${this.prefix}*`).catch(() => [] as string[]);
    if (keys.length > 0) await this.redis.del(...keys).catch(() => {});
    this.redis.disconnect();
  }
}

/**
 * A test file's cluster: the server built (as `npm start` runs it; a no-op when up to date), a fresh
 * PostgreSQL schema, and every node and Redis key gone after the file. `redisUrl` is read when the
 * file starts (a test may start a Redis of its own first).
 */
export function clusterSuite(o: { redisUrl?: () => string; before?: () => Promise<void>; after?: () => Promise<void> } = {}): () => Nodes {
  const target = postgresTarget();
  let nodes: Nodes | undefined;
  beforeAll(async () => {
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    execFileSync(process.execPath, [fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url)), '-b', 'apps/server'], { cwd: root, stdio: 'pipe' });
    await o.before?.();
    nodes = new Nodes(await target.url(), o.redisUrl?.() ?? REDIS_URL);
  }, 60_000);
  afterAll(async () => {
    await nodes?.stop();
    await o.after?.();
    await target.cleanup();
  });
  return () => nodes!;
}

type Msg = Record<string, any>;

/** The host's commands, numbered h1, h2, …: each must come back acknowledged. */
export function hostCommands(host: Client): (command: Msg) => Promise<Msg> {
  let n = 0;
  return async (command) => {
    const u = await host.request({ v: V, type: 'command', id: `h${++n}`, command }, 'update');
    expect(u.ack).toBe(`h${n}`);
    return u;
  };
}
