import { afterAll, beforeAll } from 'vitest';
import { buildServer, openStorage, type Storage } from '@mafia/server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import WebSocket from 'ws';
import { RoomClient, type RoomState, type SocketLike } from '../src/net/client';
import { createSecrets, memoryStore } from '../src/net/secrets';

/** The real game server in this process, on a temp SQLite database and a free port. */
export interface LiveServer {
  readonly base: string;
  readonly wsUrl: string;
  stop(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-web-'));
  const storage: Storage = await openStorage(`sqlite:${join(dir, 'db.sqlite')}`);
  await storage.migrate();
  // Tests only: steps shorter than a club's minimum, and more rooms from 127.0.0.1 than a club makes.
  const roomLimits = { perAddressPerHour: 100_000, unstartedPerAddress: 100_000, maxOpen: 100_000, unstartedTtlMs: 24 * 3_600_000 };
  const { app, manager } = await buildServer({ storage, logger: pino({ level: 'silent' }), webRoot: join(dir, 'no-web'), minStepSeconds: 0.01, roomLimits });
  await manager.resumeAll();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    async stop() {
      await app.close();
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Node 20 has no WebSocket: the `ws` package, as the RoomClient's socket. Its handlers take ws's
 * own event types, so a thin adapter passes on what SocketLike promises (the client sets its
 * handlers after this returns; they are looked up when each event comes).
 */
export function socket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const like: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (ev) => like.onopen?.(ev);
  ws.onmessage = (ev) => like.onmessage?.({ data: ev.data });
  ws.onclose = (ev) => like.onclose?.({ code: ev.code, reason: ev.reason });
  ws.onerror = (ev) => like.onerror?.(ev);
  return like;
}

/** Resolves with the client's state once `pred` holds; fails naming `what` after `ms`. */
export function until(client: RoomClient, pred: (s: RoomState) => boolean, what: string, ms = 10_000): Promise<RoomState> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const s = client.getState();
      if (pred(s)) {
        off();
        clearTimeout(t);
        resolve(s);
      }
    };
    const off = client.subscribe(check);
    const t = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for ${what}: ${JSON.stringify({ ...client.getState(), log: undefined, view: undefined })}`));
    }, ms);
    check();
  });
}

/** The live server for one test file: started before its tests, stopped after them. */
export function liveServerForTests(): { readonly base: string; readonly wsUrl: string } {
  let server: LiveServer | null = null;
  beforeAll(async () => {
    server = await startLiveServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const running = (): LiveServer => {
    if (!server) throw new Error('the live server is not started (use it inside a test)');
    return server;
  };
  return {
    get base() {
      return running().base;
    },
    get wsUrl() {
      return running().wsUrl;
    },
  };
}

/** The host's RoomClient and one claimed seat's per seat (each with its own token store), all open. */
export async function seatedTable(wsUrl: string, room: { code: string; hostKey?: string }, seats: number): Promise<{ host: RoomClient; seats: RoomClient[] }> {
  const opts = { url: wsUrl, socket, pingEveryMs: 0, code: room.code };
  const host = new RoomClient({ ...opts, auth: { as: 'host', key: room.hostKey! } });
  host.connect();
  await until(host, (s) => s.status === 'open', 'host open');
  return { host, seats: await claimEverySeat(wsUrl, room.code, seats) };
}

/** One RoomClient per seat (each with its own token store), each seat claimed, all open. */
export async function claimEverySeat(wsUrl: string, code: string, seats: number): Promise<RoomClient[]> {
  const clients: RoomClient[] = [];
  for (let n = 1; n <= seats; n++) {
    const c = new RoomClient({ url: wsUrl, socket, pingEveryMs: 0, code, auth: { as: 'spectator' }, tokens: createSecrets(memoryStore()) });
    c.connect();
    await until(c, (s) => s.status === 'open', `seat ${n} open`);
    await c.claim(n);
    clients.push(c);
  }
  return clients;
}
