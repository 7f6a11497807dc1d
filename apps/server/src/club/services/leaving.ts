import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, type ClubDb, type TableSeatsTable } from '../schema.js';
import { eveningForHost, type DoorEvening } from './doorShared.js';
import { gamesPlayedBy, syncGames } from './games.js';
import { guestAttendance, guestOf, isGuestId, type Sitter } from './guests.js';
import { seatedNow, tableStates } from './tableRooms.js';

const CLOCK_SLACK_MS = 60_000;

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
  const leftAt = input.leftAt ?? ctx.now();
  if (leftAt > ctx.now() + CLOCK_SLACK_MS) clubRefuse('bad-time', 'leftAt is in the future', 400, { path: 'leftAt' });
  if (leftAt < num(g.arrived_at)) clubRefuse('bad-time', `${nickname} cannot leave before he arrived`, 400, { path: 'leftAt' });
  const current = await seatedNow(ctx.db, e.id);
  const replacement = input.replacementUserId === undefined ? null : await replacementFor(ctx, e, { id: g.id, nickname }, input.replacementUserId, current);
  const at = await leaverSeat(ctx, e, g.id, current);
  await syncGames(ctx, e.id);
  const played = (await gamesPlayedBy(ctx.db, e.id)).get(g.id) ?? 0;
  await ctx.db.transaction().execute(async (trx) => {
    const n = await trx.updateTable('evening_guests').set({ left_at: leftAt, replacement_id: replacement?.id ?? null })
      .where('evening_id', '=', e.id).where('id', '=', g.id).where('left_at', 'is', null).executeTakeFirst();
    if (Number(n.numUpdatedRows) !== 1) clubRefuse('already-left', `${nickname} has already been checked out`, 409, { path: 'userId', params: { nickname } });
    if (at) await handOverSeat(trx, e, at, replacement);
  });
  return { attendance: guestAttendance({ ...g, left_at: leftAt, replacement_id: replacement?.id ?? null }, played) };
}
