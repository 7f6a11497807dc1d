import { checkName } from '@mafia/protocol';
import { RoomError } from '../../room/errors.js';
import type { ClubContext } from '../ports.js';
import type { ClubDb, TableRoomsTable, TableSeatsTable } from '../schema.js';

/**
 * A table's rooms (issue 24): a table plays in one room until it is reseated, then in a new one
 * from its next game on. A game's number at the table is its room's number shifted by the
 * room's `from_game`.
 */
export async function tableRoomsOf(db: ClubDb, eveningId: string): Promise<TableRoomsTable[]> {
  const rows = await db.selectFrom('table_rooms').selectAll().where('evening_id', '=', eveningId).execute();
  return rows.sort((a, b) => a.table_no - b.table_no || a.from_game - b.from_game);
}

/** Each table's room now (its latest), by table number. */
export function currentRooms(rows: readonly TableRoomsTable[]): Map<number, TableRoomsTable> {
  const out = new Map<number, TableRoomsTable>();
  for (const r of rows) if ((out.get(r.table_no)?.from_game ?? 0) < r.from_game) out.set(r.table_no, r);
  return out;
}

/** The table game number of a room's game. */
export const tableGameNo = (room: TableRoomsTable, roomGameNo: number): number => room.from_game + roomGameNo - 1;

/** Where each table stands: its room now, its games started there, the table's next game number and whether a game is being played. */
export interface TableState { readonly tableNo: number; readonly room: TableRoomsTable; readonly started: number; readonly playing: boolean; readonly nextGame: number }

export async function tableStates(ctx: ClubContext, eveningId: string): Promise<TableState[]> {
  const out: TableState[] = [];
  for (const room of currentRooms(await tableRoomsOf(ctx.db, eveningId)).values()) {
    const games = await ctx.rooms.gamesOf(room.room_id);
    const last = games.at(-1);
    out.push({ tableNo: room.table_no, room, started: games.length, playing: last !== undefined && !last.ended, nextGame: tableGameNo(room, (last?.gameNo ?? 0) + 1) });
  }
  return out.sort((a, b) => a.tableNo - b.tableNo);
}

/** Who sits on each seat of each table now: the latest row of each seat the table's room has (a reseated table may have fewer seats). */
export async function seatedNow(db: ClubDb, eveningId: string): Promise<TableSeatsTable[]> {
  const rooms = currentRooms(await tableRoomsOf(db, eveningId));
  const rows = await db.selectFrom('table_seats').selectAll().where('evening_id', '=', eveningId).execute();
  return currentOccupants(rows).filter((r) => r.seat <= (rooms.get(r.table_no)?.seats ?? Infinity));
}

/** Who sits on each seat of each table now: per seat, its row with the greatest `from_game`. */
export function currentOccupants<T extends { table_no: number; seat: number; from_game: number }>(rows: readonly T[]): T[] {
  const best = new Map<string, T>();
  for (const r of rows) {
    const k = `${r.table_no}:${r.seat}`;
    const had = best.get(k);
    if (!had || had.from_game < r.from_game) best.set(k, r);
  }
  return [...best.values()].sort((a, b) => a.table_no - b.table_no || a.seat - b.seat);
}

/**
 * A replacement takes a leaver's seat (issue 24): the table's room now renames that seat, so its
 * next deal, every screen and the export carry his name, and he claims the seat with its new code.
 * Mid-game the room holds it until the game ends (the leaver finishes his game). A refusal of the
 * room (closed, gone) leaves the check-out as it is: it is logged; the club's record stands.
 */
export async function renameSeatInRoom(ctx: ClubContext, eveningId: string, tableNo: number, seat: number, nickname: string): Promise<void> {
  const room = currentRooms(await tableRoomsOf(ctx.db, eveningId)).get(tableNo);
  if (!room || seat > room.seats) return;
  const c = checkName(nickname);
  try {
    await ctx.rooms.renameSeat(room.room_code, seat, c.ok ? c.name : `${seat}`);
  } catch (e) {
    if (!(e instanceof RoomError)) throw e;
    ctx.log.warn({ evening: eveningId, table: tableNo, seat, code: e.refusal.code }, 'the table\'s room did not rename the replacement\'s seat');
  }
}
