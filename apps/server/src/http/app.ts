import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createRoomSchemaWith, CODE_PATTERN } from '@mafia/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import { RoomError } from '../room/errors.js';
import { RoomManager } from '../room/manager.js';
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from '../room/roomLimits.js';
import type { Storage } from '../storage/types.js';
import { Connection, DEFAULT_LIMITS, type ConnectionContext, type ConnectionLimits } from '../ws/connection.js';
import { registerInfo } from './info.js';
import { registerPages } from './pages.js';

export interface ServerParts {
  readonly app: FastifyInstance;
  readonly manager: RoomManager;
}

export interface BuildOptions {
  readonly storage: Storage;
  readonly logger: Logger;
  readonly webRoot?: string;
  readonly limits?: ConnectionLimits;
  /** How long a room nobody is connected to stays in memory (ms; default DEFAULT_IDLE_MS). */
  readonly idleMs?: number;
  /** PUBLIC_URL (default: the environment's), for GET /api/info. */
  readonly publicUrl?: string;
  /** How many rooms may be made and how long an unstarted one stays (default DEFAULT_ROOM_LIMITS; env: config.ts). */
  readonly roomLimits?: RoomLimits;
  /**
   * FOR TESTS ONLY: the shortest step a create request may ask for (seconds, fractions allowed).
   * Unset, every request is held to MIN_STEP_SECONDS in whole seconds; no request can change it.
   */
  readonly minStepSeconds?: number;
}

/**
 * The HTTP side: health, creating and looking up rooms, the web app; and the WebSocket endpoint
 * /ws where everything of a game happens (docs/wire-protocol.md).
 */
export async function buildServer(o: BuildOptions): Promise<ServerParts> {
  const app = Fastify({ loggerInstance: o.logger as unknown as FastifyBaseLogger, bodyLimit: 16 * 1024 });
  const manager = new RoomManager(o.storage, o.logger.child({ part: 'rooms' }), Date.now, o.idleMs, undefined, { limits: o.roomLimits ?? DEFAULT_ROOM_LIMITS });
  const createRoomSchema = createRoomSchemaWith(o.minStepSeconds);
  const started = Date.now();
  // How late the event loop runs: every delay here is added to every message's latency. The
  // histogram holds the time between its 10 ms ticks, so the lateness is that minus 10 ms.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const lateMs = (ns: number): number => Math.max(0, Math.round((ns / 1e6 - 10) * 10) / 10);

  // Errors as JSON with a code and a message, never a stack trace.
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof RoomError) return reply.status(err.refusal.code === 'too-many-rooms' ? 429 : 400).send({ error: err.refusal });
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) o.logger.error({ err: err.message }, 'request failed');
    return reply.status(status).send({ error: { code: status >= 500 ? 'server-error' : 'bad-request', message: status >= 500 ? 'the server could not do that' : err.message } });
  });

  acceptWebSockets(app, { manager, log: o.logger.child({ part: 'ws' }), limits: o.limits ?? DEFAULT_LIMITS });

  // 503 while writes fail (the writer thread died, a full disk, the database gone): a balancer or
  // a watchdog sees it, and the same call probes whether the storage has recovered.
  app.get('/api/health', async (_req, reply) => {
    const failure = await o.storage.health();
    if (failure !== null) return reply.status(503).send({ ok: false, storage: o.storage.kind, reason: `storage: ${failure}` });
    return health();
  });
  const health = () => ({
    ok: true,
    storage: o.storage.kind,
    rooms: manager.roomCount,
    connections: manager.connectionCount(),
    uptimeSeconds: Math.round((Date.now() - started) / 1000),
    rssBytes: process.memoryUsage().rss,
    heapUsedBytes: process.memoryUsage().heapUsed,
    eventLoopDelayMs: { p50: lateMs(loopDelay.percentile(50)), p99: lateMs(loopDelay.percentile(99)), max: lateMs(loopDelay.max) },
  });

  app.post('/api/rooms', async (req, reply) => {
    const parsed = createRoomSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue.path.join('.');
      return reply.status(400).send({ error: { code: 'bad-request', message: path ? `${path}: ${issue.message}` : issue.message, ...(path ? { path } : {}) } });
    }
    const created = await manager.create(parsed.data, req.ip);
    return reply.status(201).send(created);
  });

  app.get('/api/rooms/:code', async (req, reply) => {
    const code = (req.params as { code: string }).code.toUpperCase();
    if (!CODE_PATTERN.test(code)) return reply.status(400).send({ error: { code: 'bad-code', message: 'a room code is 6 letters or digits' } });
    const lobby = await manager.lobby(code);
    if (!lobby) return reply.status(404).send({ error: { code: 'no-room', message: `there is no room with the code ${code}` } });
    return lobby;
  });

  app.get('/ws', async (_req, reply) =>
    reply.status(426).header('upgrade', 'websocket').send({ error: { code: 'upgrade-required', message: '/ws speaks WebSocket only (docs/wire-protocol.md)' } }));

  registerInfo(app, o.publicUrl !== undefined ? { publicUrl: o.publicUrl } : {});
  registerPages(app, o.webRoot ?? 'apps/web/dist');
  app.addHook('onClose', async () => {
    await manager.close();
  });
  return { app, manager };
}

/**
 * /ws upgrades on Node's own HTTP server, with `ws` in noServer mode: no Fastify request or reply
 * is made (or kept alive for the socket's lifetime) per connection, which halves what an idle
 * connection costs (docs/performance.md, "Memory per connection"). Other upgrade paths get 404.
 */
function acceptWebSockets(app: FastifyInstance, ctx: ConnectionContext): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  app.server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      new Connection(ws, ctx);
    });
  });
  // The HTTP server does not close while upgraded sockets are open: close them first (a client
  // that does not answer the close frame within a second is cut off).
  app.addHook('preClose', async () => {
    const open = [...wss.clients];
    await Promise.all(open.map((ws) => new Promise<void>((done) => {
      const cut = setTimeout(() => ws.terminate(), 1000);
      ws.once('close', () => { clearTimeout(cut); done(); });
      ws.close(1001, 'server stopping');
    })));
    wss.close();
  });
}
