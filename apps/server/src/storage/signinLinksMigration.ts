import type { Kysely, Migration } from 'kysely';

/**
 * Sign-in links to addresses that have no account yet (issue 23 point 12): the account is made
 * when the link is used, not when it is asked for, so forty plus-tagged addresses asked for by a
 * stranger leave no account behind. Expired rows are swept when new links are made.
 */
export const signinLinksMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('signin_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('signin_links_email').on('signin_links').column('email').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('signin_links').execute();
  },
};
