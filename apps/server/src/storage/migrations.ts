import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { clubMigration } from './clubMigration.js';
import { correctionsMigration } from './correctionsMigration.js';
import { eveningGuestsMigration } from './eveningGuestsMigration.js';
import { memberEveningsMigration } from './memberEveningsMigration.js';
import { memberInvitesMigration } from './memberInvitesMigration.js';
import { nicknameKeyMigration } from './nicknameKeyMigration.js';
import { publicPageMigration } from './publicPageMigration.js';
import { publicRoomsMigration } from './publicRoomsMigration.js';
import { ratingsMigration } from './ratingsMigration.js';
import { roomOwnersMigration } from './roomOwnersMigration.js';
import { seriesMigration } from './seriesMigration.js';
import { signinLinksMigration } from './signinLinksMigration.js';
import { tableHostsMigration } from './tableHostsMigration.js';

/**
 * The schema, as migrations that run on both back ends. Bodies are JSON text (not jsonb) so the
 * two back ends store byte-identical logs; times are epoch milliseconds.
 */
const migrations: Record<string, Migration> = {
  '001_rooms_and_log': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('rooms')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('seats', 'integer', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('names', 'text', (c) => c.notNull())
        .addColumn('timers', 'text', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('host_key_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('ended', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('rooms_open').on('rooms').column('ended').execute();
      await db.schema.createTable('room_log')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        // The primary key is what makes a double append impossible: one row per (room, seq).
        .addPrimaryKeyConstraint('room_log_pk', ['room_id', 'seq'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('room_log').execute();
      await db.schema.dropTable('rooms').execute();
      void sql;
    },
  },
  '002_room_deal': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('rooms').addColumn('deal', 'text', (c) => c.notNull().defaultTo('{}')).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('rooms').dropColumn('deal').execute();
    },
  },
  '003_club': clubMigration,
  '004_ratings': ratingsMigration,
  '005_member_evenings': memberEveningsMigration,
  '006_series': seriesMigration,
  '007_signin_links': signinLinksMigration,
  '008_member_invites': memberInvitesMigration,
  '009_corrections': correctionsMigration,
  '010_table_hosts': tableHostsMigration,
  '011_evening_guests': eveningGuestsMigration,
  '012_nickname_key': nicknameKeyMigration,
  '013_public_page': publicPageMigration,
  '014_public_rooms': publicRoomsMigration,
  '015_room_owners': roomOwnersMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
