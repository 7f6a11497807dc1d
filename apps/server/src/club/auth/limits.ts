import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClubError } from '../errors.js';
import { mailboxKey } from './mailbox.js';

/** Per client address, on each sign-in route (a route's config: `rateLimit`). */
export const PER_ADDRESS = { max: 10, timeWindow: 60_000 } as const;

/**
 * Per mailbox (auth/mailbox.ts: `victim+1@…` and `v.ictim@gmail.com` are one), on POST
 * /api/auth/link and /api/auth/password: a mailbox is not flooded, a password not guessed.
 */
export const PER_EMAIL = { max: 5, timeWindow: 10 * 60_000 } as const;

/**
 * A limiter keyed by the body's e-mail address (the body is parsed by then), each route its own.
 * It is called in the handler after the body was checked; past the limit it refuses with 429
 * `too-many-requests` and the route does nothing.
 */
export function perEmailLimit(scope: FastifyInstance, route: string): (req: FastifyRequest, email: string) => Promise<void> {
  const limit = scope.createRateLimit({ ...PER_EMAIL, keyGenerator: (req) => `${route}:${mailboxKey(String((req.body as { email?: unknown } | undefined)?.email ?? ''))}` });
  return async (req, email) => {
    const r = await limit(req);
    if (!r.isAllowed && r.isExceeded) {
      throw new ClubError('too-many-requests', `too many attempts for ${email}; try again in ${Math.ceil(r.ttl / 60_000)} min`, 429, { params: { retryAfterSeconds: r.ttlInSeconds } });
    }
  };
}
