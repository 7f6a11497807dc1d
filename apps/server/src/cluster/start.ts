import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ClusterParts } from '../http/app.js';
import type { Storage } from '../storage/types.js';
import type { ClusterConfig } from './config.js';
import { RedisCreations } from './creations.js';
import { RoomLeases } from './leases.js';

export interface Cluster extends ClusterParts {
  readonly leases: RoomLeases;
  /** Gives this node's rooms up and closes Redis (after the server stopped serving). */
  stop(): Promise<void>;
}

/**
 * Joins the cluster (issue 29): one Redis connection for the leases, the fencing tokens checked on
 * every append. ioredis reconnects by itself after a Redis restart; meanwhile a command waits in its
 * queue (at most one retry) and the leases' own loops try again.
 */
export function joinCluster(config: ClusterConfig, storage: Storage, log: Logger): Cluster {
  if (storage.kind !== 'postgres') throw new Error('several nodes need PostgreSQL (DATABASE_URL=postgres://…)');
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, retryStrategy: (times) => Math.min(times * 100, 1000), lazyConnect: false });
  let redisError = '';
  redis.on('error', (e: Error) => {
    // Logged once per outage, not at every reconnect attempt.
    if (e.message !== redisError) log.warn({ err: e.message }, 'redis connection failed');
    redisError = e.message;
  });
  redis.on('ready', () => {
    if (redisError !== '') log.info('redis connection back');
    redisError = '';
  });
  const leases = new RoomLeases(redis, storage.db, config, log.child({ part: 'cluster' }));
  storage.fences = leases;
  return {
    leases,
    placement: leases,
    creations: new RedisCreations(redis, config.prefix, log.child({ part: 'cluster' })),
    sharedLimits: { redis, prefix: config.prefix, node: config.nodeId },
    link: { secret: config.secret, retryMs: config.leaseMs * 2 + 2000 },
    status: () => leases.status(),
    async stop() {
      await leases.stop();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
