import { randomBytes } from 'node:crypto';
import type { ClubDb } from '../schema.js';

const KEY = 'session-secret';

/**
 * The secret session cookies are signed with: SESSION_SECRET (at least 32 characters) when set;
 * otherwise one made at the first start and kept in the `settings` table, so that sessions
 * survive a restart and every server on one database signs alike.
 */
export async function sessionSecret(db: ClubDb, env: NodeJS.ProcessEnv): Promise<string> {
  const given = env.SESSION_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new Error(`SESSION_SECRET must be at least 32 characters long, not ${given.length}`);
    return given;
  }
  const found = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (found) return found.value;
  // Two servers starting together: the first insert wins and both read it back.
  await db.insertInto('settings').values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  const kept = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return kept.value;
}
