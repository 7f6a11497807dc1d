import { nicknameKey } from '@mafia/club';
import type { Kysely, Migration } from 'kysely';

/**
 * The backfilled key of a member whose nickname's key an earlier member of the same club holds
 * already (data written before this migration, when «Еж» and «Ёж» could both slip in): distinct, and
 * longer than any nickname's key (nicknames have at most 40 characters), so no real nickname can
 * ever take it. The member keeps his nickname; an admin renames one of the two.
 */
export const clashKey = (key: string, userId: string): string => `${key} #clash ${userId}`;

/**
 * Issue 24 point 6: `memberships.nickname_key` = nicknameKey(nickname), with a unique index per club,
 * so two nicknames that are one (case, Ё/Е, spaces) cannot both be written even at the same instant.
 * Archived members keep their nickname taken (the service refuses it too), so the index covers all.
 * The column is nullable only because SQLite cannot add a NOT NULL column without a default;
 * every write of a nickname writes the key.
 */
export const nicknameKeyMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('memberships').addColumn('nickname_key', 'text').execute();
    const rows = await db.selectFrom('memberships').select(['club_id', 'user_id', 'nickname', 'joined_at'])
      .orderBy('club_id').orderBy('joined_at').orderBy('user_id').execute() as { club_id: string; user_id: string; nickname: string }[];
    const held = new Set<string>();
    for (const r of rows) {
      const key = nicknameKey(r.nickname);
      const mine = held.has(`${r.club_id}\u0000${key}`) ? clashKey(key, r.user_id) : key;
      if (mine !== key) console.warn(`migration 012_nickname_key: club ${r.club_id}: «${r.nickname}» (${r.user_id}) is an earlier member's nickname; its key is set apart`);
      held.add(`${r.club_id}\u0000${key}`);
      await db.updateTable('memberships').set({ nickname_key: mine }).where('club_id', '=', r.club_id).where('user_id', '=', r.user_id).execute();
    }
    await db.schema.createIndex('memberships_nickname_key').on('memberships').columns(['club_id', 'nickname_key']).unique().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('memberships_nickname_key').execute();
    await db.schema.alterTable('memberships').dropColumn('nickname_key').execute();
  },
};
