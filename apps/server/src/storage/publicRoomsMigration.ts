import type { Kysely, Migration } from 'kysely';

/**
 * Issue 26 point 5: the lobby of open games. `rooms.public` (1: listed on /play while it waits for
 * players; 0, the default and every older row: joined by its code only) and `rooms.language` (the
 * creator's UI language, ru or en; null when not given). The index serves the listing: public,
 * open, newest first (GET /api/rooms/open).
 */
export const publicRoomsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('rooms').addColumn('public', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('rooms').addColumn('language', 'text').execute();
    await db.schema.createIndex('rooms_public_open').on('rooms').columns(['public', 'ended', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('rooms_public_open').execute();
    await db.schema.alterTable('rooms').dropColumn('language').execute();
    await db.schema.alterTable('rooms').dropColumn('public').execute();
  },
};
