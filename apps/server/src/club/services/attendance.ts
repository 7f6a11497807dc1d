import { latePenalty, leavePenalty } from '@mafia/club';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, numOrNull, type AttendanceTable, type ClubDb } from '../schema.js';
import { eveningForHost, refuseFuture, type DoorEvening } from './doorShared.js';
import { chargePenalty } from './ledger.js';
import { isPlaceholderEmail } from './joinInvites.js';
import { isGuestId } from './guests.js';
import { checkOutGuest, handOverSeat, prepareLeaving, renameForReplacement } from './leaving.js';
import type { Attendance, DoorAnswer } from '@mafia/protocol';

export { currentOccupants } from './tableRooms.js';



export function attendanceView(e: DoorEvening, a: AttendanceTable, nickname: string, played: number): Attendance {
  const leftAt = numOrNull(a.left_at);
  const unplayed = leftAt !== null && a.replacement_user_id === null ? Math.max(0, e.gamesPlanned - played) : 0;
  return {
    userId: a.user_id, nickname, arrivedAt: num(a.arrived_at), late: latePenalty(e.startsAt, num(a.arrived_at)) !== null,
    leftAt, replacementUserId: a.replacement_user_id, gamesPlayed: played, unplayed,
  };
}

/** The member's membership of the evening's club (his nickname), or `not-a-member` naming the field. */
async function memberOf(db: ClubDb, e: DoorEvening, userId: string, path: string): Promise<{ nickname: string }> {
  const m = await db.selectFrom('memberships').select('nickname').where('club_id', '=', e.clubId).where('user_id', '=', userId).executeTakeFirst();
  if (!m) return clubRefuse('not-a-member', `user ${userId} is no member of this club`, 404, { path });
  return m;
}

/** A member who has not accepted the club's invitation to join: he can get no evening invitation, and comes anyway. */
async function nicknameOnly(ctx: ClubContext, userId: string): Promise<boolean> {
  const u = await ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return u !== undefined && isPlaceholderEmail(u.email);
}

/**
 * Checks a member in at the door with the time he arrived (now by default). Any member invited
 * to the evening is let in, whatever he answered (a NO who comes anyway plays: his NO may have
 * cost him already), and so is a nickname-only member (issue 23 point 9: the club plays with
 * people who have not accepted its invitation to join; they just get no mail). More than 5 minutes after the start costs −5 (`late`), once.
 */
export async function checkIn(ctx: ClubContext, actorUserId: string, eveningId: string, input: { userId: string; arrivedAt?: number }): Promise<DoorAnswer> {
  const e = await eveningForHost(ctx, actorUserId, eveningId);
  const { nickname } = await memberOf(ctx.db, e, input.userId, 'userId');
  const invited = await ctx.db.selectFrom('invitations').select('id').where('evening_id', '=', e.id).where('user_id', '=', input.userId).executeTakeFirst();
  if (!invited && !(await nicknameOnly(ctx, input.userId))) clubRefuse('not-invited', `${nickname} was not invited to this evening`, 409, { path: 'userId', params: { nickname } });
  const arrivedAt = input.arrivedAt ?? ctx.now();
  refuseFuture(ctx, arrivedAt, 'arrivedAt');
  const row: AttendanceTable = { evening_id: e.id, user_id: input.userId, arrived_at: arrivedAt, left_at: null, replacement_user_id: null, checked_in_by: actorUserId };
  const penalty = latePenalty(e.startsAt, arrivedAt);
  const charged = await ctx.db.transaction().execute(async (trx) => {
    const had = await trx.selectFrom('attendance').select('arrived_at').where('evening_id', '=', e.id).where('user_id', '=', input.userId).executeTakeFirst();
    if (had) clubRefuse('already-checked-in', `${nickname} is already checked in (at ${new Date(num(had.arrived_at)).toISOString()})`, 409, { path: 'userId', params: { nickname, arrivedAt: num(had.arrived_at) } });
    await trx.insertInto('attendance').values(row).execute();
    return penalty ? chargePenalty(trx, { clubId: e.clubId, userId: input.userId, eveningId: e.id, penalty, at: ctx.now(), by: actorUserId }) : null;
  });
  return { attendance: attendanceView(e, row, nickname, 0), ...(charged ? { penalty: charged } : {}) };
}

/**
 * Checks a member out. The games he played are the evening's games he has a seat in (the rooms
 * are synced first); −3 for each planned game not played (`left-early`), unless the host names a
 * replacement: a member checked in and still here, not seated at a table now. The replacement
 * (or a guest) takes the leaver's seat from his table's next game on (the game after the one started last,
 * or game 1 when none has started). A leaver without a replacement leaves his seat to «игрок N»
 * (no member) from the next game on, so later games are not counted as his. The table's room
 * renames the seat for the replacement (tableRooms.ts renameSeatInRoom).
 */
export async function checkOut(ctx: ClubContext, actorUserId: string, eveningId: string, input: { userId: string; leftAt?: number; replacementUserId?: string }): Promise<DoorAnswer> {
  if (isGuestId(input.userId)) return checkOutGuest(ctx, actorUserId, eveningId, input);
  const e = await eveningForHost(ctx, actorUserId, eveningId);
  const { nickname } = await memberOf(ctx.db, e, input.userId, 'userId');
  const here = await ctx.db.selectFrom('attendance').selectAll().where('evening_id', '=', e.id).where('user_id', '=', input.userId).executeTakeFirst();
  if (!here) return clubRefuse('not-checked-in', `${nickname} has not been checked in`, 409, { path: 'userId', params: { nickname } });
  if (here.left_at !== null) return clubRefuse('already-left', `${nickname} has already been checked out`, 409, { path: 'userId', params: { nickname } });
  const { leftAt, replacement, seat, played } = await prepareLeaving(ctx, e, { id: input.userId, nickname, arrivedAt: num(here.arrived_at) }, input);
  const penalty = leavePenalty(e.gamesPlanned, played, replacement !== null);
  const charged = await ctx.db.transaction().execute(async (trx) => {
    const n = await trx.updateTable('attendance').set({ left_at: leftAt, replacement_user_id: replacement?.id ?? null })
      .where('evening_id', '=', e.id).where('user_id', '=', input.userId).where('left_at', 'is', null).executeTakeFirst();
    // Another check-out of the same member got there first.
    if (Number(n.numUpdatedRows) !== 1) clubRefuse('already-left', `${nickname} has already been checked out`, 409, { path: 'userId', params: { nickname } });
    if (seat) await handOverSeat(trx, e, seat, replacement);
    return penalty ? chargePenalty(trx, { clubId: e.clubId, userId: input.userId, eveningId: e.id, penalty, at: ctx.now(), by: actorUserId }) : null;
  });
  await renameForReplacement(ctx, e, seat, replacement);
  const after: AttendanceTable = { ...here, left_at: leftAt, replacement_user_id: replacement?.id ?? null };
  return { attendance: attendanceView(e, after, nickname, played), ...(charged ? { penalty: charged } : {}) };
}
