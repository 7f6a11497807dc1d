import { existsSync } from 'node:fs';
import type { ClubDb } from './club/schema.js';
import { recomputeClubs, UnknownClubError, type ClubRecomputed } from './club/ratings/rebuild.js';
import { openStorage, sqliteFile } from './storage/open.js';

/** What the recompute tool refuses with a message of its own (exit 2): no such database file, no such club. */
export class RecomputeRefusal extends Error {}

/**
 * The recompute tool (`npm run recompute`, tools/recompute.ts; docs/ratings-server.md): opens the database of
 * `url` (a DATABASE_URL, as the server takes it), brings its schema up to date as the server's
 * start does, and recomputes one club or every club. A SQLite file that does not exist is
 * refused rather than created empty. Safe beside a running server: each club's rows are replaced
 * in one transaction, as the server's own recomputations do.
 */
export async function recomputeDatabase(url: string, clubId?: string): Promise<ClubRecomputed[]> {
  if (url.startsWith('sqlite:')) {
    const file = sqliteFile(url.slice('sqlite:'.length));
    if (file === ':memory:' || !existsSync(file)) throw new RecomputeRefusal('no such database file');
  }
  const storage = await openStorage(url);
  try {
    await storage.migrate();
    return await recomputeClubs(storage.db as ClubDb, clubId);
  } catch (e) {
    throw e instanceof UnknownClubError ? new RecomputeRefusal(e.message) : e;
  } finally {
    await storage.close();
  }
}
