import { ratingChangesWithChance } from '../ratings/changes.js';
import { recomputeRatings } from '../ratings/recompute.js';
import { ratingsDb } from '../ratingsSchema.js';
import { deliveryFailureOf } from '../services/evenings.js';
import type { ClubContext } from '../ports.js';
import { num, numOrNull } from '../schema.js';
import { SIGNIN_JOB } from './signinMail.js';
import { parseStored } from '../../storage/versioned.js';
import { SIGNIN_PAYLOAD } from '../stored.js';

/**
 * Everything the club holds about one user (GET /api/me/export): his account, memberships,
 * invitations with every answer he gave, attendance, seats at tables and in games, and the
 * ledger's entries about him. Never a token's or the password's hash, never another member's
 * private fields (other people appear only by id or by the nickname the club shows to all).
 */
export async function exportAccount(ctx: ClubContext, userId: string) {
  const db = ctx.db;
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const memberships = await db.selectFrom('memberships').innerJoin('clubs', 'clubs.id', 'memberships.club_id')
    .select(['clubs.id as clubId', 'clubs.name as clubName', 'memberships.role', 'memberships.nickname', 'memberships.share_name', 'memberships.share_email', 'memberships.share_phone',
      'memberships.on_list', 'memberships.unanswered_streak', 'memberships.off_list_at', 'memberships.joined_at'])
    .where('memberships.user_id', '=', userId).orderBy('clubs.name').execute();
  const invitations = await db.selectFrom('invitations').innerJoin('evenings', 'evenings.id', 'invitations.evening_id')
    .select(['invitations.id', 'invitations.evening_id', 'evenings.club_id', 'evenings.starts_at', 'evenings.place', 'invitations.answer', 'invitations.answered_at',
      'invitations.unanswered', 'invitations.created_at', 'invitations.sent_at', 'invitations.reminded_at', 'invitations.delivery_error'])
    .where('invitations.user_id', '=', userId).orderBy('evenings.starts_at').execute();
  const answers = invitations.length === 0 ? [] : await db.selectFrom('answers').selectAll()
    .where('invitation_id', 'in', invitations.map((i) => i.id)).orderBy('at').execute();
  const attendance = await db.selectFrom('attendance').innerJoin('evenings', 'evenings.id', 'attendance.evening_id')
    .select(['attendance.evening_id', 'evenings.club_id', 'evenings.starts_at', 'attendance.arrived_at', 'attendance.left_at', 'attendance.replacement_user_id'])
    .where('attendance.user_id', '=', userId).orderBy('evenings.starts_at').execute();
  const tableSeats = await db.selectFrom('table_seats').selectAll().where('user_id', '=', userId).orderBy('evening_id').orderBy('table_no').orderBy('from_game').execute();
  const gameSeats = await db.selectFrom('game_seats').innerJoin('evening_games', 'evening_games.id', 'game_seats.game_id')
    .select(['game_seats.game_id', 'evening_games.evening_id', 'evening_games.table_no', 'evening_games.game_no', 'game_seats.seat', 'game_seats.nickname', 'evening_games.winner', 'evening_games.created_at'])
    .where('game_seats.user_id', '=', userId).orderBy('evening_games.created_at').execute();
  const ledger = await db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const ratings = await ratingsDb(db).selectFrom('member_ratings').selectAll().where('user_id', '=', userId).orderBy('club_id').execute();
  const ratingChanges = await ratingChangesWithChance(ratingsDb(db), userId);
  return {
    exportedAt: ctx.now(),
    account: { id: u.id, email: u.email, name: u.name, phone: u.phone, locale: u.locale, hasPassword: u.password_hash !== null, createdAt: num(u.created_at) },
    memberships: memberships.map((m) => ({
      clubId: m.clubId, clubName: m.clubName, role: m.role, nickname: m.nickname,
      shareName: m.share_name === 1, shareEmail: m.share_email === 1, sharePhone: m.share_phone === 1,
      onList: m.on_list === 1, unansweredStreak: m.unanswered_streak, offListAt: numOrNull(m.off_list_at), joinedAt: num(m.joined_at),
    })),
    invitations: invitations.map((i) => ({
      id: i.id, eveningId: i.evening_id, clubId: i.club_id, startsAt: num(i.starts_at), place: i.place,
      answer: i.answer, answeredAt: numOrNull(i.answered_at), unanswered: i.unanswered === 1,
      createdAt: num(i.created_at), sentAt: numOrNull(i.sent_at), remindedAt: numOrNull(i.reminded_at), deliveryError: i.delivery_error === null ? null : deliveryFailureOf(i.delivery_error),
      answers: answers.filter((a) => a.invitation_id === i.id).map((a) => ({ answer: a.answer, at: num(a.at) })),
    })),
    attendance: attendance.map((a) => ({
      eveningId: a.evening_id, clubId: a.club_id, startsAt: num(a.starts_at), arrivedAt: num(a.arrived_at), leftAt: numOrNull(a.left_at), replacementUserId: a.replacement_user_id,
    })),
    tableSeats: tableSeats.map((s) => ({ eveningId: s.evening_id, tableNo: s.table_no, seat: s.seat, fromGame: s.from_game, nickname: s.nickname })),
    gameSeats: gameSeats.map((s) => ({ gameId: s.game_id, eveningId: s.evening_id, tableNo: s.table_no, gameNo: s.game_no, seat: s.seat, nickname: s.nickname, winner: s.winner })),
    ledger: ledger.map((e) => ({
      id: e.id, clubId: e.club_id, eveningId: e.evening_id, rule: e.rule, points: e.points, reason: e.reason, createdAt: num(e.created_at),
      cancelledAt: numOrNull(e.cancelled_at), cancelNote: e.cancel_note,
    })),
    ratings: ratings.map((r) => ({ clubId: r.club_id, red: r.red, black: r.black, gamesRed: r.games_red, gamesBlack: r.games_black })),
    ratingChanges,
  };
}

/**
 * Deletes an account, all or nothing: his personal data erased (the row stays, as `deleted:<id>`,
 * so ids in the evenings' history still point somewhere and the address may sign up again),
 * memberships, sign-in links, sessions, invitations with their answers, attendance and the
 * ledger's entries about him removed; the seats of played games and tables keep the nickname
 * with no user. Pending sign-in letters to his address are dropped.
 */
export async function deleteAccount(ctx: ClubContext, userId: string, email: string): Promise<void> {
  const clubs = (await ctx.db.selectFrom('memberships').select('club_id').where('user_id', '=', userId).execute()).map((m) => m.club_id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ email: `deleted:${userId}`, name: null, phone: null, password_hash: null, deleted_at: ctx.now() }).where('id', '=', userId).execute();
    await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
    await trx.deleteFrom('login_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('signin_links').where('email', '=', email).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    const invitations = await trx.selectFrom('invitations').select('id').where('user_id', '=', userId).execute();
    if (invitations.length > 0) await trx.deleteFrom('answers').where('invitation_id', 'in', invitations.map((i) => i.id)).execute();
    await trx.deleteFrom('invitations').where('user_id', '=', userId).execute();
    await trx.deleteFrom('attendance').where('user_id', '=', userId).execute();
    await trx.updateTable('game_seats').set({ user_id: null }).where('user_id', '=', userId).execute();
    await trx.updateTable('table_seats').set({ user_id: null }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('ledger').where('user_id', '=', userId).execute();
    await ratingsDb(trx).deleteFrom('member_rating_changes').where('user_id', '=', userId).execute();
    await ratingsDb(trx).deleteFrom('member_ratings').where('user_id', '=', userId).execute();
    const letters = await trx.selectFrom('jobs').select(['id', 'payload']).where('kind', '=', SIGNIN_JOB).execute();
    const his = letters.filter((j) => parseStored(SIGNIN_PAYLOAD, j.payload).email === email).map((j) => j.id);
    if (his.length > 0) await trx.deleteFrom('jobs').where('id', 'in', his).execute();
  });
  // His seats are guests' now (no member): the clubs he played in are rated again without him.
  for (const clubId of clubs) await recomputeRatings(ctx, clubId);
}
