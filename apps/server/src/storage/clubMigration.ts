import type { Kysely, Migration } from 'kysely';
import { authored, createClubRecordTable } from './clubTables.js';

/**
 * The club's tables (issue 14, docs/club.md): people, clubs, memberships, sign-in, game evenings,
 * invitations, attendance, the evening's tables and games, the rating-points ledger and the
 * delivery jobs. Times are epoch milliseconds (bigint); booleans are integers 0/1; ids are text.
 */
export const clubMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Lower-cased; a deleted account's becomes `deleted:<id>` so the address may sign up again.
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('phone', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ru'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createTable('clubs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createTable('memberships')
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('role', 'text', (c) => c.notNull()) // admin | host | member
      .addColumn('nickname', 'text', (c) => c.notNull())
      .addColumn('share_name', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('share_email', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('share_phone', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_list', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('unanswered_streak', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('off_list_at', 'bigint')
      // Put back on the list by an admin at this time: invitations that closed before it no longer count.
      .addColumn('list_since', 'bigint')
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['club_id', 'user_id'])
      .addUniqueConstraint('memberships_nickname', ['club_id', 'nickname'])
      .execute();
    await db.schema.createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createTable('login_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await createClubRecordTable(db, 'evenings')
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      // Answers are taken until then (default: the start); an invitation still unanswered then counts as unanswered.
      .addColumn('answer_by', 'bigint', (c) => c.notNull())
      .addColumn('place', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('weight', 'double precision', (c) => c.notNull())
      .addColumn('preset', 'text', (c) => c.notNull())
      .addColumn('games_planned', 'integer', (c) => c.notNull())
      .$call(authored)
      // When the answer deadline was processed (unanswered invitations counted), once.
      .addColumn('closed_at', 'bigint')
      .addColumn('cancelled_at', 'bigint')
      .execute();
    await db.schema.createIndex('evenings_club').on('evenings').columns(['club_id', 'starts_at']).execute();
    await db.schema.createTable('invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('evening_id', 'text', (c) => c.notNull().references('evenings.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      // SHA-256 of the answer link's token: the token itself is only in the messages sent.
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('answer', 'text') // yes | no | null
      .addColumn('answered_at', 'bigint')
      // 1 once the deadline passed without an answer (counted in the member's streak).
      .addColumn('unanswered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .addColumn('reminded_at', 'bigint')
      // The last delivery failure (a bounce, an SMS gateway refusal), shown to the admins.
      .addColumn('delivery_error', 'text')
      .addUniqueConstraint('invitations_once', ['evening_id', 'user_id'])
      .execute();
    await db.schema.createTable('answers')
      // Every answer given, in order: a withdrawn YES is seen here.
      .addColumn('invitation_id', 'text', (c) => c.notNull().references('invitations.id'))
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('answers_invitation').on('answers').column('invitation_id').execute();
    await db.schema.createTable('attendance')
      .addColumn('evening_id', 'text', (c) => c.notNull().references('evenings.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('arrived_at', 'bigint', (c) => c.notNull())
      .addColumn('left_at', 'bigint')
      .addColumn('replacement_user_id', 'text')
      .addColumn('checked_in_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('attendance_pk', ['evening_id', 'user_id'])
      .execute();
    await db.schema.createTable('evening_tables')
      .addColumn('evening_id', 'text', (c) => c.notNull().references('evenings.id'))
      .addColumn('table_no', 'integer', (c) => c.notNull())
      // The game server's room the table plays in (its games: "next game with the same seats").
      .addColumn('room_id', 'text')
      .addColumn('room_code', 'text')
      // The seed the seats were drawn with (seed 003: drawn numbers), for anyone to verify.
      .addColumn('seat_seed', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('evening_tables_pk', ['evening_id', 'table_no'])
      .execute();
    await db.schema.createTable('table_seats')
      // Who sits on a seat of a table from game `from_game` on (a replacement adds a row).
      .addColumn('evening_id', 'text', (c) => c.notNull())
      .addColumn('table_no', 'integer', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('from_game', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('nickname', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('table_seats_pk', ['evening_id', 'table_no', 'seat', 'from_game'])
      .execute();
    await db.schema.createTable('evening_games')
      // Every game of an evening: one played in a room (room_id + game_no) or entered as a protocol.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('evening_id', 'text', (c) => c.notNull().references('evenings.id'))
      .addColumn('table_no', 'integer')
      .addColumn('room_id', 'text')
      .addColumn('game_no', 'integer')
      .addColumn('protocol', 'text')
      .addColumn('winner', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('evening_games_evening').on('evening_games').column('evening_id').execute();
    await db.schema.createTable('game_seats')
      .addColumn('game_id', 'text', (c) => c.notNull().references('evening_games.id'))
      .addColumn('seat', 'integer', (c) => c.notNull())
      // Null once the member deleted his account: the seat keeps his nickname (or «игрок N»).
      .addColumn('user_id', 'text')
      .addColumn('nickname', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_seats_pk', ['game_id', 'seat'])
      .execute();
    await createClubRecordTable(db, 'ledger')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('evening_id', 'text')
      // The seed-003 rule: late | left-early | late-decline (packages/club).
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      // The numbers of the reason as JSON (minutes late, games unplayed, hours before): the pages say the reason in the reader's language.
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      // One entry per rule, member and evening at most (a repeated check-in does not charge twice).
      .addColumn('dedupe_key', 'text', (c) => c.unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('cancelled_at', 'bigint')
      .addColumn('cancelled_by', 'text')
      .addColumn('cancel_note', 'text')
      .execute();
    await db.schema.createIndex('ledger_member').on('ledger').columns(['club_id', 'user_id']).execute();
    await db.schema.createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('run_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull()) // pending | running | done | failed
      .addColumn('locked_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('dedupe_key', 'text', (c) => c.unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('done_at', 'bigint')
      .execute();
    await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
    await db.schema.createTable('settings')
      // The server's own values that must outlive a restart (the session secret when SESSION_SECRET is unset).
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['settings', 'jobs', 'ledger', 'game_seats', 'evening_games', 'table_seats', 'evening_tables', 'attendance', 'answers', 'invitations', 'evenings', 'login_tokens', 'sessions', 'memberships', 'clubs', 'users']) {
      await db.schema.dropTable(t).execute();
    }
  },
};
