import { Socket } from 'node:net';
import type WebSocket from 'ws';
import { freshAddress, http, openSocket, sleep } from './net.js';
import { check, type Check, type Traffic } from './report.js';

/**
 * The TCP socket under a `ws` client, which the library keeps in `_socket` (outside its types): a
 * reader that stops reading is one whose socket is paused, so the server's sends pile up.
 */
function tcpOf(ws: WebSocket): Socket {
  const socket: unknown = Reflect.get(ws, '_socket');
  if (!(socket instanceof Socket)) throw new Error('the ws client keeps no TCP socket in _socket: the slow-reader check cannot pause it');
  return socket;
}

export interface SlowReaderOptions {
  readonly port: number;
  readonly readers: number;
  /** At most this long asking... */
  readonly seconds: number;
  /** ...or until each reader was asked for this many bytes (more than the kernel's buffers and the server's send limit together). */
  readonly targetBytes: number;
  readonly log: (s: string) => void;
}

/**
 * Clients that never read: each pauses its socket and keeps asking for the whole log of a room
 * whose game was played to its end (`hello` with lastSeq 0, under the rate limit), so what the server has to send
 * it piles up. The server must close them (it closes a client with more than its send limit
 * buffered) rather than hold their backlog; honest rooms' latency is watched meanwhile.
 */
export async function slowReaderAudit(o: SlowReaderOptions, code: string, traffic: Traffic): Promise<Check[]> {
  let sent = 0, closed = 0;
  const readers = await Promise.all(Array.from({ length: o.readers }, async () => {
    const s = await openSocket(o.port, freshAddress());
    if (!s.ws) return null;
    const ws = s.ws;
    const state = { closed: false };
    ws.once('close', () => {
      state.closed = true;
      closed++;
    });
    ws.on('message', () => traffic.frames++);
    ws.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth: { as: 'spectator' } }));
    await sleep(200);
    tcpOf(ws).pause();
    return { ws, state };
  }));
  const live = readers.filter((r) => r !== null);
  const sample = await openSocket(o.port, freshAddress());
  const welcomeBytes = await new Promise<number>((resolve) => {
    if (!sample.ws) return resolve(0);
    sample.ws.once('message', (d) => resolve(String(d).length));
    sample.ws.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth: { as: 'spectator' }, lastSeq: 0 }));
  });
  sample.ws?.terminate();
  const started = Date.now();
  const end = started + o.seconds * 1000;
  const perRound = Math.max(1, welcomeBytes);
  while (Date.now() < end && (sent / Math.max(1, live.length)) * perRound < o.targetBytes) {
    for (const r of live) {
      if (r.state.closed || r.ws.readyState !== r.ws.OPEN) continue;
      r.ws.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth: { as: 'spectator' }, lastSeq: 0 }));
      sent++;
    }
    // 19 a second: under the per-connection rate limit (20/s), so only the backlog can close them.
    await sleep(52);
  }
  const askedSeconds = (Date.now() - started) / 1000;
  const health = await http(o.port, { path: '/api/health', from: freshAddress() }).catch(() => ({ status: 0, body: '' }));
  // Read again: a reader the server closed sees its close frame (or the cut) now; `ws` gives a
  // closing peer 30 s to answer before it cuts the socket.
  for (const r of live) tcpOf(r.ws).resume();
  const settle = Date.now() + 35_000;
  while (Date.now() < settle && live.some((r) => !r.state.closed)) await sleep(100);
  const cut = live.filter((r) => r.state.closed).length;
  for (const r of live) r.ws.terminate();
  traffic.messages += sent;
  return [check('slow readers', 'the server closes clients that never read', cut === live.length && live.length > 0,
    `${live.length} readers sent ${sent} hellos (lastSeq 0) in room ${code} over ${askedSeconds.toFixed(0)} s without reading (${(welcomeBytes / 1024).toFixed(0)} KiB each, ${((sent * welcomeBytes) / live.length / 2 ** 20).toFixed(1)} MiB asked per reader): ${cut} closed by the server; /api/health ${health.status}`)];
}
