import type { Kysely, Migration } from 'kysely';
import { authored, createClubRecordTable, createMemberRowTable } from './clubTables.js';

/** 004's `rating_changes`, one row per member and rated game (005 replaces it; its `down` makes it again). */
export async function createRatingChanges(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('rating_changes')
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('club_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('track', 'text', (c) => c.notNull()) // red | black
    .addColumn('before', 'double precision', (c) => c.notNull())
    .addColumn('delta', 'double precision', (c) => c.notNull())
    .addColumn('after', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('rating_changes_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema.createIndex('rating_changes_club_user').on('rating_changes').columns(['club_id', 'user_id']).execute();
}

/**
 * Issue 15's tables (docs/ratings-server.md): the facts of every ended game of an evening (what
 * the points and ratings are computed from), the rating fold's output (rebuilt from scratch by
 * every recomputation, so it can be audited and replayed), and the clubs' seasons. Ratings are
 * kept unrounded as double precision; times are epoch milliseconds (bigint).
 */
export const ratingsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('game_facts')
      .addColumn('game_id', 'text', (c) => c.primaryKey().references('evening_games.id'))
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id'))
      .addColumn('evening_id', 'text', (c) => c.notNull().references('evenings.id'))
      .addColumn('kind', 'text', (c) => c.notNull()) // club | tournament (preset fiim)
      .addColumn('preset', 'text', (c) => c.notNull())
      .addColumn('players', 'integer', (c) => c.notNull())
      .addColumn('winner', 'text', (c) => c.notNull()) // the engine's winner: town | mafia | draw | a role id
      .addColumn('ended_at', 'bigint', (c) => c.notNull())
      // [{seat, team, role, points, won, tournamentPoints?, marked?}] as JSON text.
      .addColumn('seats', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('game_facts_club').on('game_facts').columns(['club_id', 'ended_at', 'game_id']).execute();
    await db.schema.createIndex('game_facts_evening').on('game_facts').column('evening_id').execute();
    await db.schema.createTable('rating_games')
      .addColumn('game_id', 'text', (c) => c.primaryKey())
      .addColumn('club_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('rated', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('chance', 'double precision')
      .addColumn('k_win', 'double precision', (c) => c.notNull())
      .addColumn('k_loss', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rating_games_club').on('rating_games').columns(['club_id', 'position']).execute();
    await createRatingChanges(db);
    await createMemberRowTable(db, 'member_ratings')
      .addColumn('red', 'double precision', (c) => c.notNull())
      .addColumn('black', 'double precision', (c) => c.notNull())
      .addColumn('games_red', 'integer', (c) => c.notNull())
      .addColumn('games_black', 'integer', (c) => c.notNull())
      .execute();
    await createClubRecordTable(db, 'seasons')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .addColumn('order_keys', 'text', (c) => c.notNull()) // JSON: the season table's order (validateSeasonOrder)
      .$call(authored)
      .execute();
    await db.schema.createIndex('seasons_club').on('seasons').columns(['club_id', 'starts_at']).execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['seasons', 'member_ratings', 'rating_changes', 'rating_games', 'game_facts']) await db.schema.dropTable(t).execute();
  },
};
