import type { Kysely, Migration } from 'kysely';
import { createClubRecordTable } from './clubTables.js';

/**
 * Issue 24 point 3, corrections on the record: an archived member (`memberships.archived_at`),
 * a voided game (`evening_games.voided_*`), a paper protocol's identity (`evening_games.digest`,
 * refusing the same game twice) and the club's audit log (`audit_log`: who, when, what, why).
 */
export const correctionsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('memberships').addColumn('archived_at', 'bigint').execute();
    await db.schema.alterTable('evening_games').addColumn('voided_at', 'bigint').execute();
    await db.schema.alterTable('evening_games').addColumn('voided_by', 'text').execute();
    await db.schema.alterTable('evening_games').addColumn('void_reason', 'text').execute();
    await db.schema.alterTable('evening_games').addColumn('digest', 'text').execute();
    await db.schema.createIndex('evening_games_digest').on('evening_games').column('digest').execute();
    await createClubRecordTable(db, 'audit_log')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_kind', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_club').on('audit_log').columns(['club_id', 'at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropIndex('evening_games_digest').execute();
    for (const c of ['digest', 'void_reason', 'voided_by', 'voided_at']) await db.schema.alterTable('evening_games').dropColumn(c).execute();
    await db.schema.alterTable('memberships').dropColumn('archived_at').execute();
  },
};
