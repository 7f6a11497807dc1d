import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createRoomSchemaWith, CODE_PATTERN } from '@mafia/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { IceServer } from '@mafia/protocol';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '../config.js';
import { registerClub, type ClubOptions, type ClubParts } from '../club/index.js';
import type { SharedLimits } from '../club/auth/index.js';
import { RoomElsewhere, RoomError } from '../room/errors.js';
import type { Placement } from '../room/managerTypes.js';
import type { ClusterLink } from '../ws/upstream.js';
import { forwardToHolder } from './forward.js';
import { isConnectionError } from '../storage/outage.js';
import { databaseUnavailable } from './unavailable.js';
import { RoomManager } from '../room/manager.js';
import { DEFAULT_ROOM_LIMITS, type RoomLimits, type SharedCreations } from '../room/roomLimits.js';
import type { Storage } from '../storage/types.js';
import { AddressGuard, DEFAULT_ADDRESS_LIMITS, type AddressLimits } from '../ws/addressGuard.js';
import { AddressShare } from '../ws/addressShare.js';
import { clientAddress, type TrustProxy } from '../ws/clientAddress.js';
import { DEFAULT_LIMITS, type ConnectionLimits } from '../ws/connection.js';
import { RefusalCounter } from '../ws/refusalCounter.js';
import { acceptWebSockets } from '../ws/upgrade.js';
import { capConnections } from './connectionCap.js';
import { HostGuard, registerHostGuard } from './hostGuard.js';
import { normalizePublicUrl, registerInfo } from './info.js';
import { registerOpenRooms } from './openRooms.js';
import { registerMedia } from './media.js';
import { createMetrics, registerMetrics } from './metrics.js';
import { lateMs, LOOP_RESOLUTION_MS } from './seconds.js';
import { registerPages } from './pages.js';
import { registerRoomProtocol } from './roomProtocol.js';
import { registerRoomReview } from './roomReview.js';
import { answerAndClose } from './rawAnswer.js';
import { registerSecurityHeaders } from './securityHeaders.js';

export interface ServerParts {
  readonly app: FastifyInstance;
  readonly manager: RoomManager;
  /** The club (members, evenings, invitations, the ledger): docs/club.md. */
  readonly club: ClubParts;
}

export interface BuildOptions {
  readonly storage: Storage;
  readonly logger: Logger;
  readonly webRoot?: string;
  /** Per connection (defaults DEFAULT_LIMITS; config.ts reads them from the environment). */
  readonly limits?: Partial<ConnectionLimits>;
  /** Per client address and in total (defaults DEFAULT_ADDRESS_LIMITS). */
  readonly addressLimits?: Partial<AddressLimits>;
  readonly httpTimeouts?: HttpTimeouts;
  /** TRUST_PROXY (default off: the socket's peer is the client). */
  readonly trustProxy?: TrustProxy;
  /** ALLOWED_ORIGINS: origins besides the request's own Host whose pages may open a WebSocket. */
  readonly allowedOrigins?: readonly string[];
  /** ALLOWED_HOSTS: host names besides IP addresses, localhost and PUBLIC_URL's host that requests may name (http/hostGuard.ts). */
  readonly allowedHosts?: readonly string[];
  /** At most one log line of refused messages this often (ms; default 60 s). */
  readonly refusalLogMs?: number;
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
  /** FOR TESTS ONLY: the test clock's scale of every step (room/testClock.ts; default 1, real time). */
  readonly timeScale?: number;
  /** FOR TESTS ONLY: every room and next game dealt from this seed (room/testSeed.ts; MAFIA_TEST_SEED). */
  readonly testSeed?: number | null;
  /** ICE_SERVERS: the STUN/TURN servers GET /api/media gives clients for voice and video (default none). */
  readonly iceServers?: readonly IceServer[];
  /** METRICS_TOKEN: a bearer token that reads GET /api/metrics from another machine (http/metrics.ts). */
  readonly metricsToken?: string;
  /** The club's mailer, SMS gateway, clock and job polling (tests give their own; default: the environment's). */
  readonly club?: ClubOptions;
  /** Several nodes on one PostgreSQL and one Redis (issue 29: cluster/); absent, one process. */
  readonly cluster?: ClusterParts;
}

/** What the HTTP side needs of the cluster: where rooms live, how to pass a client on, what /api/health tells. */
export interface ClusterParts {
  readonly placement: Placement;
  /** The room limits per address counted across the nodes (cluster/creations.ts). */
  readonly creations: SharedCreations;
  /** Rate limits counted across the nodes (the club's: @fastify/rate-limit on Redis). */
  readonly sharedLimits: SharedLimits;
  readonly link: ClusterLink;
  status(): Record<string, unknown>;
}

/**
 * The HTTP side: health, creating and looking up rooms, the web app; and the WebSocket endpoint
 * /ws where everything of a game happens (docs/wire-protocol.md).
 */
export async function buildServer(o: BuildOptions): Promise<ServerParts> {
  const timeouts = o.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS;
  const trustProxy = o.trustProxy ?? false;
  // Widened to Fastify's logger type, so the app and the routes registered on it keep Fastify's default types.
  const fastifyLogger: FastifyBaseLogger = o.logger;
  const app = Fastify({
    loggerInstance: fastifyLogger,
    // A URL that does not parse (`%E0%A4` in a path, a bad route constraint): the API's error shape, not Fastify's.
    frameworkErrors: (err, _req, reply) => (reply as FastifyReply).status(400).send({ error: { code: 'bad-url', message: `the request's URL could not be read (${err.code})` } }),
    // A request HTTP itself cannot parse, or that came too slowly: answered in the API's shape, then closed.
    clientErrorHandler: (err: Error & { code?: string }, socket) => {
      if (err.code === 'ECONNRESET') return socket.destroy();
      if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return answerAndClose(socket, '408 Request Timeout', 'request-timeout', 'the request did not arrive in time');
      if (err.code === 'HPE_HEADER_OVERFLOW') return answerAndClose(socket, '431 Request Header Fields Too Large', 'headers-too-large', 'the request\'s headers are too large');
      answerAndClose(socket, '400 Bad Request', 'bad-request', `the request could not be parsed as HTTP (${err.code ?? 'bad request'})`);
    },
    bodyLimit: 16 * 1024,
    // A hop count as Fastify's trust function: the same address ws/clientAddress.ts takes.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the headers and request timeouts every `connectionsCheckingInterval` (30 s by
    // default): a fraction of the headers timeout, so a silent socket goes when its time is up.
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.max(250, Math.min(5_000, timeouts.headersMs / 4)) },
  });
  const publicUrl = o.publicUrl ?? process.env.PUBLIC_URL;
  const hosts = new HostGuard({ publicUrl: publicUrl ? normalizePublicUrl(publicUrl) : undefined, allowedHosts: o.allowedHosts ?? [] });
  registerHostGuard(app, hosts);
  const metrics = createMetrics();
  const manager = new RoomManager(o.storage, o.logger.child({ part: 'rooms' }), Date.now, o.idleMs, undefined, {
    limits: o.roomLimits ?? DEFAULT_ROOM_LIMITS, timeScale: o.timeScale, stages: metrics.stages, ...(o.cluster ? { placement: o.cluster.placement, creations: o.cluster.creations } : {}),
    ...(o.testSeed !== undefined && o.testSeed !== null ? { newGameSeed: () => o.testSeed! } : {}),
  });
  const createRoomSchema = createRoomSchemaWith(o.minStepSeconds);
  const started = Date.now();
  // How late the event loop runs: every delay here is added to every message's latency. The
  // histogram holds the time between its 10 ms ticks, so the lateness is that minus 10 ms.
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();

  // Errors as JSON with a code and a message, never a stack trace.
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    // A room another node holds: asked of that node, its answer passed back (cluster mode).
    if (err instanceof RoomElsewhere && o.cluster) return forwardToHolder(err, req, reply, o.cluster.link);
    if (err instanceof RoomError) {
      // Several nodes: nobody can take the room right now (Redis away, its node's lease not yet run out).
      if (err.refusal.code === 'room-unavailable') return reply.status(503).header('retry-after', '2').send({ error: err.refusal });
      return reply.status(err.refusal.code === 'too-many-rooms' ? 429 : 400).send({ error: err.refusal });
    }
    if (isConnectionError(err)) return databaseUnavailable(reply);
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) o.logger.error({ err: err.message }, 'request failed');
    return reply.status(status).send({ error: { code: status >= 500 ? 'server-error' : 'bad-request', message: status >= 500 ? 'the server could not do that' : err.message } });
  });

  const { guard, refusals, tcp } = guardConnections(app, manager, o, hosts);

  // 503 while writes fail (the writer thread died, a full disk, the database gone): a balancer or
  // a watchdog sees it, and the same call probes whether the storage has recovered.
  app.get('/api/health', async (_req, reply) => {
    const failure = await o.storage.health();
    if (failure !== null) return reply.status(503).send({ ok: false, storage: o.storage.kind, reason: `storage: ${failure}` });
    return health();
  });
  registerMetrics(app, metrics, o.storage, { rooms: () => manager.roomCount, connections: () => manager.connectionCount(), sockets: () => guard.connections }, o.metricsToken);
  const health = () => ({
    ok: true,
    storage: o.storage.kind,
    rooms: manager.roomCount,
    connections: manager.connectionCount(),
    sockets: guard.connections,
    tcpConnections: tcp(),
    refused: refusals.snapshot(),
    uptimeSeconds: Math.round((Date.now() - started) / 1000),
    rssBytes: process.memoryUsage().rss,
    heapUsedBytes: process.memoryUsage().heapUsed,
    eventLoopDelayMs: { p50: lateMs(loopDelay.percentile(50)), p99: lateMs(loopDelay.percentile(99)), max: lateMs(loopDelay.max) },
    ...(o.cluster ? { cluster: o.cluster.status() } : {}),
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

  registerOpenRooms(app, manager);

  app.get('/api/rooms/:code', async (req, reply) => {
    const code = (req.params as { code: string }).code.toUpperCase();
    if (!CODE_PATTERN.test(code)) return reply.status(400).send({ error: { code: 'bad-code', message: 'a room code is 6 letters or digits' } });
    const address = clientAddress(req.raw, trustProxy);
    if (!guard.mayLookUp(address)) return tooManyLookups(reply, guard, refusals);
    const lobby = await manager.lobby(code);
    if (!lobby) {
      guard.missed(address);
      return reply.status(404).send({ error: { code: 'no-room', message: `there is no room with the code ${code}` } });
    }
    return lobby;
  });

  const lookups = {
    may: (req: FastifyRequest) => guard.mayLookUp(clientAddress(req.raw, trustProxy)),
    missed: (req: FastifyRequest) => guard.missed(clientAddress(req.raw, trustProxy)),
    tooMany: (reply: FastifyReply) => tooManyLookups(reply, guard, refusals),
  };
  registerRoomProtocol(app, o.storage, lookups);
  registerRoomReview(app, o.storage, manager, lookups);

  app.get('/ws', async (_req, reply) =>
    reply.status(426).header('upgrade', 'websocket').send({ error: { code: 'upgrade-required', message: '/ws speaks WebSocket only (docs/wire-protocol.md)' } }));

  const club = await registerClub(app, o.storage, manager, o.logger.child({ part: 'club' }), {
    ...(o.publicUrl !== undefined ? { publicUrl: o.publicUrl } : {}), ...(o.cluster ? { sharedLimits: o.cluster.sharedLimits } : {}), ...o.club,
  });
  registerSecurityHeaders(app);
  registerMedia(app, o.iceServers ?? []);
  registerInfo(app, o.publicUrl !== undefined ? { publicUrl: o.publicUrl } : {});
  registerPages(app, o.webRoot ?? 'apps/web/dist');
  registerNotFound(app);
  app.addHook('onClose', async () => {
    await manager.close();
  });
  return { app, manager, club };
}

/** Plain HTTP connections beyond a full house of WebSockets (out of FD_RESERVE's 256 descriptors). */
const HTTP_HEADROOM = 64;

/**
 * The limits per client address and in total (ws/addressGuard.ts), shared by /ws and the room
 * look-ups, and the cap on TCP connections (connectionCap.ts); the refusals counter /api/health shows. Both stop with the server.
 */
function guardConnections(app: FastifyInstance, manager: RoomManager, o: BuildOptions, hosts: HostGuard): { guard: AddressGuard; refusals: RefusalCounter; tcp: () => number } {
  const log = o.logger.child({ part: 'ws' });
  const guard = new AddressGuard({ ...DEFAULT_ADDRESS_LIMITS, ...o.addressLimits });
  const refusals = new RefusalCounter(log, o.refusalLogMs);
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  acceptWebSockets(app, { manager, log, limits, guard, refusals, ...(o.cluster ? { cluster: o.cluster.link } : {}) }, { trustProxy: o.trustProxy ?? false, allowedOrigins: o.allowedOrigins ?? [], hosts });
  // Every TCP connection, WebSockets included: past a full house of WebSockets there are still
  // HTTP_HEADROOM connections for pages and /api/health; the rest of FD_RESERVE stays for storage and files.
  const tcp = capConnections(app.server, { perAddress: guard.limits.httpConnectionsPerAddress, total: guard.limits.maxConnections + HTTP_HEADROOM }, o.trustProxy ?? false, refusals);
  // Several nodes: one budget per address over all of them (issue 29).
  const share = o.cluster ? new AddressShare(guard, { ...o.cluster.sharedLimits, log }) : null;
  app.addHook('onClose', async () => {
    share?.stop();
    guard.close();
    refusals.close();
  });
  return { guard, refusals, tcp };
}

/** Out of look-ups of unknown codes: nothing is looked up (a hit would tell the code exists) until they decay. */
function tooManyLookups(reply: FastifyReply, guard: AddressGuard, refusals: RefusalCounter): FastifyReply {
  refusals.count('too-many-lookups');
  const perMinute = guard.limits.lookupMissesPerMinute;
  return reply.status(429).header('retry-after', String(Math.ceil(60 / perMinute))).send({ error: { code: 'too-many-lookups', message: `more than ${perMinute} look-ups of unknown room codes a minute from this address; try again later` } });
}

/**
 * What no route answers: a GET outside /api gets the web app (registerPages), everything else the
 * API's error shape `{error: {code, message}}`, never Fastify's own body.
 */
function registerNotFound(app: FastifyInstance): void {
  const notFound = async (req: { method: string; url: string }, reply: FastifyReply) =>
    reply.status(404).send({ error: { code: 'not-found', message: `nothing answers ${req.method} ${req.url.split('?')[0]!.slice(0, 100)}` } });
  app.all('/api/*', notFound);
  app.setNotFoundHandler(notFound);
}
