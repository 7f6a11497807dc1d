import { DEFAULT_ROOM_LIMITS, type RoomLimits } from './room/roomLimits.js';
import { DEFAULT_DATABASE_URL } from './storage/open.js';

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
}

/** The server's settings from the environment: PORT (3000), HOST, DATABASE_URL (SQLite under ./data), LOG_LEVEL. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${JSON.stringify(env.PORT)}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    logLevel: env.LOG_LEVEL || 'info',
    webRoot: env.WEB_ROOT || 'apps/web/dist',
    idleMs: idleSeconds(env.ROOM_IDLE_SECONDS) * 1000,
    roomLimits: roomLimitsFromEnv(env),
  };
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

function idleSeconds(v: string | undefined): number {
  if (v === undefined || v === '') return 600;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`ROOM_IDLE_SECONDS must be a number of seconds, not ${JSON.stringify(v)}`);
  return n;
}
