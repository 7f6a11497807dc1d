import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

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

/** Creates this worker's test database if it is missing (.ci/run creates the shared one; this lets `npm test` run alone). */
export async function ensureDatabase(): Promise<void> {
  const url = new URL(PG_BASE);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) {
      try {
        await c.query(`CREATE DATABASE "${name}"`);
      } catch (e) {
        // Another test file created it at the same moment.
        if ((e as { code?: string }).code !== '42P04' && (e as { code?: string }).code !== '23505') throw e;
      }
    }
  } finally {
    await c.end();
  }
}

export interface Target {
  readonly name: 'sqlite' | 'postgres';
  /** A DATABASE_URL of its own (a fresh file, or a fresh schema). */
  url(): Promise<string>;
  cleanup(): Promise<void>;
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
    async cleanup() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}

export function postgresTarget(): Target {
  const schemas: string[] = [];
  return {
    name: 'postgres',
    async url() {
      await ensureDatabase();
      const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
      schemas.push(schema);
      const u = new URL(PG_BASE);
      u.searchParams.set('schema', schema);
      return u.toString();
    },
    async cleanup() {
      if (schemas.length === 0) return;
      const c = new pg.Client({ connectionString: PG_BASE });
      await c.connect();
      try {
        for (const s of schemas.splice(0)) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

export const TARGETS: readonly (() => Target)[] = [sqliteTarget, postgresTarget];
