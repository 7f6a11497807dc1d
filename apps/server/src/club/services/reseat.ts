import { SeatingError, seatNextGame } from '@mafia/club';
import { checkName } from '@mafia/protocol';
import { randomBytes } from 'node:crypto';
import { RoomError, type Refusal } from '../../room/errors.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { eveningForHost, type DoorEvening } from './doorShared.js';
import { seatsForGame, syncGames, type TableSeatView } from './games.js';
import { sittersHere, type Sitter } from './guests.js';
import { sitterId } from './leaving.js';
import { apartPairs } from './apart.js';
import { keyTableRoom } from './tableHosts.js';
import { seatedNow, tableGameNo, tableRoomsOf, tableStates } from './tableRooms.js';
import { allowedSizes, eveningModifications } from './tables.js';
import type { Seating } from '@mafia/protocol';


type Person = Sitter;

/** The members and the guests here now (checked in, not left), by user id or guest id (issue 24 point 4). */
const presentOf = (ctx: ClubContext, e: DoorEvening): Promise<Map<string, Person>> => sittersHere(ctx.db, e);

const seatOf = (p: Person, seat: number): TableSeatView => ({ seat, userId: p.userId, guestId: p.guestId, nickname: p.nickname });

/** Refuses a table size the evening's rules do not deal, saying how many players are missing or too many. */
function refuseSizes(e: DoorEvening, sizes: readonly number[], here: number): void {
  const allowed = allowedSizes(e.preset, eveningModifications(e.preset));
  sizes.forEach((size, i) => {
    if (allowed.ok(size)) return;
    const missing = Math.max(0, allowed.min - size);
    clubRefuse('bad-table-size', `table ${i + 1} would seat ${size} players; the evening's rules (${e.preset}) play with ${allowed.min} to ${allowed.max}${missing > 0 ? `: ${missing} more needed` : ''}`, 400, {
      path: 'tables', params: { table: i + 1, size, min: allowed.min, max: allowed.max, here, missing },
    });
  });
}

/** The evening's games so far, as the optimizer reads them: game → table → seat index → player (an empty seat: a name no player has). */
async function historyOf(ctx: ClubContext, eveningId: string): Promise<string[][][]> {
  const rows = await ctx.db.selectFrom('evening_games').innerJoin('game_seats', 'game_seats.game_id', 'evening_games.id')
    .select(['evening_games.table_no', 'evening_games.game_no', 'game_seats.seat', 'game_seats.user_id', 'game_seats.guest_id'])
    .where('evening_games.evening_id', '=', eveningId).where('evening_games.room_id', 'is not', null).execute();
  const games: string[][][] = [];
  for (const r of rows) {
    const g = (games[r.game_no! - 1] ??= []);
    const t = (g[r.table_no! - 1] ??= []);
    t[r.seat - 1] = r.user_id ?? r.guest_id ?? `(empty ${r.table_no}.${r.seat})`;
  }
  return games.filter((g) => g !== undefined).map((g) => g.map((t) => t ?? []));
}

/**
 * Host+: a seating for the tables' next games from who is here now. `keep` (the default): every
 * table keeps its players on their seats (a replacement on the leaver's seat), a leaver's empty
 * seat is dropped (the table plays with fewer), a latecomer joins the smallest table. `mix`: the
 * seating optimizer seats everyone anew (seatNextGame: seat numbers not repeated, opponents mixed,
 * pairs kept apart), from `seed` (given, else drawn; the same seed gives the same seating).
 * Nothing is written: the admin may swap players and then confirms (confirmSeating).
 */
export async function proposeSeating(ctx: ClubContext, actorUserId: string, eveningId: string, input: { mode?: 'keep' | 'mix'; seed?: string }): Promise<Seating> {
  const e = await eveningForHost(ctx, actorUserId, eveningId);
  const states = await tableStates(ctx, e.id);
  if (states.length === 0) clubRefuse('no-tables', 'the tables of this evening have not been drawn yet', 409);
  const here = await presentOf(ctx, e);
  const view = (id: string, seat: number): TableSeatView => seatOf(here.get(id)!, seat);
  if ((input.mode ?? 'keep') === 'keep') {
    const seated = await seatedNow(ctx.db, e.id);
    const tables = states.map((t) => seated.filter((s) => s.table_no === t.tableNo && sitterId(s) !== null && here.has(sitterId(s)!)).map((s) => sitterId(s)!));
    const placed = new Set(tables.flat());
    const late = [...here.values()].filter((p) => !placed.has(p.id)).sort((a, b) => a.nickname.localeCompare(b.nickname, 'ru'));
    for (const p of late) tables.reduce((small, t) => (t.length < small.length ? t : small), tables[0]!).push(p.id);
    refuseSizes(e, tables.map((t) => t.length), here.size);
    return { seed: null, qualities: null, tables: tables.map((t, i) => ({ tableNo: i + 1, seats: t.map((u, k) => view(u, k + 1)) })) };
  }
  const n = states.length;
  const sizes = Array.from({ length: n }, (_, i) => Math.floor(here.size / n) + (i < here.size % n ? 1 : 0));
  refuseSizes(e, sizes, here.size);
  await syncGames(ctx, e.id);
  const seed = input.seed ?? randomBytes(6).toString('base64url');
  const apart = (await apartPairs(ctx.db, e.clubId)).filter(([a, b]) => here.has(a) && here.has(b));
  const players = [...here.keys()].sort();
  const history = { games: await historyOf(ctx, e.id) };
  const r = seatWithWords(() => seatNextGame({ players, tableSizes: sizes, history, apart, seed }));
  return { seed, qualities: r.qualities, tables: r.tables.map((t, i) => ({ tableNo: i + 1, seats: t.map((u, k) => view(u, k + 1)) })) };
}

/**
 * Host+: the seating of the tables' next games, as the admin confirms it (a proposal, perhaps
 * with players swapped or moved): one list of user ids (or guest ids) per table, in seat order. Everyone here
 * sits exactly once; every table's size is one the evening's rules deal; no table is in the
 * middle of a game. Each table then plays its next game in a new room with these seats (its host
 * keeps it: the new room gets the host's key).
 */
export async function confirmSeating(ctx: ClubContext, actorUserId: string, eveningId: string, input: { tables: string[][] }, address?: string): Promise<Seating> {
  const e = await eveningForHost(ctx, actorUserId, eveningId);
  const states = await tableStates(ctx, e.id);
  if (states.length === 0) clubRefuse('no-tables', 'the tables of this evening have not been drawn yet', 409);
  if (input.tables.length !== states.length) clubRefuse('bad-seating', `the evening has ${states.length} tables, not ${input.tables.length}`, 400, { path: 'tables', params: { tables: states.length } });
  const playing = states.find((t) => t.playing);
  if (playing) clubRefuse('table-playing', `table ${playing.tableNo} is playing its game ${playing.nextGame - 1}; reseat when it has ended`, 409, { params: { table: playing.tableNo, game: playing.nextGame - 1 } });
  const here = await presentOf(ctx, e);
  const seen = new Set<string>();
  input.tables.forEach((t, i) => t.forEach((u, k) => {
    const path = `tables[${i}][${k}]`;
    if (!here.has(u)) clubRefuse('not-here', `user ${u} is not here (not checked in, or left)`, 400, { path });
    if (seen.has(u)) clubRefuse('bad-seating', `${here.get(u)!.nickname} is seated twice`, 400, { path, params: { nickname: here.get(u)!.nickname } });
    seen.add(u);
  }));
  const unseated = [...here.values()].filter((p) => !seen.has(p.id)).map((p) => p.nickname).sort();
  if (unseated.length > 0) clubRefuse('seating-incomplete', `everyone here needs a seat; not seated: ${unseated.join(', ')}`, 400, { path: 'tables', params: { nicknames: unseated.join(', ') } });
  refuseSizes(e, input.tables.map((t) => t.length), here.size);
  const modifications = eveningModifications(e.preset);
  const made: { tableNo: number; roomId: string; code: string; fromGame: number; people: Person[] }[] = [];
  for (const [i, ids] of input.tables.entries()) {
    const people = ids.map((u) => here.get(u)!);
    const names = people.map((p, k) => {
      const c = checkName(p.nickname);
      return c.ok ? c.name : `${k + 1}`;
    });
    try {
      const created = await ctx.rooms.create({ preset: e.preset, mode: 'human', seats: people.length, names, ...(modifications.length ? { modifications } : {}) }, address ?? `club:${e.clubId}`);
      made.push({ tableNo: i + 1, roomId: created.room, code: created.code, fromGame: states[i]!.nextGame, people });
    } catch (err) {
      if (err instanceof RoomError) clubRefuse('room-refused', `the game server could not open a room for table ${i + 1}: ${err.refusal.message}`, 409, { params: { table: i + 1, reason: err.refusal.code } });
      throw err;
    }
  }
  const hosts = await ctx.db.selectFrom('evening_tables').select(['table_no', 'host_generation']).where('evening_id', '=', e.id).execute();
  for (const m of made) await keyTableRoom(ctx, m.roomId, hosts.find((h) => h.table_no === m.tableNo)?.host_generation ?? 0, 'the table was reseated');
  await ctx.db.transaction().execute(async (trx) => {
    for (const m of made) {
      // A table that has not started its game yet (a latecomer before game 1) gives up its unplayed room.
      await trx.deleteFrom('table_rooms').where('evening_id', '=', e.id).where('table_no', '=', m.tableNo).where('from_game', '=', m.fromGame).execute();
      await trx.insertInto('table_rooms').values({ evening_id: e.id, table_no: m.tableNo, from_game: m.fromGame, room_id: m.roomId, room_code: m.code, seats: m.people.length }).execute();
      await trx.deleteFrom('table_seats').where('evening_id', '=', e.id).where('table_no', '=', m.tableNo).where('from_game', '=', m.fromGame).execute();
      await trx.insertInto('table_seats').values(m.people.map((p, k) => ({ evening_id: e.id, table_no: m.tableNo, seat: k + 1, from_game: m.fromGame, user_id: p.userId, guest_id: p.guestId, nickname: p.nickname }))).execute();
      await trx.updateTable('evening_tables').set({ room_id: m.roomId, room_code: m.code }).where('evening_id', '=', e.id).where('table_no', '=', m.tableNo).execute();
    }
  });
  return { seed: null, qualities: null, tables: made.map((m) => ({ tableNo: m.tableNo, seats: m.people.map((p, k) => seatOf(p, k + 1)) })) };
}

/**
 * The room's check before its next game (RoomManager.setNextGameCheck): a club table's room deals
 * its next game only with the seats it has. An empty seat (a leaver without a replacement) or a
 * table reseated into another room: refused, saying what to do. A replacement on a leaver's seat
 * plays the next game there (the club credits him with that seat; docs/decisions.md "Issue 24:
 * a replacement at the same table"). Other rooms: no objection.
 */
export async function clubNextGameCheck(ctx: ClubContext, roomId: string, roomGameNo: number): Promise<Refusal | null> {
  const room = await ctx.db.selectFrom('table_rooms').selectAll().where('room_id', '=', roomId).executeTakeFirst();
  if (!room) return null;
  const rooms = await tableRoomsOf(ctx.db, room.evening_id);
  if (rooms.some((r) => r.table_no === room.table_no && r.from_game > room.from_game)) {
    return { code: 'table-reseated', message: `table ${room.table_no} was reseated: its next game is in another room; open the table's host console from the evening page` };
  }
  const gameNo = tableGameNo(room, roomGameNo);
  const rows = await ctx.db.selectFrom('table_seats').selectAll().where('evening_id', '=', room.evening_id).execute();
  const seats = seatsForGame(rows, room.table_no, gameNo).filter((s) => s.seat <= room.seats);
  const empty = seats.filter((s) => s.userId === null && s.guestId === null).map((s) => s.seat);
  if (empty.length > 0) {
    return { code: 'seats-empty', message: `seat ${empty.join(', ')} of table ${room.table_no} is empty (its player left): no role is dealt to an empty seat; reseat the tables on the evening page (a replacement, or fewer seats)` };
  }
  return null;
}

/** The optimizer's refusals as the club's: pairs that cannot be kept apart with so few tables is
 * the one an admin can meet (too many pairs); the rest would be our own bug, said as a bad seating. */
function seatWithWords<T>(seat: () => T): T {
  try {
    return seat();
  } catch (err) {
    if (!(err instanceof SeatingError)) throw err;
    if (err.code === 'apart-impossible') return clubRefuse('apart-impossible', err.message, 409, { params: err.params });
    return clubRefuse('bad-seating', err.message, 409);
  }
}
