import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openStorage } from '../src/storage/open.js';
import { ensureDatabase, PG_BASE } from './storageTargets.js';

/**
 * Issue 23 point 15: a server on the database's default schema starts although another server's
 * schema in the same database already has the migration tables. A database of its own, so that
 * its default schema (public) is nobody else's; PostgreSQL missing fails this test, never skips it.
 */

const name = `mafia_schemas_${process.pid}_${randomBytes(3).toString('hex')}`;
const on = async <T>(url: string, job: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await job(c);
  } finally {
    await c.end();
  }
};
const urlOf = (schema?: string): string => {
  const u = new URL(PG_BASE);
  u.pathname = `/${name}`;
  if (schema) u.searchParams.set('schema', schema);
  return u.toString();
};
beforeAll(ensureDatabase);
afterAll(() => on(PG_BASE, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));

describe('PostgreSQL schemas side by side', () => {
  it('default_schema_migrates_beside_another_servers_schema', async () => {
    await on(PG_BASE, (c) => c.query(`CREATE DATABASE "${name}"`));
    const other = await openStorage(urlOf('other_server'));
    await other.migrate();
    await other.close();
    const mine = await openStorage(urlOf());
    try {
      await mine.migrate();
      expect(await mine.countOpenRooms()).toBe(0);
      // Its tables are in public, beside (not instead of) the other schema's.
      const where = await on(urlOf(), async (c) =>
        (await c.query<{ schema: string }>("SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'kysely_migration_lock' ORDER BY 1")).rows.map((r) => r.schema));
      expect(where).toEqual(['other_server', 'public']);
    } finally {
      await mine.close();
    }
  });
});
