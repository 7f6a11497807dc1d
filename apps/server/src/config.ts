import { readFileSync } from 'node:fs';
import { iceServersSchema, type IceServer } from '@mafia/protocol';
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from './room/roomLimits.js';
import { timeScaleFromEnv } from './room/testClock.js';
import { testSeedFromEnv } from './room/testSeed.js';
import { DEFAULT_DATABASE_URL } from './storage/open.js';
import { DEFAULT_ADDRESS_LIMITS, type AddressLimits } from './ws/addressGuard.js';
import type { TrustProxy } from './ws/clientAddress.js';
import { DEFAULT_LIMITS, type ConnectionLimits } from './ws/connection.js';

/** How long an HTTP client may take: Node's own handshake timeouts (ms). */
export interface HttpTimeouts {
  /** The request's headers, from the connection's opening (a silent socket is closed with 408 after this). */
  readonly headersMs: number;
  /** The whole request, body included. */
  readonly requestMs: number;
  /** An idle keep-alive connection between requests. */
  readonly keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly logLevel: string;
  /** Where the web app's build is served from, if it exists. */
  readonly webRoot: string;
  /** ROOM_IDLE_SECONDS (600): how long a room nobody is connected to stays in memory. */
  readonly idleMs: number;
  /** ROOMS_PER_ADDRESS_PER_HOUR, UNSTARTED_ROOMS_PER_ADDRESS, MAX_OPEN_ROOMS, ROOM_UNSTARTED_TTL_HOURS (docs/server.md). */
  readonly roomLimits: RoomLimits;
  /** HELLO_TIMEOUT, PING_INTERVAL (seconds). */
  readonly limits: ConnectionLimits;
  /** CONNECTIONS_PER_ADDRESS, HTTP_CONNECTIONS_PER_ADDRESS, MAX_CONNECTIONS (or the file-descriptor limit less FD_RESERVE), MESSAGES_PER_SECOND_PER_ADDRESS, ADDRESS_STRIKES, STRIKE_DECAY_SECONDS, LOOKUP_MISSES_PER_MINUTE. */
  readonly addressLimits: AddressLimits;
  /** HTTP_HEADERS_TIMEOUT, HTTP_REQUEST_TIMEOUT, HTTP_KEEP_ALIVE_TIMEOUT (seconds). */
  readonly httpTimeouts: HttpTimeouts;
  /** TRUST_PROXY: off, `true`, or the number of proxies in front. */
  readonly trustProxy: TrustProxy;
  /** ALLOWED_ORIGINS: comma-separated origins besides the server's own whose pages may open a WebSocket. */
  readonly allowedOrigins: readonly string[];
  /** ALLOWED_HOSTS: comma-separated host names the server answers to besides IP addresses, localhost and PUBLIC_URL's host. */
  readonly allowedHosts: readonly string[];
  /** REFUSAL_LOG_SECONDS (60): at most one summary line of refused messages this often. */
  readonly refusalLogMs: number;
  /** MAFIA_TEST_TIME_SCALE (1): FOR TESTS ONLY, refused unless NODE_ENV=test (room/testClock.ts). */
  readonly timeScale: number;
  /** MAFIA_TEST_SEED (unset): FOR TESTS ONLY, refused unless NODE_ENV=test (room/testSeed.ts). */
  readonly testSeed: number | null;
  /** ICE_SERVERS (JSON, default []): the STUN/TURN servers voice and video use (GET /api/media; docs/online.md). */
  readonly iceServers: readonly IceServer[];
  /** METRICS_TOKEN (unset): a bearer token that reads GET /api/metrics from another machine; without it, from this machine only. */
  readonly metricsToken: string | undefined;
}

/** The server's settings from the environment (docs/server.md lists them all). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${JSON.stringify(env.PORT)}`);
  const num = (name: string, fallback: number, o: { integer?: boolean; min?: number } = {}): number => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n < (o.min ?? 0) || (o.integer && !Number.isInteger(n))) throw new Error(`${name} must be a ${o.integer ? 'whole ' : ''}number of at least ${o.min ?? 0}, not ${JSON.stringify(v)}`);
    return n;
  };
  const seconds = (name: string, fallbackMs: number, min = 0): number => num(name, fallbackMs / 1000, { min }) * 1000;
  const fdReserve = num('FD_RESERVE', 256, { integer: true });
  const messagesPerSecond = num('MESSAGES_PER_SECOND_PER_ADDRESS', DEFAULT_ADDRESS_LIMITS.messagesPerSecond, { min: 1 });
  const httpTimeouts: HttpTimeouts = {
    headersMs: seconds('HTTP_HEADERS_TIMEOUT', DEFAULT_HTTP_TIMEOUTS.headersMs, 1),
    requestMs: seconds('HTTP_REQUEST_TIMEOUT', DEFAULT_HTTP_TIMEOUTS.requestMs, 1),
    keepAliveMs: seconds('HTTP_KEEP_ALIVE_TIMEOUT', DEFAULT_HTTP_TIMEOUTS.keepAliveMs, 1),
  };
  // Node refuses a headers timeout longer than the whole request's.
  if (httpTimeouts.headersMs > httpTimeouts.requestMs) throw new Error(`HTTP_HEADERS_TIMEOUT (${httpTimeouts.headersMs / 1000} s) must not be longer than HTTP_REQUEST_TIMEOUT (${httpTimeouts.requestMs / 1000} s)`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    logLevel: env.LOG_LEVEL || 'info',
    webRoot: env.WEB_ROOT || 'apps/web/dist',
    idleMs: idleSeconds(env.ROOM_IDLE_SECONDS) * 1000,
    limits: {
      ...DEFAULT_LIMITS,
      helloTimeoutMs: seconds('HELLO_TIMEOUT', DEFAULT_LIMITS.helloTimeoutMs, 1),
      pingIntervalMs: seconds('PING_INTERVAL', DEFAULT_LIMITS.pingIntervalMs, 1),
    },
    addressLimits: {
      connectionsPerAddress: num('CONNECTIONS_PER_ADDRESS', DEFAULT_ADDRESS_LIMITS.connectionsPerAddress, { integer: true, min: 1 }),
      httpConnectionsPerAddress: num('HTTP_CONNECTIONS_PER_ADDRESS', DEFAULT_ADDRESS_LIMITS.httpConnectionsPerAddress, { integer: true, min: 1 }),
      maxConnections: num('MAX_CONNECTIONS', Math.max(16, openFileLimit() - fdReserve), { integer: true, min: 1 }),
      messagesPerSecond,
      messageBurst: messagesPerSecond * 2,
      strikes: num('ADDRESS_STRIKES', DEFAULT_ADDRESS_LIMITS.strikes, { integer: true, min: 1 }),
      strikeDecaySeconds: num('STRIKE_DECAY_SECONDS', DEFAULT_ADDRESS_LIMITS.strikeDecaySeconds, { min: 0.001 }),
      lookupMissesPerMinute: num('LOOKUP_MISSES_PER_MINUTE', DEFAULT_ADDRESS_LIMITS.lookupMissesPerMinute, { integer: true, min: 1 }),
    },
    httpTimeouts,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    allowedOrigins: originsOf(env.ALLOWED_ORIGINS),
    allowedHosts: hostsOf(env.ALLOWED_HOSTS),
    refusalLogMs: seconds('REFUSAL_LOG_SECONDS', 60_000, 1),
    roomLimits: roomLimitsFromEnv(env),
    timeScale: timeScaleFromEnv(env),
    testSeed: testSeedFromEnv(env),
    iceServers: iceServersOf(env.ICE_SERVERS),
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}

/**
 * ICE_SERVERS: a JSON array of RTCIceServer objects (`urls`, and `username` and `credential` for a
 * TURN server). Unset or empty: none, which serves players on one network (a club's Wi-Fi); players
 * behind strict NATs need a TURN server (docs/online.md, "Voice and video").
 */
export function iceServersOf(raw: string | undefined): readonly IceServer[] {
  if (raw === undefined || raw.trim() === '') return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new Error(`ICE_SERVERS must be a JSON array such as [{"urls":"stun:stun.example.org:3478"}], not ${JSON.stringify(raw)}`);
  }
  const r = iceServersSchema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`ICE_SERVERS: ${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message} (a JSON array of {"urls", "username", "credential"})`);
  }
  return r.data;
}

function roomLimitsFromEnv(env: NodeJS.ProcessEnv): RoomLimits {
  const count = (name: string, fallback: number): number => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not ${JSON.stringify(v)}`);
    return n;
  };
  return {
    perAddressPerHour: count('ROOMS_PER_ADDRESS_PER_HOUR', DEFAULT_ROOM_LIMITS.perAddressPerHour),
    unstartedPerAddress: count('UNSTARTED_ROOMS_PER_ADDRESS', DEFAULT_ROOM_LIMITS.unstartedPerAddress),
    maxOpen: count('MAX_OPEN_ROOMS', DEFAULT_ROOM_LIMITS.maxOpen),
    unstartedTtlMs: count('ROOM_UNSTARTED_TTL_HOURS', DEFAULT_ROOM_LIMITS.unstartedTtlMs / 3_600_000) * 3_600_000,
  };
}

/** The process's soft limit of open files (Node raises it to the hard limit at start); 1024, the usual default, where it cannot be read. */
export function openFileLimit(limits = (): string => readFileSync('/proc/self/limits', 'utf8')): number {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(limits());
    if (m) return Number(m[1]);
  } catch {
    // Not Linux: the fixed guess below.
  }
  return 1024;
}

function trustProxyOf(v: string | undefined): TrustProxy {
  if (v === undefined || v === '' || v === 'false' || v === 'off' || v === '0') return false;
  if (v === 'true') return true;
  const n = Number(v);
  if (Number.isInteger(n) && n > 0) return n;
  throw new Error(`TRUST_PROXY must be true, false or the number of proxies in front of the server, not ${JSON.stringify(v)}`);
}

function originsOf(v: string | undefined): string[] {
  if (v === undefined || v.trim() === '') return [];
  return v.split(',').map((raw) => raw.trim()).filter((raw) => raw !== '').map((raw) => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw new Error(`ALLOWED_ORIGINS must be comma-separated origins such as https://club.example, not ${JSON.stringify(raw)}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`ALLOWED_ORIGINS: ${JSON.stringify(raw)} is not an http(s) origin`);
    return u.origin;
  });
}

function hostsOf(v: string | undefined): string[] {
  if (v === undefined || v.trim() === '') return [];
  return v.split(',').map((raw) => raw.trim().toLowerCase()).filter((raw) => raw !== '').map((name) => {
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(name)) throw new Error(`ALLOWED_HOSTS must be comma-separated host names such as mafia.club.example (no scheme, no port), not ${JSON.stringify(name)}`);
    return name;
  });
}

function idleSeconds(v: string | undefined): number {
  if (v === undefined || v === '') return 600;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`ROOM_IDLE_SECONDS must be a number of seconds, not ${JSON.stringify(v)}`);
  return n;
}
