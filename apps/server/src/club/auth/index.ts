import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import { ClubError } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { registerSigninRoutes } from './routes.js';
import { sessionSecret } from './secret.js';
import { DbSessionStore } from './sessionStore.js';
import { handleSigninJobs } from './signinMail.js';
import { SESSION_COOKIE } from './current.js';

export { SESSION_COOKIE };

const SESSION_MAX_AGE_MS = 30 * 24 * 3_600_000;
/** The signed cookie that holds the CSRF secret (the token itself travels in `x-csrf-token`). */
export const CSRF_COOKIE = 'mafia.csrf';
const UNSAFE = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * Cookies, sessions (in the `sessions` table), CSRF and the rate limits for the club's scope, and
 * the sign-in routes (docs/club-api.md, "Sign-in and the account"). Every POST/PATCH/PUT/DELETE of
 * the scope needs the session's CSRF token in `x-csrf-token`, except a route whose config says
 * `csrf: false` (the invitation answer: its link's token is the credential).
 */
/** Where several nodes count their rate limits together (issue 29): one attacker, one budget, whichever node he asks. */
export interface SharedLimits {
  readonly redis: Redis;
  readonly prefix: string;
  /** This node's name (NODE_ID), under which it reports its share of the per-address limits. */
  readonly node: string;
}

export async function registerAuth(scope: FastifyInstance, ctx: ClubContext, shared?: SharedLimits): Promise<void> {
  scope.decorate('clubDb', ctx.db);
  const secret = await sessionSecret(ctx.db, process.env);
  // The secret signs the CSRF cookie as well as the session's.
  await scope.register(fastifyCookie, { secret });
  await scope.register(fastifySession, {
    secret,
    cookieName: SESSION_COOKIE,
    // 'auto': Secure when the request came over https (behind a proxy: TRUST_PROXY and X-Forwarded-Proto).
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS },
    saveUninitialized: false,
    store: new DbSessionStore(ctx.db),
  });
  // The CSRF secret lives in a signed cookie, not in the session: a session (a row in `sessions`)
  // is written only at sign-in, so an anonymous visitor asking for a token writes nothing (issue 23
  // point 10: a row a request made 30-day sessions for anyone who asked).
  await scope.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', signed: true, maxAge: SESSION_MAX_AGE_MS / 1000 },
    // Only the header: a token in a form body or a query string would let a page of another site post one.
    getToken: (req) => req.headers['x-csrf-token'] as string | undefined,
  });
  scope.addHook('onRequest', (req, reply, done) => {
    if (!UNSAFE.has(req.method) || req.routeOptions.config?.csrf === false) return done();
    // On a refusal it answers the FST_CSRF_* error, which the scope's error handler makes `bad-csrf`.
    scope.csrfProtection(req, reply, done);
  });
  await scope.register(fastifyRateLimit, {
    global: false,
    // Redis away: the limits are not counted for that while (sign-in keeps working) rather than refusing everyone.
    ...(shared ? { redis: shared.redis, nameSpace: `${shared.prefix}rate:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, c) => new ClubError('too-many-requests', `too many attempts; try again in ${c.after}`, 429, { params: { retryAfterSeconds: Math.ceil(c.ttl / 1000) } }),
  });
  handleSigninJobs(ctx);
  await registerSigninRoutes(scope, ctx);
}
