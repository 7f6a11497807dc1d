import type { Session } from 'fastify';
import type { ClubDb } from '../schema.js';
import { num } from '../schema.js';
import { parseStored } from '../../storage/versioned.js';
import { SESSION_DATA } from '../stored.js';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, session?: Session | null) => void;


/**
 * @fastify/session's store on the `sessions` table, so a session outlives a restart and two
 * servers on one PostgreSQL share them. `user_id` is kept beside the data so that deleting an
 * account (or signing him out everywhere) can end his sessions. Expiry is the cookie's and is
 * judged on the wall clock, as the session plugin judges it.
 */
export class DbSessionStore {
  constructor(private readonly db: ClubDb) {}

  get(id: string, cb: GetCallback): void {
    void this.db.selectFrom('sessions').select(['data', 'expires_at']).where('id', '=', id).executeTakeFirst()
      .then(async (row) => {
        if (!row) return cb(null, null);
        if (num(row.expires_at) <= Date.now()) {
          await this.db.deleteFrom('sessions').where('id', '=', id).execute();
          return cb(null, null);
        }
        cb(null, parseStored(SESSION_DATA, row.data));
      }, (e: unknown) => cb(e));
  }

  set(id: string, session: Session, cb: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + (session.cookie?.originalMaxAge ?? 86_400_000);
    const row = { data: JSON.stringify(session), user_id: typeof session.userId === 'string' ? session.userId : null, expires_at: expires };
    void this.db.insertInto('sessions').values({ id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute()
      // Expired sessions nobody comes back with are swept here, now and then, rather than by a timer.
      .then(() => (Math.random() < 0.05 ? this.db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).execute() : undefined))
      .then(() => cb(), (e: unknown) => cb(e));
  }

  destroy(id: string, cb: Callback): void {
    void this.db.deleteFrom('sessions').where('id', '=', id).execute().then(() => cb(), (e: unknown) => cb(e));
  }
}
