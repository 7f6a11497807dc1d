import type { FastifyRequest } from 'fastify';
import { clubRefuse } from '../errors.js';
import type { ClubDb, UsersTable } from '../schema.js';
import type { User } from '@mafia/protocol';

declare module 'fastify' {
  interface Session {
    /** The signed-in user (set by a used sign-in link or a password). */
    userId?: string;
  }
  interface FastifyInstance {
    /** The club's database, on the club's scope (registerAuth): what currentUser reads. */
    clubDb?: ClubDb;
  }
  interface FastifyContextConfig {
    /** false: the route takes no CSRF token (its own token in the URL is the credential). */
    csrf?: boolean;
  }
}

/** The session cookie's name. */
export const SESSION_COOKIE = 'mafia.sid';


export const userView = (u: Pick<UsersTable, 'id' | 'email' | 'name' | 'phone' | 'locale' | 'password_hash'>): User => ({
  id: u.id, email: u.email, name: u.name, phone: u.phone, locale: u.locale, hasPassword: u.password_hash !== null,
});

const seen = new WeakMap<FastifyRequest, Promise<User | null>>();

/** The signed-in user of this request, or null (no session, or an account deleted since). */
export function currentUser(req: FastifyRequest): Promise<User | null> {
  let found = seen.get(req);
  if (!found) {
    found = load(req);
    seen.set(req, found);
  }
  return found;
}

async function load(req: FastifyRequest): Promise<User | null> {
  const id = (req.session as { userId?: unknown } | null | undefined)?.userId;
  const database = req.server.clubDb;
  if (typeof id !== 'string' || !database) return null;
  const u = await database.selectFrom('users').select(['id', 'email', 'name', 'phone', 'locale', 'password_hash', 'deleted_at'])
    .where('id', '=', id).executeTakeFirst();
  return u && u.deleted_at === null ? userView(u) : null;
}

/** The signed-in user; 401 `sign-in-required` otherwise. */
export async function requireUser(req: FastifyRequest): Promise<User> {
  const u = await currentUser(req);
  return u ?? clubRefuse('sign-in-required', 'sign in first', 401);
}

/** Forget what this request read (after a change of the account within it). */
export function forgetCurrentUser(req: FastifyRequest): void {
  seen.delete(req);
}
