import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Several server nodes on one PostgreSQL and one Redis (issue 29; docs/deploy.md). */
export interface ClusterConfig {
  /** REDIS_URL: where the nodes agree who holds which room. */
  readonly redisUrl: string;
  /** NODE_ID (default: host name, process id and a random suffix): this node's name in leases and logs. */
  readonly nodeId: string;
  /** NODE_URL (default http://127.0.0.1:PORT): where the other nodes reach this one (not through the balancer). */
  readonly nodeUrl: string;
  /** CLUSTER_SECRET: the nodes' shared secret; a request passed on by a node carries it (required). */
  readonly secret: string;
  /** CLUSTER_LEASE_MS (3000): a room's lease; a dead node's rooms are free again within this long. */
  readonly leaseMs: number;
  /** REDIS_PREFIX ("mafia:"): every key's prefix, so that two clusters can share one Redis. */
  readonly prefix: string;
}

/**
 * The cluster settings, or null when REDIS_URL is not set (one process: the default). A cluster
 * needs PostgreSQL: SQLite is one process's file, and a second process on it refuses to start.
 */
export function clusterFromEnv(env: NodeJS.ProcessEnv, port: number, databaseUrl: string): ClusterConfig | null {
  const redisUrl = env.REDIS_URL?.trim();
  if (!redisUrl) return null;
  if (!/^rediss?:\/\//.test(redisUrl)) throw new Error(`REDIS_URL must start with redis:// or rediss://, not ${JSON.stringify(redisUrl.split(':')[0])}`);
  if (!databaseUrl.startsWith('postgres://') && !databaseUrl.startsWith('postgresql://')) {
    throw new Error('REDIS_URL is set (several nodes), but DATABASE_URL is not PostgreSQL: nodes share one PostgreSQL database; SQLite serves one process only');
  }
  const secret = env.CLUSTER_SECRET ?? '';
  if (secret.length < 16) throw new Error('CLUSTER_SECRET must be set to the same secret of at least 16 characters on every node when REDIS_URL is set');
  const leaseMs = env.CLUSTER_LEASE_MS ? Number(env.CLUSTER_LEASE_MS) : 3000;
  if (!Number.isInteger(leaseMs) || leaseMs < 500) throw new Error(`CLUSTER_LEASE_MS must be a whole number of milliseconds, at least 500, not ${JSON.stringify(env.CLUSTER_LEASE_MS)}`);
  const nodeUrl = (env.NODE_URL?.trim() || `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(nodeUrl)) throw new Error(`NODE_URL must be this node's own address such as http://10.0.0.5:3000, not ${JSON.stringify(nodeUrl)}`);
  const nodeId = env.NODE_ID?.trim() || `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  if (/\s/.test(nodeId)) throw new Error(`NODE_ID must not contain spaces (${JSON.stringify(nodeId)})`);
  return { redisUrl, nodeId, nodeUrl, secret, leaseMs, prefix: env.REDIS_PREFIX ?? 'mafia:' };
}
