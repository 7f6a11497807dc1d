import { OPEN_ROOMS_LIMIT, ROOM_LANGUAGES, type OpenRoom, type RoomLanguage } from '@mafia/protocol';
import type { SeatRecord, Storage } from '../storage/types.js';
import { parseEntry } from './storedEntry.js';

/** What the listing needs of a room in memory: its claims now, and whether it has started or closed since the query. */
export interface RoomSeatsNow {
  readonly claims: readonly unknown[];
  readonly started: boolean;
  readonly closed: boolean;
}

/**
 * The lobby of open games (issue 26 point 5): public online rooms waiting for players, the newest
 * first, at most OPEN_ROOMS_LIMIT. A room whose every seat is taken is waiting for nobody and is
 * left out. The seats taken are the room's claims when it is in memory (`inMemory`), else folded
 * from its claim, release and rename entries: the rooms are never loaded for a look at the list (a
 * loaded room costs about half a megabyte and its whole log read).
 */
export async function listOpenRooms(storage: Storage, since: number, inMemory: (id: string) => RoomSeatsNow | undefined): Promise<OpenRoom[]> {
  // Twice the limit: full rooms drop out after the count, and the list should still be full.
  const rows = await storage.publicUnstarted(since, OPEN_ROOMS_LIMIT * 2);
  const unloaded = rows.filter((r) => inMemory(r.id) === undefined).map((r) => r.id);
  const folded = seatsTaken(unloaded, await storage.seatRecords(unloaded));
  const out: OpenRoom[] = [];
  for (const r of rows) {
    const room = inMemory(r.id);
    // Started or closed between the query and now (the room's queue runs meanwhile).
    if (room?.started || room?.closed) continue;
    const taken = room ? room.claims.filter((c) => c !== null).length : folded.get(r.id);
    // A log that does not read (damaged): the room would not load either; it is not offered.
    if (taken === undefined || taken >= r.seats) continue;
    const language = (ROOM_LANGUAGES as readonly string[]).includes(r.language ?? '') ? (r.language as RoomLanguage) : undefined;
    out.push({ code: r.code, preset: r.preset, seats: r.seats, taken, ...(language ? { language } : {}), createdAt: r.createdAt });
    if (out.length === OPEN_ROOMS_LIMIT) break;
  }
  return out;
}

/**
 * Seats taken per room, from its seat entries in log order, as the room itself takes them in
 * (roomState.ts): a claim takes a seat, a release frees it, an applied rename frees it too (the
 * replacement claims it anew). A held rename changes nothing until the game ends (never before a
 * start). Every room of `roomIds` is in the map (0 without entries) but one whose entries do not parse.
 */
export function seatsTaken(roomIds: readonly string[], records: readonly SeatRecord[]): Map<string, number> {
  const seats = new Map<string, Set<number>>(roomIds.map((id) => [id, new Set<number>()]));
  const damaged = new Set<string>();
  for (const r of records) {
    let held = seats.get(r.roomId);
    if (!held) seats.set(r.roomId, (held = new Set()));
    try {
      const e = parseEntry(r.seq, r.kind, r.body);
      if (e.kind === 'claim') held.add(e.body.seat);
      else if (e.kind === 'release') held.delete(e.body.seat);
      else if (e.kind === 'rename' && !e.body.held) held.delete(e.body.seat);
    } catch {
      damaged.add(r.roomId);
    }
  }
  const out = new Map<string, number>();
  for (const [id, held] of seats) if (!damaged.has(id)) out.set(id, held.size);
  return out;
}
