import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 24 points 1 and 2: each club table has its own host, and its seats change between games.
 * - `evening_tables.host_user_id`: the member hosting the table (null: none assigned yet);
 *   `host_generation`: counts the handovers; the room's host key is derived from it (club/services/tableHosts.ts),
 *   so a handover makes the old host's key useless.
 * - `table_host_log`: every assignment and handover (who, when, from whom to whom), numbered per evening.
 * - `table_rooms`: the rooms a table has played in, each from table game `from_game` on with
 *   `seats` seats (a reseating opens a new room); the rows of tables drawn before are made here.
 * - `seating_apart`: pairs of members the club keeps at different tables (user_a < user_b).
 */
export const tableHostsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('evening_tables').addColumn('host_user_id', 'text').execute();
    await db.schema.alterTable('evening_tables').addColumn('host_generation', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createTable('table_host_log')
      .addColumn('evening_id', 'text', (c) => c.notNull().references('evenings.id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('table_no', 'integer', (c) => c.notNull())
      .addColumn('from_user_id', 'text')
      .addColumn('to_user_id', 'text', (c) => c.notNull())
      .addColumn('by_user_id', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('table_host_log_pk', ['evening_id', 'seq'])
      .execute();
    await db.schema.createTable('table_rooms')
      .addColumn('evening_id', 'text', (c) => c.notNull().references('evenings.id'))
      .addColumn('table_no', 'integer', (c) => c.notNull())
      .addColumn('from_game', 'integer', (c) => c.notNull())
      .addColumn('room_id', 'text', (c) => c.notNull())
      .addColumn('room_code', 'text', (c) => c.notNull())
      .addColumn('seats', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('table_rooms_pk', ['evening_id', 'table_no', 'from_game'])
      .execute();
    await sql`INSERT INTO table_rooms (evening_id, table_no, from_game, room_id, room_code, seats)
      SELECT t.evening_id, t.table_no, 1, t.room_id, t.room_code,
        (SELECT COUNT(DISTINCT s.seat) FROM table_seats s WHERE s.evening_id = t.evening_id AND s.table_no = t.table_no)
      FROM evening_tables t WHERE t.room_id IS NOT NULL AND t.room_code IS NOT NULL`.execute(db);
    await db.schema.createTable('seating_apart')
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id'))
      .addColumn('user_a', 'text', (c) => c.notNull())
      .addColumn('user_b', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('seating_apart_pk', ['club_id', 'user_a', 'user_b'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['seating_apart', 'table_rooms', 'table_host_log']) await db.schema.dropTable(t).execute();
    await db.schema.alterTable('evening_tables').dropColumn('host_generation').execute();
    await db.schema.alterTable('evening_tables').dropColumn('host_user_id').execute();
  },
};
