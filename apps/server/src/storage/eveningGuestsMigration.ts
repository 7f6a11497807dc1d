import type { Kysely, Migration } from 'kysely';

/**
 * Issue 24 point 4: guests (no member of the club, no account) at an evening's live tables.
 * - `evening_guests`: a guest checked in at the door, by his id (`g:…`, never a user id), the name
 *   he plays under and its key (case aside, Ё read as Е: one name per evening), when he came and left,
 *   and who replaced him (a member's user id or another guest's id).
 * - `table_seats.guest_id`, `game_seats.guest_id`: the guest on a seat (`user_id` is then null,
 *   and `nickname` his name), so an empty seat and a guest's are told apart.
 */
export const eveningGuestsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('evening_guests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('evening_id', 'text', (c) => c.notNull().references('evenings.id'))
      .addColumn('nickname', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('arrived_at', 'bigint', (c) => c.notNull())
      .addColumn('left_at', 'bigint')
      .addColumn('replacement_id', 'text')
      .addColumn('checked_in_by', 'text', (c) => c.notNull())
      .addUniqueConstraint('evening_guests_name', ['evening_id', 'name_key'])
      .execute();
    await db.schema.alterTable('table_seats').addColumn('guest_id', 'text').execute();
    await db.schema.alterTable('game_seats').addColumn('guest_id', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('game_seats').dropColumn('guest_id').execute();
    await db.schema.alterTable('table_seats').dropColumn('guest_id').execute();
    await db.schema.dropTable('evening_guests').execute();
  },
};
