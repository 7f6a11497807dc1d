import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { StageTimes } from '../room/stages.js';
import { SecondLog } from './seconds.js';
import type { BatchTimes, Storage } from '../storage/types.js';
import type { ServerSeconds } from '@mafia/protocol';

/**
 * GET /api/metrics in Prometheus's text format (prom-client): where each message's time goes
 * (room/stages.ts), the storage's group commits, rooms and connections, and Node's own (event-loop
 * delay, garbage collection, CPU, memory). docs/server.md lists them.
 *
 * Not public: the counts move with every command, so on a server with one game a player could
 * watch a night act being made (R-NIGHT-4). Served to a request straight from this machine (a
 * loopback peer with no proxy's forwarding header) or one that brings METRICS_TOKEN as a bearer token.
 */

/** Seconds: from a tenth of a millisecond (a chat line's projection) to seconds (a queue gone wrong). */
const BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

export interface ServerMetrics {
  readonly registry: Registry;
  readonly stages: StageTimes;
  readonly batches: BatchTimes;
  /** The event loop's delay second by second beside the work of that second (GET /api/metrics/seconds). */
  readonly seconds: SecondLog;
}

export function createMetrics(): ServerMetrics {
  const registry = new Registry();
  // Event-loop delay sampled every 10 ms (its figures include that resolution), GC by kind, CPU, memory.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const stage = new Histogram({
    name: 'mafia_message_stage_seconds',
    help: 'Time a message (a command, a chat line, a tap) spends in each stage from its socket to every viewer\'s socket (apps/server/src/room/stages.ts)',
    labelNames: ['stage'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const batch = new Histogram({
    name: 'mafia_storage_commit_seconds',
    help: 'Time of each group commit of the room log (the transaction and its fsync), without the wait for the commit before it',
    buckets: BUCKETS,
    registers: [registry],
  });
  const writes = new Histogram({
    name: 'mafia_storage_commit_writes',
    help: 'Writes (appends, rooms, marks) each group commit of the room log held',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
    registers: [registry],
  });
  const seconds = new SecondLog();
  return {
    registry,
    seconds,
    stages: {
      observe: (s, ms) => {
        stage.observe({ stage: s }, ms / 1000);
        if (s === 'total') seconds.message();
        else if (s === 'send') seconds.broadcast();
      },
    },
    batches: (ms, n) => {
      batch.observe(ms / 1000);
      writes.observe(n);
      seconds.commit(ms, n);
    },
  };
}

export interface MetricsSources {
  readonly rooms: () => number;
  readonly connections: () => number;
  readonly sockets: () => number;
}

/** The gauges read at each scrape, the storage's commits timed, and the route. */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics, storage: Storage, sources: MetricsSources, token: string | undefined): void {
  const { registry } = metrics;
  gauge(registry, 'mafia_rooms', 'Rooms in memory', sources.rooms);
  gauge(registry, 'mafia_connections', 'WebSocket connections in a room', sources.connections);
  gauge(registry, 'mafia_sockets', 'WebSocket connections open (in a room or not yet)', sources.sockets);
  storage.batchTimes = metrics.batches;
  metrics.seconds.start();
  app.addHook('onClose', async () => metrics.seconds.stop());
  const forbidden = { error: { code: 'metrics-forbidden', message: 'the metrics are served to this machine itself, or with METRICS_TOKEN as a bearer token (docs/server.md)' } };
  app.get('/api/metrics', async (req, reply) => {
    if (!mayRead(req, token)) return reply.status(403).send(forbidden);
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
  app.get('/api/metrics/seconds', async (req, reply) => {
    if (!mayRead(req, token)) return reply.status(403).send(forbidden);
    const body: ServerSeconds = { seconds: metrics.seconds.seconds() };
    return body;
  });
}

function gauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function mayRead(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token !== undefined && token !== '' && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice('Bearer '.length));
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  const peer = req.raw.socket.remoteAddress ?? '';
  // A proxy on this machine forwards others' requests from a loopback address: those say so.
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  return LOOPBACK.test(peer) && !forwarded;
}
