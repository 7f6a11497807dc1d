/**
 * A connection flood against the real server (`npm start`'s main.js) under a small limit of open
 * files: the WebSockets over the total cap are refused, so the process keeps descriptors for
 * HTTP and /api/health goes on answering.
 */
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tempDbUrl } from './helpers.js';
import { freePort, spawnServer, type ServerProcess } from './process.js';

const OPEN_FILES = 400;
const FLOOD = 600;
const ADDRESSES = 20;

let server: ServerProcess | null = null;
const db = tempDbUrl();
const sockets: WebSocket[] = [];

beforeAll(() => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url)), '-b', 'apps/server'], { cwd: root, stdio: 'pipe' });
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await server?.kill9();
  db.cleanup();
});

/** GET /api/health: the status, or the network error's code when no answer came. */
const health = (base: string): Promise<number | string> =>
  new Promise((resolve) => {
    const req = request(`${base}/api/health`, { timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });

describe('connection flood', () => {
  it('health_answers_under_connection_flood', async () => {
    server = await spawnServer(db.url, await freePort(), { openFiles: OPEN_FILES });
    // From 20 loopback addresses, 30 each: under the per-address cap, over the descriptors.
    const outcomes = await Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(server!.ws, { localAddress: `127.0.0.${10 + (i % ADDRESSES)}` });
          sockets.push(ws);
          ws.once('open', () => resolve('open'));
          ws.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
          ws.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
        }),
      ),
    );
    for (let i = 0; i < 5; i++) expect(await health(server.base)).toBe(200);
    const count = (o: string) => outcomes.filter((x) => x === o).length;
    expect(count('open')).toBeGreaterThan(0);
    // The cap: the descriptors less the reserve (FD_RESERVE, 256).
    expect(count('open')).toBe(OPEN_FILES - 256);
    // Past the cap: refused with 503, or (while the flood's sockets take the last descriptors at once) reset.
    expect(count('503'), JSON.stringify(outcomes.reduce<Record<string, number>>((m, o) => ({ ...m, [o]: (m[o] ?? 0) + 1 }), {}))).toBeGreaterThan(FLOOD - OPEN_FILES);
  });
});
