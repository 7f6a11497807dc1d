import type { Kysely, Migration } from 'kysely';
import { createMemberRowTable } from './clubTables.js';
import { createRatingChanges } from './ratingsMigration.js';

/**
 * Issue 15's leaderboard projection (docs/ratings-server.md): each member's results at the
 * evenings he played — per evening its start, `eveningPoints(...).total`, his games and wins —
 * written by every rating recomputation in the same transaction as the ratings, so the
 * leaderboard reads one small row per member instead of re-reading every game's facts on each
 * request. One row per member, not per evening: at 10,000 games a club has ~73,000 member-evenings,
 * and reading that many rows took over 100 ms on its own (docs/decisions.md, Issue 15). The row
 * holds nothing of its own: recomputing gives the same rows.
 *
 * It also replaces 004's `rating_changes` (one row per member and rated game) by
 * `member_rating_changes` (one row per member, his changes as JSON in fold order): writing 100,000
 * rows into two B-trees keyed by random ids was half of a recomputation at 10,000 games. The table
 * is a projection, so it is dropped, not copied: the server's start recomputes every club with
 * facts and no `member_evenings` row (ratings/rebuild.ts), which after this migration is every club
 * with games.
 */
export const memberEveningsMigration: Migration = {
  async up(db: Kysely<any>) {
    await createMemberRowTable(db, 'member_evenings')
      // JSON: [[startsAt, score, games, wins], …], by start (memberEvenings.ts packs and reads it).
      .addColumn('evenings', 'text', (c) => c.notNull())
      // JSON: the evenings' ids in the same order (a profile's links; the leaderboard never reads them).
      .addColumn('evening_ids', 'text', (c) => c.notNull())
      .execute();
    await db.schema.dropTable('rating_changes').execute();
    await createMemberRowTable(db, 'member_rating_changes')
      // JSON: [[gameId, track, before, delta, after], …] in fold order (ratings/changes.ts).
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('member_evenings').execute();
    // Back to 004's table, empty: the next recomputation of 004's code fills it again.
    await db.schema.dropTable('member_rating_changes').execute();
    await createRatingChanges(db);
  },
};
