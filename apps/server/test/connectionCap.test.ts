/**
 * Plain HTTP connections per address (issue 23 point 10): idle connections from one address
 * beyond its cap are answered 429 and closed at once, and /api/health keeps answering.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS_LIMITS } from '../src/ws/addressGuard.js';
import { startServer, tempDbUrl, type Running } from './helpers.js';

const CAP = 8;
const FLOOD = 40;

/** GET /api/health from `localAddress`: the status, or the network error's code. */
const health = (base: string, localAddress: string): Promise<number | string> => new Promise((resolve) => {
  const req = request(`${base}/api/health`, { localAddress, agent: false, timeout: 5000 }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode!));
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  req.end();
});

/** An idle TCP connection that says nothing: 'open' while the server keeps it, else what the server wrote before it closed. */
function idle(port: number, localAddress: string): Promise<{ socket: Socket; outcome: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('error', () => undefined);
    const outcome = new Promise<string>((done) => socket.once('close', () => done(text.split('\r\n')[0] ?? '')));
    socket.once('connect', () => resolve({ socket, outcome }));
  });
}

describe('a flood of idle HTTP connections from one address', () => {
  let server: Running;
  let port: number;
  const db = tempDbUrl();
  beforeAll(async () => {
    server = await startServer(db.url, undefined, undefined, { addressLimits: { ...DEFAULT_ADDRESS_LIMITS, connectionsPerAddress: 4, httpConnectionsPerAddress: CAP } });
    port = Number(new URL(server.base).port);
  });
  afterAll(async () => {
    await server.stop();
    db.cleanup();
  });

  it('connections_beyond_the_cap_get_429_and_are_closed_while_health_answers', async () => {
    const conns: Awaited<ReturnType<typeof idle>>[] = [];
    try {
      for (let i = 0; i < FLOOD; i++) conns.push(await idle(port, '127.0.0.77'));
      // The refused ones are closed by the server with a 429 at once; the first CAP stay open.
      const refused = await Promise.all(conns.slice(CAP).map((c) => c.outcome));
      expect(refused.every((line) => line === 'HTTP/1.1 429 Too Many Requests')).toBe(true);
      const still = await Promise.race([Promise.any(conns.slice(0, CAP).map((c) => c.outcome)), new Promise((r) => setTimeout(() => r('open'), 300))]);
      expect(still).toBe('open');
      // Another address is served; the flooding one is refused until it lets go.
      expect(await health(server.base, '127.0.0.78')).toBe(200);
      expect(await health(server.base, '127.0.0.77')).toBe(429);
      for (const c of conns) c.socket.destroy();
      await Promise.all(conns.map((c) => c.outcome));
      await new Promise((r) => setTimeout(r, 50));
      expect(await health(server.base, '127.0.0.77')).toBe(200);
    } finally {
      for (const c of conns) c.socket.destroy();
    }
  });
});
