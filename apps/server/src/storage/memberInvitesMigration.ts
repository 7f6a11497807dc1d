import type { Kysely, Migration } from 'kysely';

/**
 * Invitations to join a club (issue 23 point 9). Adding a member by e-mail no longer finds the
 * account behind the address: the club gets a nickname-only member (a placeholder account with an
 * undeliverable address) and the address gets a one-time link, stored as a hash. When she accepts,
 * the placeholder's club rows move to her own account; until then the club knows only the nickname.
 */
export const memberInvitesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('member_invites')
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addPrimaryKeyConstraint('member_invites_pk', ['club_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('member_invites').execute();
  },
};
