import type { Kysely, Migration } from 'kysely';

/**
 * Issue 15's leaderboard projection (docs/ratings-server.md): each member's results at the
 * evenings he played — per evening its start, `eveningPoints(...).total`, his games and wins —
 * written by every rating recomputation in the same transaction as the ratings, so the
 * leaderboard reads one small row per member instead of re-reading every game's facts on each
 * request. One row per member, not per evening: at 10,000 games a club has ~73,000 member-evenings,
 * and reading that many rows took over 100 ms on its own (docs/decisions.md, Issue 15). The row
 * holds nothing of its own: recomputing gives the same rows.
 */
export const memberEveningsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('member_evenings')
      .addColumn('club_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      // JSON: [[startsAt, score, games, wins], …], by start (memberEvenings.ts packs and reads it).
      .addColumn('evenings', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('member_evenings_pk', ['club_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('member_evenings').execute();
  },
};
