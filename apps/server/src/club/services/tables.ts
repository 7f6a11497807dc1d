import { drawSeats } from '@mafia/club';
import { createGame, presetOf, type PresetId } from '@mafia/engine';
import { checkName, SEED_LIMIT } from '@mafia/protocol';
import { randomInt } from 'node:crypto';
import { RoomError } from '../../room/errors.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { eveningForHost, type DoorEvening } from './doorShared.js';
import { sittersHere } from './guests.js';
import { keyTableRoom } from './tableHosts.js';
import type { DrawnTable } from '@mafia/protocol';



/**
 * The modifications an evening's tables play: cross-game immunity (R-MOD first-victim-immunity,
 * seed 004) wherever the preset has it (the club preset): a preset lists the modifications it
 * allows, and a room plays only those it was created with. The room's «Новая игра с теми же
 * местами» then carries the night-1 victims into the next game by itself (room.ts nextEntry).
 */
export function eveningModifications(preset: string): string[] {
  return (presetOf(preset as PresetId)?.modifications ?? []).filter((m) => m === 'first-victim-immunity');
}

/** The player counts the evening's preset deals a game for, checked with the engine itself. */
export function allowedSizes(preset: string, modifications: readonly string[]): { min: number; max: number; ok: (n: number) => boolean } {
  const p = presetOf(preset as PresetId);
  const ok = (n: number) => n >= 1 && createGame({ preset, players: n, seed: 1, modifications }).ok;
  return { min: p?.minPlayers ?? 1, max: p?.maxPlayers ?? 0, ok };
}

/**
 * Seats the members and guests who are here (checked in, not left) at `tables` tables by drawn numbers
 * (seed 003): the members sorted by nickname are shuffled with the seed (given, else drawn and
 * recorded) and dealt in turn, so anyone can redo the draw. Each table gets a room of the game
 * server (the evening's preset and its cross-game immunity, a human host; the seat names are the
 * nicknames). Every table's size is checked against the preset before any room is made. Tables are drawn once an evening
 * (`tables-exist`).
 */
export async function drawTables(ctx: ClubContext, actorUserId: string, eveningId: string, input: { tables: number; seed?: number }, address?: string): Promise<{ seed: number; tables: DrawnTable[] }> {
  const e = await eveningForHost(ctx, actorUserId, eveningId);
  await refuseIfDrawn(ctx, e);
  // The members here and the guests here (issue 24 point 4).
  const here = [...(await sittersHere(ctx.db, e)).values()];
  if (here.length === 0) clubRefuse('nobody-here', 'nobody is checked in (and still here) to seat', 409);
  // A fixed order before the shuffle, so the seed alone decides the seats.
  here.sort((a, b) => (a.nickname < b.nickname ? -1 : a.nickname > b.nickname ? 1 : 0));
  const seed = input.seed ?? randomInt(0, SEED_LIMIT);
  const drawn = drawSeats(here, input.tables, seed);
  const modifications = eveningModifications(e.preset);
  const sizes = allowedSizes(e.preset, modifications);
  drawn.forEach((people, i) => {
    if (!sizes.ok(people.length)) {
      clubRefuse('bad-table-size', `table ${i + 1} would seat ${people.length} players; the evening's rules (${e.preset}) play with ${sizes.min} to ${sizes.max}`, 400, {
        path: 'tables', params: { table: i + 1, size: people.length, min: sizes.min, max: sizes.max, here: here.length },
      });
    }
  });
  const made: DrawnTable[] = [];
  const rooms: { id: string; code: string }[] = [];
  for (const [i, people] of drawn.entries()) {
    const names = people.map((p, k) => {
      const c = checkName(p.nickname);
      return c.ok ? c.name : `${k + 1}`;
    });
    let created;
    try {
      // The rooms count against the host's own address, as rooms he opens himself do (ROOMS_PER_ADDRESS_PER_HOUR,
      // …): a club of one's own must not be a way around the limits. Without one (a service call), the club's.
      created = await ctx.rooms.create({ preset: e.preset, mode: 'human', seats: people.length, names, ...(modifications.length ? { modifications } : {}) }, address ?? `club:${e.clubId}`);
    } catch (err) {
      if (err instanceof RoomError) clubRefuse('room-refused', `the game server could not open a room for table ${i + 1}: ${err.refusal.message}`, 409, { params: { table: i + 1, reason: err.refusal.code } });
      throw err;
    }
    rooms.push({ id: created.room, code: created.code });
    const hostKey = await keyTableRoom(ctx, created.room, 0, 'the table\'s host key changed');
    made.push({ tableNo: i + 1, roomCode: created.code, seatSeed: seed, hostKey, seats: people.map((p, k) => ({ seat: k + 1, userId: p.userId, guestId: p.guestId, nickname: p.nickname })) });
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, t] of made.entries()) {
        await trx.insertInto('evening_tables').values({ evening_id: e.id, table_no: t.tableNo, room_id: rooms[i]!.id, room_code: t.roomCode, seat_seed: seed }).execute();
        await trx.insertInto('table_rooms').values({ evening_id: e.id, table_no: t.tableNo, from_game: 1, room_id: rooms[i]!.id, room_code: t.roomCode, seats: t.seats.length }).execute();
        await trx.insertInto('table_seats').values(t.seats.map((s) => ({ evening_id: e.id, table_no: t.tableNo, seat: s.seat, from_game: 1, user_id: s.userId, guest_id: s.guestId, nickname: s.nickname }))).execute();
      }
    });
  } catch (err) {
    // Another draw of the same evening got there first (the primary key): its tables stand. The
    // rooms made here are never started and expire by themselves (ROOM_UNSTARTED_TTL_HOURS).
    await refuseIfDrawn(ctx, e);
    throw err;
  }
  return { seed, tables: made };
}

async function refuseIfDrawn(ctx: ClubContext, e: DoorEvening): Promise<void> {
  const had = await ctx.db.selectFrom('evening_tables').select('table_no').where('evening_id', '=', e.id).executeTakeFirst();
  if (had) clubRefuse('tables-exist', 'the tables of this evening have been drawn already', 409);
}
