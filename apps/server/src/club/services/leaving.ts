import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, type ClubDb, type TableSeatsTable } from '../schema.js';
import { eveningForHost, refuseFuture, type DoorEvening } from './doorShared.js';
import { gamesPlayedBy, syncGames } from './games.js';
import { guestAttendance, guestOf, isGuestId, type Sitter } from './guests.js';
import { renameSeatInRoom, seatedNow, tableStates } from './tableRooms.js';

/** The id on a table seat: its member's user id, its guest's id, or null (an empty seat). */
export const sitterId = (s: Pick<TableSeatsTable, 'user_id' | 'guest_id'>): string | null => s.user_id ?? s.guest_id ?? null;

/**
 * The replacement the host names for a leaver: a member or a guest (issue 24 point 4) checked in
 * and still here, not seated at a table now; else `bad-replacement` saying why.
 */
export async function replacementFor(ctx: ClubContext, e: DoorEvening, leaver: { id: string; nickname: string }, r: string, current: readonly TableSeatsTable[]): Promise<Sitter> {
  const bad = (why: string): never => clubRefuse('bad-replacement', why, 400, { path: 'replacementUserId' });
  if (r === leaver.id) bad(`${leaver.nickname} cannot replace himself`);
  let who: Sitter;
  if (isGuestId(r)) {
    const g = await ctx.db.selectFrom('evening_guests').select(['nickname', 'left_at']).where('evening_id', '=', e.id).where('id', '=', r).executeTakeFirst();
    if (!g) return bad(`the replacement ${r} is no guest of this evening`);
    if (g.left_at !== null) bad(`the replacement ${g.nickname} (a guest) is not here: he has left`);
    who = { id: r, userId: null, guestId: r, nickname: g.nickname };
  } else {
    const m = await ctx.db.selectFrom('memberships').select('nickname').where('club_id', '=', e.clubId).where('user_id', '=', r).executeTakeFirst();
    if (!m) return bad(`the replacement ${r} is no member of this club`);
    const ra = await ctx.db.selectFrom('attendance').select('left_at').where('evening_id', '=', e.id).where('user_id', '=', r).executeTakeFirst();
    if (!ra || ra.left_at !== null) bad(`the replacement ${m.nickname} is not here: ${ra ? 'he has left' : 'he has not been checked in'}`);
    who = { id: r, userId: r, guestId: null, nickname: m.nickname };
  }
  const sits = current.find((s) => sitterId(s) === r);
  if (sits) bad(`the replacement ${who.nickname} already sits at table ${sits.table_no} (seat ${sits.seat})`);
  return who;
}

/** The leaver's seat now, if he has one, and the table game from which the replacement (or nobody) sits there: the table's next. */
export async function leaverSeat(ctx: ClubContext, e: DoorEvening, id: string, current: readonly TableSeatsTable[]): Promise<{ seat: TableSeatsTable; fromGame: number } | null> {
  const seat = current.find((s) => sitterId(s) === id);
  if (!seat) return null;
  return { seat, fromGame: (await tableStates(ctx, e.id)).find((t) => t.tableNo === seat.table_no)?.nextGame ?? 1 };
}

/**
 * What a check-out (a member's or a guest's) decides before it writes: when he left (not ahead of
 * the clock, not before he came), his replacement if the host names one, his seat now if he has
 * one (the replacement, or nobody, sits there from the table's next game) and the games he played
 * (the rooms synced first).
 */
export async function prepareLeaving(ctx: ClubContext, e: DoorEvening, leaver: { id: string; nickname: string; arrivedAt: number }, input: { leftAt?: number; replacementUserId?: string }) {
  const leftAt = input.leftAt ?? ctx.now();
  refuseFuture(ctx, leftAt, 'leftAt');
  if (leftAt < leaver.arrivedAt) clubRefuse('bad-time', `${leaver.nickname} cannot leave before he arrived`, 400, { path: 'leftAt' });
  const current = await seatedNow(ctx.db, e.id);
  const replacement = input.replacementUserId === undefined ? null : await replacementFor(ctx, e, leaver, input.replacementUserId, current);
  const seat = await leaverSeat(ctx, e, leaver.id, current);
  await syncGames(ctx, e.id);
  const played = (await gamesPlayedBy(ctx.db, e.id)).get(leaver.id) ?? 0;
  return { leftAt, replacement, seat, played };
}

/** After a check-out: the table's room shows the replacement on the seat (held until a running game ends). */
export async function renameForReplacement(ctx: ClubContext, e: DoorEvening, at: { seat: TableSeatsTable } | null, replacement: Sitter | null): Promise<void> {
  if (at && replacement) await renameSeatInRoom(ctx, e.id, at.seat.table_no, at.seat.seat, replacement.nickname);
}

/** Gives the leaver's seat to the replacement (or to «игрок N», nobody) from `fromGame` on. */
export async function handOverSeat(trx: ClubDb, e: DoorEvening, at: { seat: TableSeatsTable; fromGame: number }, replacement: Sitter | null): Promise<void> {
  const key = { evening_id: e.id, table_no: at.seat.table_no, seat: at.seat.seat, from_game: at.fromGame };
  await trx.deleteFrom('table_seats').where('evening_id', '=', key.evening_id).where('table_no', '=', key.table_no).where('seat', '=', key.seat).where('from_game', '=', key.from_game).execute();
  await trx.insertInto('table_seats').values({
    ...key, user_id: replacement?.userId ?? null, guest_id: replacement?.guestId ?? null, nickname: replacement?.nickname ?? `игрок ${at.seat.seat}`,
  }).execute();
}

/**
 * A guest leaves (issue 24 point 4): no penalty, whatever he played; a replacement named by the
 * host (a member or another guest) takes his seat from the table's next game, as for a member.
 */
export async function checkOutGuest(ctx: ClubContext, actorUserId: string, eveningId: string, input: { userId: string; leftAt?: number; replacementUserId?: string }) {
  const e = await eveningForHost(ctx, actorUserId, eveningId);
  const g = await guestOf(ctx.db, e.id, input.userId, 'userId');
  const nickname = g.nickname;
  if (g.left_at !== null) clubRefuse('already-left', `${nickname} has already been checked out`, 409, { path: 'userId', params: { nickname } });
  const { leftAt, replacement, seat: at, played } = await prepareLeaving(ctx, e, { id: g.id, nickname, arrivedAt: num(g.arrived_at) }, input);
  await ctx.db.transaction().execute(async (trx) => {
    const n = await trx.updateTable('evening_guests').set({ left_at: leftAt, replacement_id: replacement?.id ?? null })
      .where('evening_id', '=', e.id).where('id', '=', g.id).where('left_at', 'is', null).executeTakeFirst();
    if (Number(n.numUpdatedRows) !== 1) clubRefuse('already-left', `${nickname} has already been checked out`, 409, { path: 'userId', params: { nickname } });
    if (at) await handOverSeat(trx, e, at, replacement);
  });
  await renameForReplacement(ctx, e, at, replacement);
  return { attendance: guestAttendance({ ...g, left_at: leftAt, replacement_id: replacement?.id ?? null }, played) };
}
