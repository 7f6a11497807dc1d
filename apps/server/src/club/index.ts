import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { RoomManager } from '../room/manager.js';
import type { Storage } from '../storage/types.js';
import { registerAuth, type SharedLimits } from './auth/index.js';
import { ClubError } from './errors.js';
import { DbJobQueue } from './jobs.js';
import { mailerFromEnv } from './mail/index.js';
import { registerMeRoutes } from './me.js';
import type { ClubContext, Mailer, SmsGateway } from './ports.js';
import { registerClubRoutes } from './routes/clubs.js';
import { registerCorrectionRoutes } from './routes/corrections.js';
import { registerDoorRoutes } from './routes/door.js';
import { registerTableRoutes } from './routes/tables.js';
import { registerEveningRoutes } from './routes/evenings.js';
import { registerGameRoutes } from './routes/games.js';
import { registerJoinRoutes } from './routes/join.js';
import { recomputeUnprojected } from './ratings/rebuild.js';
import { registerRatingRoutes } from './routes/ratings.js';
import { registerSeriesRoutes } from './routes/series.js';
import { databaseUnavailable } from '../http/unavailable.js';
import { isConnectionError } from '../storage/outage.js';
import type { ClubDb } from './schema.js';
import { smsFromEnv } from './sms/index.js';

/** What a test (or main.ts) may give the club; everything else comes from the environment. */
export interface ClubOptions {
  readonly mailer?: Mailer;
  /** null: no SMS even if SMS_GATEWAY_URL is set. */
  readonly sms?: SmsGateway | null;
  readonly now?: () => number;
  /** How often due jobs are looked for (ms; default 5 s; 0: never by itself, a test calls runDue). */
  readonly jobPollMs?: number;
  /** The base of links in messages (default PUBLIC_URL, else http://localhost:PORT). */
  readonly publicUrl?: string;
  /** Several nodes (issue 29): the rate limits counted in this Redis, under this key prefix, shared by every node. */
  readonly sharedLimits?: SharedLimits;
}

export interface ClubParts {
  readonly context: ClubContext;
  readonly jobs: DbJobQueue;
}

/**
 * The club (issue 14, docs/club.md, docs/club-api.md): its routes live in one encapsulated
 * scope, so the cookies, the session, CSRF and the rate limits apply to them and not to the
 * game's /api/rooms and /ws. Errors there are `{error: {code, message, path?, params?}}`.
 */
export async function registerClub(app: FastifyInstance, storage: Storage, rooms: RoomManager, log: Logger, o: ClubOptions = {}): Promise<ClubParts> {
  const db = storage.db as ClubDb;
  const now = o.now ?? clockFromEnv(process.env.MAFIA_TEST_CLOCK_FILE, log);
  const jobs = new DbJobQueue(db, now, log.child({ part: 'jobs' }));
  const context: ClubContext = {
    db, kind: storage.kind, now, jobs, rooms, log,
    mailer: o.mailer ?? mailerFromEnv(process.env, log.child({ part: 'mail' })),
    sms: o.sms !== undefined ? o.sms : smsFromEnv(process.env),
    publicUrl: () => o.publicUrl ?? process.env.PUBLIC_URL?.replace(/\/+$/, '') ?? ownAddress(app),
  };
  // A database from before migration 005 gets its leaderboard rows now, not at its next game.
  const rebuilt = await recomputeUnprojected(db);
  if (rebuilt.length > 0) log.info({ clubs: rebuilt.length }, 'leaderboard rows rebuilt');
  await app.register(async (scope) => {
    scope.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
      if (err instanceof ClubError) return reply.status(err.status).send(err.body);
      if (isConnectionError(err)) return databaseUnavailable(reply);
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const max = req.routeOptions.bodyLimit ?? 0;
        return reply.status(413).send({ error: { code: 'too-large', message: `the request's body is over ${max} bytes`, params: { max } } });
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 500) log.error({ err: err.message }, 'club request failed');
      // Fastify's own (a body that is not JSON, CSRF, the rate limit): a code of ours, never a stack.
      const code = status === 429 ? 'too-many-requests' : status === 403 && err.code?.startsWith('FST_CSRF') ? 'bad-csrf' : status >= 500 ? 'server-error' : 'bad-request';
      return reply.status(status).send({ error: { code, message: status >= 500 ? 'the server could not do that' : err.message } });
    });
    await registerAuth(scope, context, o.sharedLimits);
    await registerMeRoutes(scope, context);
    await registerClubRoutes(scope, context);
    await registerEveningRoutes(scope, context);
    await registerDoorRoutes(scope, context);
    await registerTableRoutes(scope, context);
    await registerRatingRoutes(scope, context);
    await registerGameRoutes(scope, context);
    await registerSeriesRoutes(scope, context);
    await registerJoinRoutes(scope, context);
    await registerCorrectionRoutes(scope, context);
  });
  const pollMs = o.jobPollMs ?? pollFromEnv(process.env.CLUB_JOB_POLL_MS);
  if (pollMs !== 0) jobs.start(pollMs);
  app.addHook('onClose', async () => jobs.stop());
  return { context, jobs };
}

/** Links in messages without PUBLIC_URL: the address the server listens on (localhost for every interface). */
function ownAddress(app: FastifyInstance): string {
  const a = app.server.address();
  const port = a !== null && typeof a === 'object' ? a.port : Number(process.env.PORT ?? 3000);
  const host = a !== null && typeof a === 'object' && !['0.0.0.0', '::'].includes(a.address) ? a.address : 'localhost';
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** CLUB_JOB_POLL_MS: how often due deliveries and deadlines are looked for (default 5 s, 200 ms .. 10 min). */
function pollFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 5_000;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 200 || ms > 600_000) throw new Error(`CLUB_JOB_POLL_MS must be a whole number of milliseconds from 200 to 600000 (got ${JSON.stringify(raw)})`);
  return ms;
}

/**
 * FOR END-TO-END TESTS ONLY: with MAFIA_TEST_CLOCK_FILE set, the club's clock is the real one
 * plus the milliseconds written in that file (read at every tick), so a browser test can live
 * through an evening — answers two hours before, arrivals after the start — in a minute. Only the
 * environment can set it (no request can), it moves the club's clock only (never a game's
 * timers), and the server logs a warning when it is on.
 */
function clockFromEnv(file: string | undefined, log: Logger): () => number {
  if (!file) return Date.now;
  log.warn({ file }, 'MAFIA_TEST_CLOCK_FILE is set: the club clock is shifted by the offset in that file (a test seam)');
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      /* no file yet: no offset */
    }
    return Date.now() + offset;
  };
}
