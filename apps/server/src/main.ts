import pino from 'pino';
import { configFromEnv } from './config.js';
import { buildServer } from './http/app.js';
import { openStorage } from './storage/open.js';

/** `npm start`: open the storage, migrate, resume every open room, then listen. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const logger = pino({ level: config.logLevel });
  const storage = await openStorage(config.databaseUrl);
  await storage.migrate();
  const { app, manager } = await buildServer({
    storage, logger, webRoot: config.webRoot, idleMs: config.idleMs,
    limits: config.limits, addressLimits: config.addressLimits, httpTimeouts: config.httpTimeouts,
    trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins, refusalLogMs: config.refusalLogMs,
  });
  const resumed = await manager.resumeAll();
  await app.listen({ port: config.port, host: config.host });
  logger.info({ port: (app.server.address() as { port: number }).port, storage: storage.kind, resumed, maxConnections: config.addressLimits.maxConnections, connectionsPerAddress: config.addressLimits.connectionsPerAddress }, 'mafia server listening');
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    await storage.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`mafia server: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
