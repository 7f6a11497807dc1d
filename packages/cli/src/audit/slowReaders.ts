import type { Socket } from 'node:net';
import { Latencies, Tally } from '../loadtest/stats.js';
import { freshAddress, http, openSocket, sleep } from './net.js';
import { check, type Check, type Traffic } from './report.js';
import { playTable, type Created } from './tables.js';

export interface SlowReaderOptions {
  readonly port: number;
  readonly readers: number;
  readonly seconds: number;
  readonly step: number;
  readonly log: (s: string) => void;
}

/**
 * Clients that never read, in a busy room: each pauses its socket and keeps asking for the
 * room's whole log (`hello` with lastSeq 0, under the rate limit), so what the server has to send
 * it piles up. The server must close them (it closes a client with more than its send limit
 * buffered) rather than hold their backlog; honest rooms' latency is watched meanwhile.
 */
export async function slowReaderAudit(o: SlowReaderOptions, traffic: Traffic): Promise<Check[]> {
  let room: Created | null = null;
  const tally = { latencies: new Latencies(), refused: new Tally(), errors: new Tally(), counters: { messages: 0, commands: 0 } };
  const game = playTable({ port: o.port, from: freshAddress(), preset: 'classic', step: o.step, fallbackStep: 10, thinkMs: 200, timeoutMs: (o.seconds + 120) * 1000, tally, created: (c) => (room = c) })
    .catch((e: unknown) => tally.errors.add(String(e)));
  while (!room) await sleep(50);
  const code = (room as Created).code;
  // Let the game write some log first: the hellos then ask for more than a screenful each.
  await sleep(3000);
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
    (ws as unknown as { _socket: Socket })._socket.pause();
    return { ws, state };
  }));
  const live = readers.filter((r) => r !== null);
  const end = Date.now() + o.seconds * 1000;
  while (Date.now() < end && live.some((r) => !r.state.closed)) {
    for (const r of live) {
      if (r.state.closed || r.ws.readyState !== r.ws.OPEN) continue;
      r.ws.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth: { as: 'spectator' }, lastSeq: 0 }));
      sent++;
    }
    await sleep(100);
  }
  const health = await http(o.port, { path: '/api/health', from: freshAddress() }).catch(() => ({ status: 0, body: '' }));
  // Read again: a reader the server closed sees its close frame (or the cut) now.
  for (const r of live) (r.ws as unknown as { _socket: Socket })._socket.resume();
  const settle = Date.now() + 10_000;
  while (Date.now() < settle && live.some((r) => !r.state.closed)) await sleep(100);
  const cut = live.filter((r) => r.state.closed).length;
  for (const r of live) r.ws.terminate();
  await game;
  traffic.messages += sent;
  return [check('slow readers', 'the server closes clients that never read', cut === live.length && live.length > 0,
    `${live.length} readers sent ${sent} hellos (lastSeq 0) in room ${code} over ${o.seconds} s without reading: ${cut} closed by the server; /api/health ${health.status}`)];
}
