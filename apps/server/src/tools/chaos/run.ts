import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensureDatabase } from '../../storage/ensureDatabase.js';
import { freeLoopbackPort } from './ports.js';
import { killNode, startNode, type ChaosNode, type NodeSettings } from './nodes.js';
import { ChaosPlayer } from './player.js';

export interface ChaosOptions {
  readonly nodes: number;
  readonly rooms: number;
  readonly kills: number;
  /** A PostgreSQL database the run makes a schema of its own in (and drops after). */
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly preset: string;
  /** Step length of the rooms' app-hosted timers (seconds). */
  readonly stepSeconds: number;
  readonly thinkMs: number;
  readonly seed: number;
  readonly timeoutSeconds: number;
  readonly log: (line: string) => void;
}

export interface ChaosReport {
  readonly nodes: number;
  readonly rooms: number;
  readonly kills: number;
  readonly roomsFinished: number;
  readonly acknowledged: number;
  readonly lost: number;
  readonly doubled: number;
  readonly reconnects: number;
  /** Per room a killed node held: ms from the kill until another node held it. */
  readonly failover: { readonly rooms: number; readonly p50Ms: number; readonly maxMs: number; readonly notTakenOver: number };
  readonly errors: Readonly<Record<string, number>>;
  readonly seconds: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A deterministic stream of numbers in [0, 1) for the kills' moments and victims (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quantile = (sorted: readonly number[], q: number): number => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);

/**
 * The chaos run (issue 29): `nodes` server nodes on a fresh PostgreSQL schema and Redis prefix,
 * `rooms` app-hosted online games of ten bot seats whose clients connect to any live node, and
 * `kills` kill -9s of a random node at random moments (each node restarted a few seconds later, as a
 * supervisor would), while the games go on. Then every room's log is read: every command
 * acknowledged to a client must be in it exactly once; and for every room a killed node held, the
 * time until another node held it.
 */
export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const t0 = Date.now();
  const rand = random(o.seed);
  const schema = `chaos_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const db = new URL(o.databaseUrl);
  db.searchParams.set('schema', schema);
  const settings: NodeSettings = { databaseUrl: db.toString(), redisUrl: o.redisUrl, prefix: `${schema}:`, secret: randomBytes(24).toString('hex') };
  const redis = new Redis(o.redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  const errors = new Map<string, number>();
  const error = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const nodes: ChaosNode[] = [];
  const players: ChaosPlayer[] = [];
  try {
    await ensureDatabase(o.databaseUrl);
    for (let i = 1; i <= o.nodes; i++) {
      const port = await freeLoopbackPort();
      nodes.push({ name: `n${i}`, port, url: `http://127.0.0.1:${port}`, id: '', child: null, generation: 0 });
    }
    // The first node migrates the schema alone; the others start once it is there.
    await startNode(nodes[0]!, settings);
    await Promise.all(nodes.slice(1).map((n) => startNode(n, settings)));
    o.log(`${o.nodes} nodes up (${nodes.map((n) => n.port).join(', ')}); schema ${schema}`);
    const live = () => nodes.filter((n) => n.child !== null);
    const anyNode = () => {
      const up = live();
      return up[Math.floor(Math.random() * up.length)]!.url;
    };

    const rooms: { id: string; code: string; adminKey: string }[] = [];
    const s = o.stepSeconds;
    for (let i = 0; i < o.rooms; i++) {
      const r = await fetch(`${anyNode()}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: o.preset, seats: 10, mode: 'online', timers: { speech: s, defence: s, lastWords: s, nightStep: s, vote: s } }) });
      if (r.status !== 201) throw new Error(`creating a room: ${r.status} ${await r.text()}`);
      const body = (await r.json()) as { room: string; code: string; adminKey: string };
      rooms.push({ id: body.room, code: body.code, adminKey: body.adminKey });
    }
    for (const [r, room] of rooms.entries()) {
      for (let seat = 1; seat <= 10; seat++) players.push(new ChaosPlayer({ code: room.code, seat, seed: o.seed * 100_000 + r * 100 + seat, thinkMs: o.thinkMs, nodeUrl: anyNode, onError: error }));
    }
    for (let i = 0; i < players.length; i += 100) await Promise.all(players.slice(i, i + 100).map((p) => p.connect()));
    for (const room of rooms) await startRoom(anyNode(), room.code, room.adminKey).catch((e: unknown) => error(`start: ${String(e)}`));
    o.log(`${rooms.length} rooms started, ${players.length} players`);

    // The kills, one at a time: a random live node, kill -9, its rooms watched until held again.
    const failovers: number[] = [];
    let notTakenOver = 0;
    const allDone = Promise.all(players.map((p) => p.done));
    let kills = 0;
    while (kills < o.kills && players.some((p) => !p.ended)) {
      await pause(2000 + rand() * 4000);
      const victim = live()[Math.floor(rand() * live().length)]!;
      const held = await heldBy(redis, settings.prefix, victim.id);
      const at = Date.now();
      await killNode(victim);
      kills++;
      const waited = await Promise.all(held.map((room) => heldAgain(redis, settings.prefix, room, victim.id, at)));
      // A room whose game had ended needs no holder (nothing more is accepted): not a failover.
      const ended = await endedRooms(settings.databaseUrl, schema, held.filter((_, i) => waited[i] === null));
      const times = waited.filter((ms, i) => ms !== null || !ended.has(held[i]!));
      for (const ms of times) if (ms === null) notTakenOver++; else failovers.push(ms);
      const worst = times.reduce<number>((m, t) => Math.max(m, t ?? Infinity), 0);
      o.log(`kill ${kills}: ${victim.id} (${held.length} rooms held) → all held again within ${worst} ms`);
      await pause(1000 + rand() * 2000);
      await startNode(victim, settings);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), o.timeoutSeconds * 1000)));
    const outcome = await Promise.race([allDone.then(() => 'done'), late]);
    clearTimeout(timer);
    if (outcome === 'timeout') error('games not finished in time');

    const logs = await readLogs(settings.databaseUrl, schema, rooms.map((r) => r.id));
    let lost = 0;
    let doubled = 0;
    let acknowledged = 0;
    for (const [r, room] of rooms.entries()) {
      const ids = new Map<string, number>();
      for (const id of logs.get(room.id) ?? []) ids.set(id, (ids.get(id) ?? 0) + 1);
      for (const n of ids.values()) if (n > 1) doubled++;
      for (const p of players.slice(r * 10, r * 10 + 10)) {
        for (const id of p.acked) {
          acknowledged++;
          if (!ids.has(id)) lost++;
        }
      }
    }
    failovers.sort((x, y) => x - y);
    return {
      nodes: o.nodes, rooms: rooms.length, kills, roomsFinished: rooms.filter((_, r) => players.slice(r * 10, r * 10 + 10).every((p) => p.ended)).length,
      acknowledged, lost, doubled, reconnects: players.reduce((n, p) => n + p.reconnects, 0),
      failover: { rooms: failovers.length, p50Ms: quantile(failovers, 0.5), maxMs: failovers.at(-1) ?? 0, notTakenOver },
      errors: Object.fromEntries(errors), seconds: Math.round((Date.now() - t0) / 1000),
    };
  } finally {
    for (const p of players) p.stop();
    for (const n of nodes) await killNode(n);
    const keys = await redis.keys(`${settings.prefix}*`).catch(() => [] as string[]);
    if (keys.length > 0) await redis.del(...keys).catch(() => {});
    redis.disconnect();
    await dropSchema(o.databaseUrl, schema).catch(() => {});
  }
}

/** The rooms whose lease names this node. */
async function heldBy(redis: Redis, prefix: string, nodeId: string): Promise<string[]> {
  const keys = await redis.keys(`${prefix}room:*`);
  if (keys.length === 0) return [];
  const values = await redis.mget(keys);
  return keys.filter((_, i) => values[i]?.startsWith(`${nodeId} `)).map((k) => k.slice(`${prefix}room:`.length));
}

/** ms from `since` until a node other than `dead` holds the room; null if none did within 15 s. */
async function heldAgain(redis: Redis, prefix: string, roomId: string, dead: string, since: number): Promise<number | null> {
  while (Date.now() - since < 15_000) {
    const v = await redis.get(`${prefix}room:${roomId}`).catch(() => null);
    if (v !== null && !v.startsWith(`${dead} `)) return Date.now() - since;
    await pause(25);
  }
  return null;
}

async function startRoom(node: string, code: string, adminKey: string): Promise<void> {
  const { WebSocket } = await import('ws');
  const ws = new WebSocket(`${node.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth: { as: 'admin', key: adminKey } })));
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { type: string; code?: string };
      if (m.type === 'welcome') ws.send(JSON.stringify({ v: 1, type: 'start', id: 'start' }));
      else if (m.type === 'update' || (m.type === 'error' && m.code !== undefined)) {
        ws.close();
        return m.type === 'update' ? resolve() : reject(new Error(m.code));
      }
    });
    ws.on('error', reject);
  });
}

/** One query on the run's database (its own schema named in the query), on a connection of its own. */
async function query(databaseUrl: string, sql: string, params: unknown[] = []): Promise<unknown[]> {
  const u = new URL(databaseUrl);
  u.searchParams.delete('schema');
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** Of `roomIds`, those whose game has ended (the rooms table). */
async function endedRooms(databaseUrl: string, schema: string, roomIds: readonly string[]): Promise<Set<string>> {
  if (roomIds.length === 0) return new Set();
  const rows = await query(databaseUrl, `SELECT id FROM "${schema}".rooms WHERE id = ANY($1) AND ended = 1`, [[...roomIds]]);
  return new Set((rows as { id: string }[]).map((x) => x.id));
}

/** Every request id in each room's log. */
async function readLogs(databaseUrl: string, schema: string, roomIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await query(databaseUrl, `SELECT room_id, body FROM "${schema}".room_log WHERE room_id = ANY($1)`, [[...roomIds]]);
  const out = new Map<string, string[]>();
  for (const row of rows as { room_id: string; body: string }[]) {
    const id = (JSON.parse(row.body) as { id?: unknown }).id;
    if (typeof id !== 'string') continue;
    const list = out.get(row.room_id) ?? [];
    list.push(id);
    out.set(row.room_id, list);
  }
  return out;
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  await query(databaseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
