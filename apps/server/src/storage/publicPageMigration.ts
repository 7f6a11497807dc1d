import type { Kysely, Migration } from 'kysely';

/**
 * Issue 24 point 6 (second half). A club's public page, off by default (`clubs.public_page`). The reminder letter carries answer links: its token is one of
 * its own (the invitation's token is kept only hashed), stored hashed beside the invitation's.
 */
export const publicPageMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('clubs').addColumn('public_page', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('invitations').addColumn('reminder_token_hash', 'text').execute();
    await db.schema.createIndex('invitations_reminder_token').on('invitations').column('reminder_token_hash').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('invitations_reminder_token').execute();
    await db.schema.alterTable('invitations').dropColumn('reminder_token_hash').execute();
    await db.schema.alterTable('clubs').dropColumn('public_page').execute();
  },
};
