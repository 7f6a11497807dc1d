import { compareNicknames } from '@mafia/club';
import type { ClubContext } from '../ports.js';
import { attendanceView } from './attendance.js';
import { eveningById } from './doorShared.js';
import { gamesOfEvening, gamesPlayedBy, syncGames } from './games.js';
import { guestAttendance, guestsOf } from './guests.js';
import { tableHostsOf } from './tableHosts.js';
import { seatedNow } from './tableRooms.js';
import type { Attendance, EveningGame, EveningTable, HostLogEntry } from '@mafia/protocol';

export { checkIn, checkOut } from './attendance.js';
export { importProtocol, syncGames, type TableSeatView } from './games.js';
export { addGuest } from './guests.js';
export { drawTables } from './tables.js';

export interface DoorView {
  readonly attendance: readonly Attendance[];
  readonly tables: readonly EveningTable[];
  readonly games: readonly EveningGame[];
  /** Every assignment and handover of a table's host, oldest first. */
  readonly hostLog: readonly HostLogEntry[];
}

/**
 * The door's part of the evening page (docs/club-api.md `EveningPage`): who came and when, the
 * tables and the games with the member on every seat. The rooms' games are linked first (a room
 * that cannot be read leaves the games as they were linked; the page still shows). No access
 * check here: the evening page has made it.
 */
export async function doorView(ctx: ClubContext, eveningId: string): Promise<DoorView> {
  const e = await eveningById(ctx.db, eveningId);
  try {
    await syncGames(ctx, eveningId);
  } catch (err) {
    ctx.log.error({ evening: eveningId, err: err instanceof Error ? err.message : String(err) }, 'linking the rooms\' games failed');
  }
  const rows = await ctx.db.selectFrom('attendance').innerJoin('memberships', (j) => j.onRef('memberships.user_id', '=', 'attendance.user_id').on('memberships.club_id', '=', e.clubId))
    .selectAll('attendance').select('memberships.nickname as nickname').where('attendance.evening_id', '=', eveningId).execute();
  rows.sort((a, b) => Number(a.arrived_at) - Number(b.arrived_at) || compareNicknames(a.nickname, b.nickname));
  const played = await gamesPlayedBy(ctx.db, eveningId);
  const members = rows.map((r) => attendanceView(e, r, r.nickname, played.get(r.user_id) ?? 0));
  // Issue 24 point 4: the guests with them, in order of arrival.
  const guests = (await guestsOf(ctx.db, eveningId)).map((g) => guestAttendance(g, played.get(g.id) ?? 0));
  const attendance: Attendance[] = [...members, ...guests].sort((a, b) => a.arrivedAt - b.arrivedAt || compareNicknames(a.nickname, b.nickname));
  const tableRows = await ctx.db.selectFrom('evening_tables').selectAll().where('evening_id', '=', eveningId).orderBy('table_no').execute();
  const seats = await seatedNow(ctx.db, eveningId);
  const hosts = await tableHostsOf(ctx, e.clubId, eveningId);
  const tables = tableRows.map((t) => ({
    tableNo: t.table_no, roomCode: t.room_code, seatSeed: Number(t.seat_seed), host: hosts.hosts.get(t.table_no) ?? null,
    seats: seats.filter((s) => s.table_no === t.table_no).map((s) => ({ seat: s.seat, userId: s.user_id, guestId: s.guest_id ?? null, nickname: s.nickname })),
  }));
  return { attendance, tables, games: await gamesOfEvening(ctx.db, eveningId), hostLog: hosts.log };
}
