import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ensureDatabase, PG_BASE, workerDatabaseUrl } from './storageTargets.js';

/** Test files run in parallel (one per Vitest worker): each worker's PostgreSQL tests get a database of their own. */
describe('the storage tests database per Vitest worker', () => {
  it('appends_the_pool_id_to_the_database_name_and_keeps_the_rest', () => {
    expect(workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/mafia_test', '2')).toBe('postgres://postgres@127.0.0.1:5432/mafia_test_w2');
    expect(workerDatabaseUrl('postgres://u@h:5433/db?sslmode=disable', '11')).toBe('postgres://u@h:5433/db_w11?sslmode=disable');
    expect(workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/mafia_test', undefined)).toBe('postgres://postgres@127.0.0.1:5432/mafia_test');
    expect(() => workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/mafia_test', '1;drop')).toThrow(/VITEST_POOL_ID/);
  });

  it('creates_and_connects_to_this_workers_own_database', async () => {
    const poolId = process.env.VITEST_POOL_ID;
    expect(poolId).toMatch(/^[0-9]+$/);
    expect(new URL(PG_BASE).pathname).toMatch(new RegExp(`_w${poolId}$`));
    await ensureDatabase();
    await ensureDatabase(); // a second call finds it
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    try {
      const r = await c.query<{ db: string }>('SELECT current_database() AS db');
      expect(r.rows[0]?.db).toBe(new URL(PG_BASE).pathname.slice(1));
    } finally {
      await c.end();
    }
  });
});
