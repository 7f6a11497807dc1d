import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStorage } from '../src/storage/open.js';

/**
 * The storage back ends every storage test runs against. PostgreSQL is on 127.0.0.1:5432 on every
 * machine here (CI's included, .ci/run checks it): when it is missing these tests fail, they never skip.
 */
const PG_SHARED = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mafia_test';

/**
 * The database of this Vitest worker: TEST_DATABASE_URL's with `_w<VITEST_POOL_ID>` appended, so the
 * test files that run at the same time (one per worker) never share a database (its advisory locks,
 * its migration lock, its connections); files of one worker run one after another. Outside Vitest
 * (no pool id) it is TEST_DATABASE_URL's own.
 */
export function workerDatabaseUrl(base: string, poolId: string | undefined): string {
  if (!poolId) return base;
  if (!/^[0-9]+$/.test(poolId)) throw new Error(`unexpected VITEST_POOL_ID ${JSON.stringify(poolId)}`);
  const url = new URL(base);
  url.pathname = `/${url.pathname.slice(1)}_w${poolId}`;
  return url.toString();
}

export const PG_BASE = workerDatabaseUrl(PG_SHARED, process.env.VITEST_POOL_ID);

/** `fn` on a connection of its own to `url`, closed after. */
async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Brings the database at `url` to the latest schema, as the server does at its start. */
async function migrateAt(url: string): Promise<void> {
  const s = await openStorage(url);
  try {
    await s.migrate();
  } finally {
    await s.close();
  }
}

/** Creates this worker's test database if it is missing (.ci/run creates the shared one; this lets `npm test` run alone). */
export async function ensureDatabase(): Promise<void> {
  const url = new URL(PG_BASE);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  await withClient(url.toString(), async (c) => {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) {
      try {
        await c.query(`CREATE DATABASE "${name}"`);
      } catch (e) {
        // Another test file created it at the same moment.
        if ((e as { code?: string }).code !== '42P04' && (e as { code?: string }).code !== '23505') throw e;
      }
    }
  });
}

export interface Target {
  readonly name: 'sqlite' | 'postgres';
  /** A DATABASE_URL of its own (a fresh file, or a fresh schema), empty: the tests of migrations start here. */
  url(): Promise<string>;
  /**
   * A DATABASE_URL of its own already migrated to the latest schema: a copy of a database this
   * worker migrated once (its file, or its schema replayed from pg_dump's script). Migrating each
   * test's database anew took ~0.3 s on PostgreSQL (~0.7 s on two busy cores: a round trip per
   * statement) for ~240 tests a run; the copy takes one round trip. `migrate()` on it finds nothing to do.
   */
  migratedUrl(): Promise<string>;
  cleanup(): Promise<void>;
}

/** This worker's migrated SQLite file, made at the first call. */
let sqliteTemplate: Promise<string> | undefined;

async function migratedSqliteFile(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-test-template-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'template.sqlite');
  await migrateAt(`sqlite:${file}`);
  return file;
}

export function sqliteTarget(): Target {
  const dirs: string[] = [];
  return {
    name: 'sqlite',
    async url() {
      const dir = mkdtempSync(join(tmpdir(), 'mafia-test-'));
      dirs.push(dir);
      return `sqlite:${join(dir, 'test.sqlite')}`;
    },
    async migratedUrl() {
      const template = await (sqliteTemplate ??= migratedSqliteFile());
      const dir = mkdtempSync(join(tmpdir(), 'mafia-test-'));
      dirs.push(dir);
      const file = join(dir, 'test.sqlite');
      // Closed, the template is one file; its WAL, were one left, goes with it.
      for (const ext of ['', '-wal']) if (existsSync(template + ext)) copyFileSync(template + ext, file + ext);
      return `sqlite:${file}`;
    },
    async cleanup() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** The placeholder for the schema's name in the template's script. */
const TEMPLATE_SCHEMA = 'mafia_template_schema';
/** This worker's script that makes a migrated schema named TEMPLATE_SCHEMA; null where pg_dump is not to be had. */
let pgTemplate: Promise<string | null> | undefined;

const schemaUrl = (schema: string): string => {
  const u = new URL(PG_BASE);
  u.searchParams.set('schema', schema);
  return u.toString();
};

/**
 * Migrates a schema of this worker's database, dumps it with pg_dump (its tables, indexes and rows:
 * the migrations' own records among them) and drops it. Without pg_dump (or with one older than the
 * server), null: each test's schema is then migrated as it always was.
 */
async function migratedSchemaScript(): Promise<string | null> {
  await ensureDatabase();
  const schema = `t_${process.pid}_tmpl_${randomBytes(4).toString('hex')}`;
  await migrateAt(schemaUrl(schema));
  let dump: string | null;
  try {
    dump = execFileSync('pg_dump', ['--dbname', PG_BASE, '--schema', schema, '--inserts', '--no-owner', '--no-privileges'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    dump = null;
  }
  await withClient(PG_BASE, (c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  // psql's meta-commands (\restrict) are not SQL.
  return dump === null ? null : dump.split('\n').filter((l) => !l.startsWith('\\')).join('\n').replaceAll(schema, TEMPLATE_SCHEMA);
}

export function postgresTarget(): Target {
  const schemas: string[] = [];
  const fresh = async () => {
    await ensureDatabase();
    const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    return schema;
  };
  return {
    name: 'postgres',
    async url() {
      return schemaUrl(await fresh());
    },
    async migratedUrl() {
      const script = await (pgTemplate ??= migratedSchemaScript());
      const schema = await fresh();
      if (script === null) await migrateAt(schemaUrl(schema));
      else await withClient(PG_BASE, (c) => c.query(`BEGIN;\n${script.replaceAll(TEMPLATE_SCHEMA, schema)}\nCOMMIT;`));
      return schemaUrl(schema);
    },
    async cleanup() {
      if (schemas.length === 0) return;
      await withClient(PG_BASE, async (c) => {
        for (const s of schemas.splice(0)) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
      });
    },
  };
}

export const TARGETS: readonly (() => Target)[] = [sqliteTarget, postgresTarget];
