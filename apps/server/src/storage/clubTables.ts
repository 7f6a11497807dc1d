import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/**
 * The shapes the club's tables share, named once so that each migration lists only what is its
 * own. They only ever add columns and constraints as the migrations first wrote them: a migration
 * that has run must keep making the same schema (the same columns, in the same order).
 */

type Table = CreateTableBuilder<any, any>;

/** A column that must hold a value. */
export const required = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.notNull();

/**
 * A record the club owns (an evening, a ledger entry, a season, a series, an audit entry): the
 * table starts with its text id and the club it belongs to.
 */
export function createClubRecordTable(db: Kysely<any>, name: string): Table {
  return db.schema.createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id'));
}

/** Who made a record (a user id) and when (epoch ms), for tables an admin adds rows to. */
export function authored(t: Table): Table {
  return t.addColumn('created_by', 'text', required).addColumn('created_at', 'bigint', required);
}

/**
 * One row per member of a club (a projection the rating recomputation rebuilds): the table starts
 * with the club and the user, which are its primary key `<name>_pk`.
 */
export function createMemberRowTable(db: Kysely<any>, name: string): Table {
  return db.schema.createTable(name)
    .addColumn('club_id', 'text', required)
    .addColumn('user_id', 'text', required)
    .addPrimaryKeyConstraint(`${name}_pk`, ['club_id', 'user_id']);
}
