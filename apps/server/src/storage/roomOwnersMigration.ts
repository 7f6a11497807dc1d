import type { Kysely, Migration } from 'kysely';

/**
 * Issue 29: several server nodes on one PostgreSQL. `room_owners` holds each room's fencing token:
 * a node that takes a room over raises it (storage/fences.ts), and an append checks, in its own
 * transaction, that the room's token is still the one its node took. A node that lost its lease
 * (killed, paused, cut off from Redis) can then never append again, whatever it believes. SQLite
 * (one process) never writes here.
 */
export const roomOwnersMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('room_owners')
      .addColumn('room_id', 'text', (c) => c.primaryKey())
      .addColumn('token', 'bigint', (c) => c.notNull())
      .addColumn('node', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('room_owners').execute();
  },
};
