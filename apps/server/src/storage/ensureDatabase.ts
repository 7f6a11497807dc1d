import pg from 'pg';

/**
 * Creates the PostgreSQL database a URL names if it is missing (connecting to `postgres` for that),
 * for the tools that make their own (npm run chaos, npm run cluster). A schema parameter is ignored.
 */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const u = new URL(databaseUrl);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  u.searchParams.delete('schema');
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) await c.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await c.end();
  }
}
