import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { freshAddress, http, sleep, TARGET_HOST } from './net.js';
import { check, type Check } from './report.js';

export interface HttpFloodOptions {
  readonly port: number;
  /** GET /api/auth/csrf requests of the token flood. */
  readonly csrfRequests: number;
  /** Idle TCP connections one address opens at once. */
  readonly idleConnections: number;
  readonly log: (s: string) => void;
}

/**
 * Issue 23 point 10: each GET /api/auth/csrf wrote a 30-day session row. A session row is written
 * exactly when the session cookie is set, so no `mafia.sid` in any answer is no row.
 */
async function csrfFlood(o: HttpFloodOptions): Promise<Check> {
  const from = freshAddress();
  let ok = 0, sessionCookies = 0;
  const t = Date.now();
  for (let i = 0; i < o.csrfRequests; i++) {
    const r = await http(o.port, { path: '/api/auth/csrf', from });
    if (r.status === 200) ok++;
    const cookies = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
    if (cookies.some((c) => c.startsWith('mafia.sid='))) sessionCookies++;
  }
  const rate = Math.round(o.csrfRequests / ((Date.now() - t) / 1000));
  return check('http floods', 'anonymous CSRF tokens write no session', sessionCookies === 0 && ok === o.csrfRequests,
    `${o.csrfRequests} GET /api/auth/csrf from one address (${rate}/s): ${ok} answered 200, ${sessionCookies} set a session cookie (a session row)`);
}

/** An idle TCP connection: resolves with the first line the server wrote before closing it, or 'open' when it kept it. */
function idleConnection(port: number, from: string, sockets: Socket[]): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ port, host: TARGET_HOST, localAddress: from });
    sockets.push(s);
    let text = '';
    s.on('data', (d) => (text += d));
    s.on('error', () => undefined);
    s.once('close', () => resolve(text.split('\r\n')[0] || 'closed'));
    s.once('connect', () => setTimeout(() => resolve('open'), 1000));
  });
}

/** Issue 23 point 10: 250 idle connections a second from one address made health fail. */
async function idleFlood(o: HttpFloodOptions): Promise<Check[]> {
  const from = freshAddress();
  const prober = freshAddress();
  const sockets: Socket[] = [];
  const outcomes: Promise<string>[] = [];
  const health: number[] = [];
  try {
    for (let i = 0; i < o.idleConnections; i++) {
      outcomes.push(idleConnection(o.port, from, sockets));
      if (i % 25 === 24) {
        health.push(await http(o.port, { path: '/api/health', from: prober, timeoutMs: 5000 }).then((r) => r.status, () => 0));
        await sleep(20);
      }
    }
    const done = await Promise.all(outcomes);
    const open = done.filter((x) => x === 'open').length;
    const refused = done.filter((x) => x.startsWith('HTTP/1.1 429')).length;
    const healthy = health.filter((s) => s === 200).length;
    return [
      check('http floods', 'idle connections beyond the per-address cap get 429 and are closed', refused > 0 && open <= 96,
        `${o.idleConnections} idle connections from one address: ${open} kept, ${refused} answered 429 and closed, ${o.idleConnections - open - refused} other`),
      check('http floods', '/api/health answers 200 during the idle-connection flood', healthy === health.length && health.length > 0, `${healthy} of ${health.length} probes answered 200`),
    ];
  } finally {
    for (const s of sockets) s.destroy();
  }
}

/** Issue 23 point 14 (DNS rebinding): Host and Origin both carry the attacker's name. */
async function rebinding(o: HttpFloodOptions): Promise<Check[]> {
  const from = freshAddress();
  const host = `evil.example:${o.port}`;
  const upgrade = await new Promise<number>((resolve) => {
    const ws = new WebSocket(`ws://${TARGET_HOST}:${o.port}/ws`, { localAddress: from, headers: { host }, origin: `http://${host}` });
    ws.once('open', () => {
      resolve(101);
      ws.close();
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.once('error', () => resolve(0));
  });
  const api = await http(o.port, { path: '/api/health', from, headers: { host } });
  const own = await http(o.port, { path: '/api/health', from, headers: { host: `localhost:${o.port}` } });
  return [
    check('http floods', 'a WebSocket upgrade naming a foreign Host (DNS rebinding) gets 403', upgrade === 403, `Host and Origin ${host}: answered ${upgrade}`),
    check('http floods', 'an HTTP request naming a foreign Host gets 403 and ours 200', api.status === 403 && own.status === 200, `Host ${host}: ${api.status} ${api.body.slice(0, 60)}; Host localhost: ${own.status}`),
  ];
}

/** The HTTP attacks of issue 23 points 10 and 14. */
export async function httpFloodAudit(o: HttpFloodOptions): Promise<Check[]> {
  o.log('http floods: CSRF tokens, idle connections, a rebound Host');
  return [await csrfFlood(o), ...await idleFlood(o), ...await rebinding(o)];
}
