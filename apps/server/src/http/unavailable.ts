import type { FastifyReply } from 'fastify';
import { DATABASE_UNAVAILABLE } from '../room/errors.js';

/**
 * An HTTP request that failed because the database is away (issue 23 point 8): 503 in the API's
 * shape, with a Retry-After, never a bare 500. Nothing of the request was kept.
 */
export function databaseUnavailable(reply: FastifyReply): FastifyReply {
  return reply.status(503).header('retry-after', '5').send({ error: DATABASE_UNAVAILABLE });
}
