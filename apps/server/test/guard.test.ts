/**
 * The server under attack: limits per client address (connections, messages, look-ups of unknown
 * room codes), handshake and idle timeouts, the Origin check on the WebSocket upgrade, the security
 * headers, refusals counted instead of logged one line each. Other source addresses are other
 * loopback addresses (127.0.0.2, …), which Linux answers without any setup.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BuildOptions } from '../src/http/app.js';
import type { ConnectionLimits } from '../src/ws/connection.js';
import { createRoom, startServer, tempDbUrl, V, type Running } from './helpers.js';

type Msg = Record<string, any>;

const running: { server: Running; cleanup: () => void }[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.server.stop();
    r.cleanup();
  }
});

/** A server of its own for one test, with the limits under test set low. */
async function serverWith(limits: Partial<ConnectionLimits>, more: Partial<BuildOptions>): Promise<Running> {
  const db = tempDbUrl();
  const server = await startServer(db.url, limits, undefined, more);
  running.push({ server, cleanup: db.cleanup });
  return server;
}

/** GET from a chosen source address (fetch cannot pick one): the status and the JSON body. */
function getFrom(url: string, localAddress = '127.0.0.1'): Promise<{ status: number; body: Msg; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress }, (res) => {
      let text = '';
      res.on('data', (d) => (text += String(d)));
      res.on('end', () => resolve({ status: res.statusCode!, body: text.startsWith('{') ? JSON.parse(text) : {}, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw socket, recording every message and how it closed; `refused` is the HTTP status of a refused upgrade. */
interface Probe {
  readonly ws: WebSocket;
  readonly received: Msg[];
  opened: Promise<'open' | number>;
  closed: Promise<number>;
}

function probe(url: string, o: WebSocket.ClientOptions = {}): Probe {
  const ws = new WebSocket(url, o);
  const received: Msg[] = [];
  ws.on('message', (d) => received.push(JSON.parse(String(d))));
  const opened = new Promise<'open' | number>((resolve) => {
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => resolve(0));
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return { ws, received, opened, closed };
}

/** How an upgrade was answered: 101 when it opened, else the HTTP status and body of the refusal. */
function upgradeAnswer(url: string, o: WebSocket.ClientOptions = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, o);
    ws.once('open', () => {
      resolve({ status: 101, text: '{}' });
      ws.close();
    });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (d) => (text += String(d)));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
  });
}

const within = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `pred` holds (polling), or fails naming `what`. */
async function until(pred: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

describe('look-ups of room codes that do not exist', () => {
  it('lookup_misses_rate_limited_per_address (HTTP and WS)', async () => {
    const server = await serverWith({}, { addressLimits: { lookupMissesPerMinute: 3 } });
    const room = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
    const unknown = ['ZZZZZ2', 'ZZZZZ3', 'ZZZZZ4', 'ZZZZZ5'];

    // HTTP: three misses answer 404, then every look-up is 429 — the existing room's too, so the
    // answer says nothing about whether a guess hit.
    for (const code of unknown.slice(0, 3)) expect((await getFrom(`${server.base}/api/rooms/${code}`)).status).toBe(404);
    const over = await getFrom(`${server.base}/api/rooms/${unknown[3]}`);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'too-many-lookups' });
    expect(over.body.error.message).toMatch(/3 look-ups/);
    expect((await getFrom(`${server.base}/api/rooms/${room.code}`)).status).toBe(429);
    // Another address has its own budget.
    expect((await getFrom(`${server.base}/api/rooms/${unknown[0]}`, '127.0.0.2')).status).toBe(404);
    expect((await getFrom(`${server.base}/api/rooms/${room.code}`, '127.0.0.2')).status).toBe(200);

    // WS: hello to unknown rooms are misses of the same budget; over it, an error and the close.
    const ws = probe(server.ws, { localAddress: '127.0.0.3' });
    expect(await ws.opened).toBe('open');
    for (const code of unknown.slice(0, 3)) {
      ws.ws.send(JSON.stringify({ v: V, type: 'hello', room: code, auth: { as: 'spectator' } }));
      await until(() => ws.received.some((m) => m.code === 'no-room' && m.message.includes(code)), `no-room for ${code}`);
    }
    ws.ws.send(JSON.stringify({ v: V, type: 'hello', room: room.code, auth: { as: 'spectator' } }));
    expect(await within(ws.closed, 3000, 'close after too many look-ups')).toBe(1008);
    expect(ws.received.at(-1)).toMatchObject({ type: 'error', code: 'too-many-lookups' });
    expect(ws.received.some((m) => m.type === 'welcome')).toBe(false);
    expect((await getFrom(`${server.base}/api/rooms/${room.code}`, '127.0.0.3')).status).toBe(429);
  });
});

describe('handshake and idle timeouts', () => {
  it('socket_without_hello_closed_after_handshake_timeout', async () => {
    const server = await serverWith({ helloTimeoutMs: 300 }, {});
    const room = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
    const silent = probe(server.ws);
    const welcomed = probe(server.ws);
    expect(await silent.opened).toBe('open');
    expect(await welcomed.opened).toBe('open');
    welcomed.ws.send(JSON.stringify({ v: V, type: 'hello', room: room.code, auth: { as: 'spectator' } }));
    const t0 = Date.now();
    expect(await within(silent.closed, 3000, 'the silent socket closed')).toBe(1008);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(silent.received).toEqual([expect.objectContaining({ type: 'error', code: 'hello-timeout' })]);
    await sleep(400);
    expect(welcomed.ws.readyState).toBe(WebSocket.OPEN);
    welcomed.ws.close();
  });

  it('http_socket_without_headers_closed_after_headers_timeout', async () => {
    const server = await serverWith({}, { httpTimeouts: { headersMs: 500, requestMs: 1000, keepAliveMs: 500 } });
    const port = Number(new URL(server.base).port);
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    const t0 = Date.now();
    await within(new Promise((resolve) => socket.once('close', resolve)), 5000, 'the silent TCP socket closed');
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('unanswered_ping_terminates_socket', async () => {
    const server = await serverWith({ pingIntervalMs: 200 }, {});
    const room = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
    // A peer that stopped answering (a phone gone out of range): `ws` answers pings unless told not to.
    const deaf = probe(server.ws, { autoPong: false });
    const alive = probe(server.ws);
    let pings = 0;
    alive.ws.on('ping', () => pings++);
    for (const p of [deaf, alive]) {
      expect(await p.opened).toBe('open');
      p.ws.send(JSON.stringify({ v: V, type: 'hello', room: room.code, auth: { as: 'spectator' } }));
    }
    await until(() => deaf.received.some((m) => m.type === 'welcome'), 'the deaf socket welcomed');
    expect(await within(deaf.closed, 3000, 'the deaf socket cut off')).toBe(1006);
    // The answering socket is pinged as often and stays.
    await until(() => pings >= 3, 'three pings to the answering socket');
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    alive.ws.close();
  });

  it('client_that_talks_but_never_answers_a_ping_is_cut_off', async () => {
    const server = await serverWith({ pingIntervalMs: 500 }, {});
    const room = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
    // A slow reader keeps sending; its messages must not stand in for the pong it never sends.
    const talker = probe(server.ws, { autoPong: false });
    let pings = 0;
    let sentAfterPing = 0;
    talker.ws.on('ping', () => pings++);
    expect(await talker.opened).toBe('open');
    talker.ws.send(JSON.stringify({ v: V, type: 'hello', room: room.code, auth: { as: 'spectator' } }));
    await until(() => talker.received.some((m) => m.type === 'welcome'), 'the talker welcomed');
    const chatter = setInterval(() => {
      if (talker.ws.readyState !== WebSocket.OPEN) return;
      talker.ws.send(JSON.stringify({ v: V, type: 'ping' }));
      if (pings > 0) sentAfterPing++;
    }, 50);
    try {
      expect(await within(talker.closed, 5000, 'the talker cut off')).toBe(1006);
    } finally {
      clearInterval(chatter);
    }
    expect(pings).toBeGreaterThanOrEqual(1);
    // It went on talking after the ping it left unanswered, and was cut off all the same.
    expect(sentAfterPing).toBeGreaterThanOrEqual(1);
  });
});

describe('connections and messages per address', () => {
  it('connection_cap_per_address_refuses_upgrade', async () => {
    const server = await serverWith({}, { addressLimits: { connectionsPerAddress: 3 } });
    const first = [probe(server.ws), probe(server.ws), probe(server.ws)];
    for (const p of first) expect(await p.opened).toBe('open');
    // The fourth from the same address gets HTTP 429 with the reason.
    const body = await upgradeAnswer(server.ws);
    expect(body.status).toBe(429);
    expect(JSON.parse(body.text).error).toMatchObject({ code: 'too-many-connections' });
    // Another address is not counted with it; a closed socket gives its slot back.
    const other = probe(server.ws, { localAddress: '127.0.0.2' });
    expect(await other.opened).toBe('open');
    first[0]!.ws.close();
    await first[0]!.closed;
    const again = probe(server.ws);
    expect(await again.opened).toBe('open');
    for (const p of [...first, other, again]) p.ws.close();
  });

  it('message_rate_limited_per_address_across_connections', async () => {
    // Each connection stays under its own limit (20/s, burst 40); together they are over the address's 10.
    const server = await serverWith({}, { addressLimits: { messagesPerSecond: 5, messageBurst: 10, strikes: 8 } });
    const sockets = Array.from({ length: 5 }, () => probe(server.ws));
    for (const p of sockets) expect(await p.opened).toBe('open');
    for (const p of sockets) for (let i = 0; i < 8; i++) p.ws.send(JSON.stringify({ v: V, type: 'ping' }));
    await until(() => sockets.reduce((n, p) => n + p.received.length, 0) >= 40 || sockets.some((p) => p.ws.readyState === WebSocket.CLOSED), 'answers or a close');
    await sleep(200);
    const all = sockets.flatMap((p) => p.received);
    const pongs = all.filter((m) => m.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(10);
    expect(pongs).toBeLessThanOrEqual(12);
    expect(all.filter((m) => m.code === 'rate-limited').length).toBeGreaterThan(0);
    expect(all.find((m) => m.code === 'rate-limited')!.message).toMatch(/from this address/);
    // The address ran out of strikes (8): a connection that struck after that was closed with 1008.
    expect(await within(Promise.race(sockets.map((p) => p.closed)), 3000, 'closed after the strikes')).toBe(1008);
    expect(all.some((m) => m.code === 'too-many-errors')).toBe(true);
    // Another address is served meanwhile.
    const other = probe(server.ws, { localAddress: '127.0.0.2' });
    expect(await other.opened).toBe('open');
    other.ws.send(JSON.stringify({ v: V, type: 'ping' }));
    await until(() => other.received.some((m) => m.type === 'pong'), 'pong for another address');
    other.ws.close();
  });
});

describe('headers and origins', () => {
  it('pages_carry_csp_and_frame_ancestors', async () => {
    const server = await serverWith({}, {});
    for (const path of ['/', '/r/ABCDEF', '/api/health', '/api/rooms/ZZZZZZ']) {
      const r = await fetch(`${server.base}${path}`);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/default-src 'self'/);
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).toContain(`connect-src 'self' ws://${new URL(server.base).host} wss://${new URL(server.base).host}`);
      expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('upgrade_from_foreign_origin_refused', async () => {
    const server = await serverWith({}, { allowedOrigins: ['https://club.example'] });
    const foreign = await upgradeAnswer(server.ws, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text).error).toMatchObject({ code: 'bad-origin' });
    expect(await probe(server.ws, { origin: 'null' }).opened).toBe(403);
    // The server's own pages, an allowed origin, and non-browser clients (no Origin) connect.
    for (const origin of [new URL(server.base).origin, 'https://club.example', undefined]) {
      const p = probe(server.ws, origin ? { origin } : {});
      expect(await p.opened, String(origin)).toBe('open');
      p.ws.close();
    }
  });
});

describe('refusals', () => {
  it('refusals_counted_not_logged_each', async () => {
    const lines: Msg[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const server = await serverWith({}, { logger: pino({ level: 'info' }, sink), refusalLogMs: 500 });
    const sockets = [probe(server.ws), probe(server.ws)];
    for (const p of sockets) expect(await p.opened).toBe('open');
    for (const p of sockets) for (let i = 0; i < 6; i++) p.ws.send('not json');
    await until(() => sockets.every((p) => p.received.length === 6), 'every bad message refused');
    const health = await (await fetch(`${server.base}/api/health`)).json();
    expect(health.refused.malformed).toBe(12);
    const refusedLines = () => lines.filter((l) => /refused/.test(String(l.msg)));
    expect(refusedLines().length).toBeLessThanOrEqual(1);
    await until(() => refusedLines().some((l) => l.refused?.malformed !== undefined), 'one summary line', 2000);
    expect(refusedLines().reduce((n, l) => n + (l.refused?.malformed ?? 0), 0)).toBe(12);
    expect(refusedLines().length).toBeLessThanOrEqual(2);
    for (const p of sockets) p.ws.close();
  });
});
