import pino from 'pino';
import { configFromEnv } from './config.js';
import { clusterFromEnv } from './cluster/config.js';
import { joinCluster } from './cluster/start.js';
import { buildServer } from './http/app.js';
import { lockDatabase } from './storage/lock.js';
import { openStorage } from './storage/open.js';

/**
 * `npm start`: take the database (a second process on it refuses to start), open the storage,
 * migrate, expire rooms that never started, then listen. Rooms are loaded when they are used.
 */
async function main(): Promise<void> {
  const config = configFromEnv();
  const logger = pino({ level: config.logLevel });
  const clusterConfig = clusterFromEnv(process.env, config.port, config.databaseUrl);
  // One process takes the database for itself; the nodes of a cluster share it through leases.
  const lock = clusterConfig ? { release: async () => {} } : await lockDatabase(config.databaseUrl);
  const storage = await openStorage(config.databaseUrl);
  await storage.migrate();
  const cluster = clusterConfig ? joinCluster(clusterConfig, storage, logger) : null;
  const { app, manager } = await buildServer({
    storage, logger, webRoot: config.webRoot, idleMs: config.idleMs, roomLimits: config.roomLimits,
    limits: config.limits, addressLimits: config.addressLimits, httpTimeouts: config.httpTimeouts,
    trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins, allowedHosts: config.allowedHosts, refusalLogMs: config.refusalLogMs,
    timeScale: config.timeScale, testSeed: config.testSeed, iceServers: config.iceServers, metricsToken: config.metricsToken,
    ...(cluster ? { cluster } : {}),
  });
  if (cluster) {
    cluster.leases.onAdopt((id) => manager.adopt(id));
    cluster.leases.start();
    logger.info({ node: clusterConfig!.nodeId, url: clusterConfig!.nodeUrl, leaseMs: clusterConfig!.leaseMs }, 'joined the cluster');
  }
  if (config.testSeed !== null) logger.warn({ seed: config.testSeed }, 'MAFIA_TEST_SEED is set: every game is dealt from one known seed (tests only)');
  if (config.timeScale !== 1) logger.warn({ timeScale: config.timeScale }, 'MAFIA_TEST_TIME_SCALE is set: every step is shortened (a test clock)');
  const open = await manager.resumeAll();
  await app.listen({ port: config.port, host: config.host });
  logger.info({ port: (app.server.address() as { port: number }).port, storage: storage.kind, open, maxConnections: config.addressLimits.maxConnections, connectionsPerAddress: config.addressLimits.connectionsPerAddress }, 'mafia server listening');
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    await cluster?.stop();
    await storage.close();
    await lock.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`mafia server: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
