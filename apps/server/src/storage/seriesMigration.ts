import type { Kysely, Migration } from 'kysely';
import { authored, createClubRecordTable } from './clubTables.js';

/**
 * A club's FIIM series (issue 15, R-FIIM-16): a named list of its ended `fiim` games, whose table
 * (tournament points + the compensation Ci, once per series) is computed from their game_facts on
 * each request. `position` keeps the order the admin gave.
 */
export const seriesMigration: Migration = {
  async up(db: Kysely<any>) {
    await createClubRecordTable(db, 'series')
      .addColumn('name', 'text', (c) => c.notNull())
      .$call(authored)
      .execute();
    await db.schema.createIndex('series_club').on('series').columns(['club_id', 'created_at']).execute();
    await db.schema.createTable('series_games')
      .addColumn('series_id', 'text', (c) => c.notNull().references('series.id'))
      .addColumn('game_id', 'text', (c) => c.notNull().references('evening_games.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('series_games_pk', ['series_id', 'game_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['series_games', 'series']) await db.schema.dropTable(t).execute();
  },
};
