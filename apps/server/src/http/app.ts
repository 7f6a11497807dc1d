import { monitorEventLoopDelay } from 'node:perf_hooks';
import websocket from '@fastify/websocket';
import { createRoomSchema, CODE_PATTERN } from '@mafia/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { RoomError } from '../room/errors.js';
import { RoomManager } from '../room/manager.js';
import type { Storage } from '../storage/types.js';
import { DEFAULT_LIMITS, handleSocket, type ConnectionLimits } from '../ws/connection.js';
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
}

/**
 * The HTTP side: health, creating and looking up rooms, the web app; and the WebSocket endpoint
 * /ws where everything of a game happens (docs/wire-protocol.md).
 */
export async function buildServer(o: BuildOptions): Promise<ServerParts> {
  const app = Fastify({ loggerInstance: o.logger as unknown as FastifyBaseLogger, bodyLimit: 16 * 1024 });
  const manager = new RoomManager(o.storage, o.logger.child({ part: 'rooms' }), Date.now, o.idleMs);
  const started = Date.now();
  // How late the event loop runs: every delay here is added to every message's latency. The
  // histogram holds the time between its 10 ms ticks, so the lateness is that minus 10 ms.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const lateMs = (ns: number): number => Math.max(0, Math.round((ns / 1e6 - 10) * 10) / 10);

  // Errors as JSON with a code and a message, never a stack trace.
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof RoomError) return reply.status(400).send({ error: err.refusal });
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) o.logger.error({ err: err.message }, 'request failed');
    return reply.status(status).send({ error: { code: status >= 500 ? 'server-error' : 'bad-request', message: status >= 500 ? 'the server could not do that' : err.message } });
  });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  app.get('/api/health', async () => ({
    ok: true,
    storage: o.storage.kind,
    rooms: manager.roomCount,
    connections: manager.connectionCount(),
    uptimeSeconds: Math.round((Date.now() - started) / 1000),
    rssBytes: process.memoryUsage().rss,
    heapUsedBytes: process.memoryUsage().heapUsed,
    eventLoopDelayMs: { p50: lateMs(loopDelay.percentile(50)), p99: lateMs(loopDelay.percentile(99)), max: lateMs(loopDelay.max) },
  }));

  app.post('/api/rooms', async (req, reply) => {
    const parsed = createRoomSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue.path.join('.');
      return reply.status(400).send({ error: { code: 'bad-request', message: path ? `${path}: ${issue.message}` : issue.message, ...(path ? { path } : {}) } });
    }
    const created = await manager.create(parsed.data);
    return reply.status(201).send(created);
  });

  app.get('/api/rooms/:code', async (req, reply) => {
    const code = (req.params as { code: string }).code.toUpperCase();
    if (!CODE_PATTERN.test(code)) return reply.status(400).send({ error: { code: 'bad-code', message: 'a room code is 6 letters or digits' } });
    const lobby = await manager.lobby(code);
    if (!lobby) return reply.status(404).send({ error: { code: 'no-room', message: `there is no room with the code ${code}` } });
    return lobby;
  });

  app.get('/ws', { websocket: true }, (socket) => {
    handleSocket(socket, manager, o.logger.child({ part: 'ws' }), o.limits ?? DEFAULT_LIMITS);
  });

  registerPages(app, o.webRoot ?? 'apps/web/dist');
  app.addHook('onClose', async () => {
    await manager.close();
  });
  return { app, manager };
}
