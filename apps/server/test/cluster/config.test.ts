import { describe, expect, it } from 'vitest';
import { clusterFromEnv } from '../../src/cluster/config.js';

const PG = 'postgres://u@db/mafia';
const SECRET = 'a-secret-of-sixteen+';

describe('several-node settings (REDIS_URL and its companions)', () => {
  it('without REDIS_URL the server is one process', () => {
    expect(clusterFromEnv({}, 3000, PG)).toBeNull();
    expect(clusterFromEnv({ REDIS_URL: '  ' }, 3000, 'sqlite:./data/mafia.sqlite')).toBeNull();
  });

  it('refuses REDIS_URL with SQLite: nodes share one PostgreSQL', () => {
    expect(() => clusterFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379', CLUSTER_SECRET: SECRET }, 3000, 'sqlite:./data/mafia.sqlite')).toThrow(/SQLite serves one process/);
  });

  it('needs a shared secret of 16 characters or more', () => {
    expect(() => clusterFromEnv({ REDIS_URL: 'redis://r:6379' }, 3000, PG)).toThrow(/CLUSTER_SECRET/);
    expect(() => clusterFromEnv({ REDIS_URL: 'redis://r:6379', CLUSTER_SECRET: 'short' }, 3000, PG)).toThrow(/at least 16/);
  });

  it('names what is wrong with a bad REDIS_URL, NODE_URL, CLUSTER_LEASE_MS or NODE_ID', () => {
    const base = { CLUSTER_SECRET: SECRET };
    expect(() => clusterFromEnv({ ...base, REDIS_URL: 'http://r:6379' }, 3000, PG)).toThrow(/REDIS_URL must start with redis:\/\//);
    expect(() => clusterFromEnv({ ...base, REDIS_URL: 'redis://r', NODE_URL: 'node-b' }, 3000, PG)).toThrow(/NODE_URL/);
    expect(() => clusterFromEnv({ ...base, REDIS_URL: 'redis://r', CLUSTER_LEASE_MS: '100' }, 3000, PG)).toThrow(/CLUSTER_LEASE_MS/);
    expect(() => clusterFromEnv({ ...base, REDIS_URL: 'redis://r', NODE_ID: 'two words' }, 3000, PG)).toThrow(/NODE_ID/);
  });

  it('defaults: this machine\'s address on PORT, a 3 s lease, the mafia: prefix', () => {
    const c = clusterFromEnv({ REDIS_URL: 'redis://r:6379', CLUSTER_SECRET: SECRET, NODE_ID: 'n1' }, 3001, PG)!;
    expect(c).toMatchObject({ nodeId: 'n1', nodeUrl: 'http://127.0.0.1:3001', leaseMs: 3000, prefix: 'mafia:', secret: SECRET });
    expect(clusterFromEnv({ REDIS_URL: 'redis://r', CLUSTER_SECRET: SECRET, NODE_URL: 'http://10.0.0.5:3000/' }, 3000, PG)!.nodeUrl).toBe('http://10.0.0.5:3000');
  });
});
