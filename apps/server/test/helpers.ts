import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { buildServer, type BuildOptions } from '../src/http/app.js';
import { openStorage } from '../src/storage/open.js';
import type { Storage } from '../src/storage/types.js';
import type { ConnectionLimits } from '../src/ws/connection.js';
import type { RoomManager } from '../src/room/manager.js';
import { frameOf } from './json.js';

export interface Running {
  readonly base: string;
  readonly ws: string;
  readonly storage: Storage;
  readonly url: string;
  stop(): Promise<void>;
}

export function tempDbUrl(): { url: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-server-'));
  return { url: `sqlite:${join(dir, 'db.sqlite')}`, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The shortest step the test servers accept (seconds): whole games run on short steps here. The
 * real minimum (MIN_STEP_SECONDS) is tested with `{ minStepSeconds: undefined }`.
 */
export const TEST_MIN_STEP_SECONDS = 0.01;

/** The test servers' room limits: a test file makes far more rooms from 127.0.0.1 than a club would. */
export const TEST_ROOM_LIMITS = { perAddressPerHour: 100_000, unstartedPerAddress: 100_000, maxOpen: 100_000, unstartedTtlMs: 24 * 3_600_000 };

/**
 * Limits per address high enough for tests that open many rooms from 127.0.0.1 and send bad
 * messages on purpose; the tests of the limits themselves (guard.test.ts) set their own.
 */
const ROOMY: BuildOptions['addressLimits'] = { connectionsPerAddress: 100_000, httpConnectionsPerAddress: 100_000, maxConnections: 100_000, messagesPerSecond: 100_000, messageBurst: 100_000, strikes: 100_000, lookupMissesPerMinute: 100_000 };

/** The server in this process on a free port, over the storage at `url`; `more` overrides build options. */
export async function startServer(url: string, limits?: Partial<ConnectionLimits>, idleMs?: number, more: Partial<BuildOptions> = {}): Promise<Running & { manager: RoomManager }> {
  const storage = await openStorage(url);
  await storage.migrate();
  const { app, manager } = await buildServer({ minStepSeconds: TEST_MIN_STEP_SECONDS, roomLimits: TEST_ROOM_LIMITS, addressLimits: ROOMY, storage, logger: pino({ level: 'silent' }), webRoot: join(tmpdir(), 'no-web-build-here'), limits, idleMs, ...more });
  await manager.resumeAll();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/ws`,
    storage,
    url,
    manager,
    async stop() {
      await app.close();
      await storage.close();
    },
  };
}

/** What POST /api/rooms answered: `hostKey` in a human room, `adminKey` in an app or online room. */
export interface CreatedForTest { room: string; code: string; link: string; hostKey?: string; adminKey?: string }

/**
 * One server for a test file, over a fresh SQLite database: started before its tests, stopped
 * after. `get()` is the running server (inside a test).
 */
export function serverForTests(): { get(): Running & { manager: RoomManager } } {
  let server: (Running & { manager: RoomManager }) | null = null;
  let db: ReturnType<typeof tempDbUrl> | null = null;
  beforeAll(async () => {
    db = tempDbUrl();
    server = await startServer(db.url);
  });
  afterAll(async () => {
    await server?.stop();
    db?.cleanup();
  });
  return { get: () => server! };
}

export async function createRoom(base: string, body: Record<string, unknown>): Promise<CreatedForTest> {
  const r = await fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.status !== 201) throw new Error(`create room: ${r.status} ${await r.text()}`);
  return (await r.json()) as CreatedForTest;
}

/** The `auth` of whoever runs the room: the host key's holder, or the room admin. */
export const controllerAuth = (created: CreatedForTest) =>
  created.hostKey !== undefined ? { as: 'host', key: created.hostKey } : { as: 'admin', key: created.adminKey! };

type Msg = Record<string, any>;

/** A WebSocket test client: every message it received, and a way to wait for the next that matches. */
export class Client {
  readonly received: Msg[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void; from: number }[] = [];
  private cursor = 0;
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (d) => {
      const m: Msg = frameOf(String(d));
      this.received.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (w.pred(m)) {
          w.resolve(m);
          return false;
        }
        return true;
      });
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  static async open(url: string): Promise<Client> {
    const s = new WebSocket(url);
    await new Promise<void>((res, rej) => {
      s.once('open', () => res());
      s.once('error', rej);
    });
    return new Client(s);
  }

  send(m: unknown): void {
    this.socket.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next message (after the ones already taken with `next`) that matches. */
  next(pred: (m: Msg) => boolean = () => true, timeoutMs = 10_000): Promise<Msg> {
    for (let i = this.cursor; i < this.received.length; i++) {
      if (pred(this.received[i])) {
        this.cursor = i + 1;
        return Promise.resolve(this.received[i]);
      }
    }
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms; last: ${JSON.stringify(this.received.slice(-2))}`)), timeoutMs);
      this.waiters.push({
        pred,
        from: this.cursor,
        resolve: (m) => {
          clearTimeout(timer);
          this.cursor = this.received.length;
          resolve(m);
        },
      });
    });
  }

  type(t: string): Promise<Msg> {
    return this.next((m) => m.type === t);
  }

  /** Sends `m` and waits for the first answer of type `t` that arrives after it (earlier messages are passed over). */
  async request(m: Msg | string, t?: string): Promise<Msg> {
    this.cursor = this.received.length;
    this.send(m);
    const id = typeof m === 'object' ? (m as Msg).id : undefined;
    // A command's answer names its id (an update's ack, an ack, an error): others' broadcasts are passed over.
    const mine = (x: Msg) => id === undefined || x.ack === id || x.id === id;
    return t ? this.next((x) => x.type === t && mine(x)) : this.next((x) => (x.type === 'welcome' || x.type === 'error' || x.type === 'update' || x.type === 'ack' || x.type === 'pong') && mine(x));
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((res) => {
      this.socket.once('close', () => res());
      this.socket.close();
    });
  }
}

export const V = 1;

/** Claims every seat of a room, one connection each (named P1, P2, … when `named`): the clients, tokens and welcomes in seat order. */
export async function claimSeats(ws: string, code: string, o: { seats?: number; named?: boolean } = {}): Promise<{ seats: Client[]; tokens: string[]; welcomes: Msg[] }> {
  const seats: Client[] = [];
  const tokens: string[] = [];
  const welcomes: Msg[] = [];
  for (let seat = 1; seat <= (o.seats ?? 10); seat++) {
    const c = await Client.open(ws);
    const w = await c.request({ v: V, type: 'claim', room: code, seat, ...(o.named ? { name: `P${seat}` } : {}) }, 'welcome');
    tokens.push(w.token);
    welcomes.push(w);
    seats.push(c);
  }
  return { seats, tokens, welcomes };
}

/**
 * Claims every seat of a room (claimSeats) and connects whoever runs it: the host, or the room
 * admin in an app or online room.
 */
export async function seatTheTable(
  ws: string,
  created: CreatedForTest,
  o: { seats?: number; named?: boolean } = {},
): Promise<{ seats: Client[]; tokens: string[]; welcomes: Msg[]; host: Client; hostWelcome: Msg }> {
  const claimed = await claimSeats(ws, created.code, o);
  const host = await Client.open(ws);
  const hostWelcome = await host.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created) }, 'welcome');
  return { ...claimed, host, hostWelcome };
}
