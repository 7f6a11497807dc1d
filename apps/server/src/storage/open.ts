import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { KyselyStorage, type Schema } from './kyselyStorage.js';
import { SqliteWriter } from './sqliteWriter.js';
import type { BatchTimes, Storage } from './types.js';

export const DEFAULT_DATABASE_URL = 'sqlite:./data/mafia.sqlite';

/**
 * The storage for DATABASE_URL: `sqlite:PATH` (a file, created with its folder; the default is
 * ./data/mafia.sqlite) or `postgres://…` / `postgresql://…`. A `schema=NAME` query parameter on a
 * PostgreSQL URL puts the tables in that schema (created if missing); tests use it to stay apart.
 */
export async function openStorage(url: string = DEFAULT_DATABASE_URL): Promise<Storage> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${JSON.stringify(url.split(':')[0])})`);
}

function openSqlite(path: string): Storage {
  const file = sqliteFile(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  // WAL: readers never block the writer. FULL: a commit is on disk (fsync) when it returns, so an
  // acknowledged command survives a power cut, not only a killed process.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database }) });
  const isUnique = (e: unknown) => (e as { code?: string })?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  // An in-memory database cannot be shared with a writer thread: it appends on the main thread.
  const writer = file === ':memory:' ? undefined : (batchTimes: BatchTimes) => new SqliteWriter(file, batchTimes);
  return new KyselyStorage('sqlite', db, async () => {}, isUnique, undefined, writer);
}

/** The name the server's PostgreSQL connections go by unless the URL gives one (`application_name=`). */
export const DEFAULT_APPLICATION_NAME = 'mafia-host';

/**
 * A PostgreSQL DATABASE_URL without its `schema=NAME` parameter, and that schema (checked), if any.
 * Its connections are named (`application_name`, default mafia-host): pg_stat_activity tells them
 * apart, and an operator (or a test) can end this server's connections and no one else's.
 */
export function postgresParts(raw: string): { url: URL; schema: string | null } {
  const url = new URL(raw);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  if (!url.searchParams.get('application_name')) url.searchParams.set('application_name', DEFAULT_APPLICATION_NAME);
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${JSON.stringify(schema)}`);
  return { url, schema };
}

/** The file a `sqlite:PATH` DATABASE_URL names (absolute), or `:memory:`. */
export const sqliteFile = (path: string): string => (path === ':memory:' ? path : resolve(path));

async function openPostgres(raw: string): Promise<Storage> {
  const { url, schema } = postgresParts(raw);
  if (schema) {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await c.end();
    }
  }
  // A connection that cannot be made within 5 s is an error (a write then waits and tries again),
  // not a query that hangs for as long as the network does.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 8, connectionTimeoutMillis: 5000, ...(schema ? { options: `-c search_path="${schema}"` } : {}) });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  const storage = new KyselyStorage('postgres', db, async () => {}, (e) => (e as { code?: string })?.code === '23505', schema ?? undefined);
  // A connection the database ended (a restart, a failover, an idle-connection killer) emits
  // 'error': idle in the pool, or checked out between two queries. Unheard, it ends the process.
  // Heard, it is dropped; the pool makes a new one when asked, and /api/health tells meanwhile.
  const lost = (e: Error) => {
    storage.noteConnectionError(e);
    process.stderr.write(`mafia server: a database connection was lost: ${e.message}\n`);
  };
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return storage;
}
