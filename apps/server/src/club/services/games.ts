import { replayProtocol } from '@mafia/engine';
import { randomUUID } from 'node:crypto';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import type { ClubDb, TableSeatsTable } from '../schema.js';
import { eveningForHost, nicknames } from './doorShared.js';
import { protocolDigest, refuseDuplicate } from '../corrections/digest.js';
import { backfillRoomDigests, storeRoomDigests } from '../corrections/roomDigest.js';
import { factsOfProtocol } from '../ratings/facts.js';
import { linkProtocolFacts, syncRoomFacts } from '../ratings/link.js';
import { recomputeRatings } from '../ratings/recompute.js';
import type { RoomGame } from '../../room/games.js';
import { tableGameNo, tableRoomsOf } from './tableRooms.js';
import type { EveningGame, SeatOf } from '@mafia/protocol';

/** A seat of a live table: its member (`userId`), its guest (`guestId`, issue 24 point 4) or nobody. */
export interface TableSeatView extends SeatOf { readonly guestId: string | null }


/**
 * The id of a room's game: fixed by the room and the game's number, so two evening pages syncing
 * at the same moment cannot link one game twice (the second insert meets the primary key).
 */
const roomGameId = (roomId: string, gameNo: number): string => `${roomId}.${gameNo}`;

/** The room's own number of a linked game (its id is `roomGameId`); a table reseated into a new room numbers its games on from there. */
export const roomGameNoOf = (gameId: string, roomId: string): number => Number(gameId.slice(roomId.length + 1));

/** Who sits on each seat of a table in game `gameNo`: per seat, the row with the greatest `from_game` ≤ `gameNo`. */
export function seatsForGame(rows: readonly TableSeatsTable[], tableNo: number, gameNo: number): TableSeatView[] {
  const best = new Map<number, TableSeatsTable>();
  for (const r of rows) {
    if (r.table_no !== tableNo || r.from_game > gameNo) continue;
    const had = best.get(r.seat);
    if (!had || had.from_game < r.from_game) best.set(r.seat, r);
  }
  return [...best.values()].sort((a, b) => a.seat - b.seat).map((r) => ({ seat: r.seat, userId: r.user_id, guestId: r.guest_id ?? null, nickname: r.nickname }));
}

/**
 * Links the games played in the evening's table rooms: every game a room has started (game 1
 * and each «Новая игра с теми же местами») gets an evening_games row and one game_seats row per
 * seat, linked to the member seated there for that game (table_seats). A linked game's winner is
 * brought up to date (it ended since, or an end was undone). It mirrors the rooms and may run any
 * time: the evening page and check-out run it.
 */
export async function syncGames(ctx: ClubContext, eveningId: string): Promise<void> {
  const tables = await tableRoomsOf(ctx.db, eveningId);
  if (tables.length === 0) return;
  const linked = await ctx.db.selectFrom('evening_games').select(['id', 'winner']).where('evening_id', '=', eveningId).where('room_id', 'is not', null).execute();
  const winnerOf = new Map(linked.map((g) => [g.id, g.winner]));
  const seats = await ctx.db.selectFrom('table_seats').selectAll().where('evening_id', '=', eveningId).execute();
  const seen: { id: string; game: RoomGame }[] = [];
  for (const t of tables) {
    const games = await ctx.rooms.gamesOf(t.room_id);
    for (const g of games) {
      const id = roomGameId(t.room_id, g.gameNo);
      const gameNo = tableGameNo(t, g.gameNo);
      seen.push({ id, game: g });
      if (!winnerOf.has(id)) {
        await ctx.db.transaction().execute(async (trx) => {
          await trx.insertInto('evening_games').values({
            id, evening_id: eveningId, table_no: t.table_no, room_id: t.room_id, game_no: gameNo, protocol: null, winner: g.winner, created_at: ctx.now(),
          }).onConflict((oc) => oc.column('id').doNothing()).execute();
          const rows = seatsForGame(seats, t.table_no, gameNo).filter((s) => s.seat <= t.seats).map((s) => ({ game_id: id, seat: s.seat, user_id: s.userId, guest_id: s.guestId, nickname: s.nickname }));
          if (rows.length > 0) await trx.insertInto('game_seats').values(rows).onConflict((oc) => oc.columns(['game_id', 'seat']).doNothing()).execute();
        });
      } else if (winnerOf.get(id) !== g.winner) {
        await ctx.db.updateTable('evening_games').set({ winner: g.winner }).where('id', '=', id).execute();
      }
    }
  }
  // Issue 24: an ended game's identity, so its download entered again as paper is a duplicate.
  await storeRoomDigests(ctx.db, seen);
  // Issue 15: the ended games' facts, and the club's ratings when they changed.
  await syncRoomFacts(ctx, eveningId, seen);
}

/** How many games of the evening each member (by user id) and each guest (by guest id) has a seat in (its linked room games and its protocols). */
export async function gamesPlayedBy(db: ClubDb, eveningId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('game_seats').innerJoin('evening_games', 'evening_games.id', 'game_seats.game_id')
    .select(['game_seats.user_id as userId', 'game_seats.guest_id as guestId', 'game_seats.game_id as gameId'])
    .where('evening_games.evening_id', '=', eveningId).execute();
  const games = new Map<string, Set<string>>();
  for (const r of rows) {
    const who = r.userId ?? r.guestId;
    if (!who) continue;
    const set = games.get(who) ?? new Set<string>();
    set.add(r.gameId);
    games.set(who, set);
  }
  return new Map([...games].map(([u, s]) => [u, s.size]));
}

/** The evening's games with their seats, in table and game order, protocols last. */
export async function gamesOfEvening(db: ClubDb, eveningId: string): Promise<EveningGame[]> {
  const games = await db.selectFrom('evening_games').leftJoin('table_rooms', (j) => j.onRef('table_rooms.evening_id', '=', 'evening_games.evening_id').onRef('table_rooms.room_id', '=', 'evening_games.room_id'))
    .select(['evening_games.id', 'evening_games.table_no', 'evening_games.game_no', 'evening_games.protocol', 'evening_games.winner', 'evening_games.created_at', 'table_rooms.room_code',
      'evening_games.voided_at', 'evening_games.voided_by', 'evening_games.void_reason'])
    .where('evening_games.evening_id', '=', eveningId).execute();
  const ids = games.map((g) => g.id);
  const seats = ids.length === 0 ? [] : await db.selectFrom('game_seats').selectAll().where('game_id', 'in', ids).orderBy('seat').execute();
  const order = (g: (typeof games)[number]) => [g.protocol === null ? 0 : 1, g.table_no ?? 0, g.game_no ?? 0, Number(g.created_at)];
  games.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return a.id < b.id ? -1 : 1;
  });
  return games.map((g) => ({
    id: g.id, tableNo: g.table_no, gameNo: g.game_no, roomCode: g.protocol === null ? g.room_code ?? null : null,
    protocol: g.protocol !== null, winner: g.winner,
    voided: g.voided_at == null ? null : { at: Number(g.voided_at), by: g.voided_by ?? null, reason: g.void_reason ?? '' },
    seats: seats.filter((s) => s.game_id === g.id).map((s) => ({ seat: s.seat, userId: s.user_id, nickname: s.nickname })),
  }));
}

/**
 * A game played on paper (spec/protocol.md): replayed by the engine (every rule applies), its
 * `names` one per seat: the nickname of a member of the evening's club, or, on a seat listed in
 * `guests`, a guest's name (a seat without account: `user_id` null, as a room's unseated seat;
 * docs/decisions.md "Issue 24: guests"). Any preset is taken (a table may play another rule set
 * than the evening's). Nothing is written on any error.
 */
export async function importProtocol(ctx: ClubContext, actorUserId: string, eveningId: string, input: { protocol: unknown; guests?: readonly number[] }): Promise<{ game: EveningGame }> {
  const e = await eveningForHost(ctx, actorUserId, eveningId);
  // Issue 24: a game is played at an evening that has started (the server's clock).
  if (e.startsAt > ctx.now()) clubRefuse('evening-not-started', `the evening starts at ${new Date(e.startsAt).toISOString()}: a game can be entered once it has started`, 409, { params: { startsAt: e.startsAt } });
  let doc = input.protocol;
  if (typeof doc === 'string') {
    try {
      doc = JSON.parse(doc);
    } catch {
      return clubRefuse('bad-protocol', 'the protocol is not JSON', 400, { path: 'protocol' });
    }
  }
  const replayed = replayProtocol(doc);
  if (!replayed.ok) {
    return clubRefuse('bad-protocol', `the protocol breaks a rule: ${replayed.error.message}`, 400, { path: replayed.error.path ? `protocol.${replayed.error.path}` : 'protocol', params: { rule: replayed.error.rule ?? '', engineCode: replayed.error.code } });
  }
  const p = doc as { seats: unknown[]; names?: unknown };
  if (!Array.isArray(p.names) || p.names.length !== p.seats.length) {
    return clubRefuse('bad-protocol', `the protocol needs "names": the players' nicknames, one for each of its ${p.seats.length} seats`, 400, { path: 'protocol.names' });
  }
  const seats = seatsOfNames(p.names as unknown[], await nicknames(ctx.db, e.clubId), new Set(input.guests ?? []));
  const id = randomUUID();
  const winner = replayed.result.winner;
  // A guest has no account: his seat counts by the name he played under.
  const digest = protocolDigest(doc as Record<string, unknown>, seats.map((s) => s.userId ?? `guest:${s.nickname}`));
  // Room games linked before they had their digest get it now: the check below sees every game of the club.
  await backfillRoomDigests(ctx, e.clubId);
  await ctx.db.transaction().execute(async (trx) => {
    // Issue 24: the same game entered twice is refused, naming the one entered before.
    await refuseDuplicate(trx, e.clubId, digest, ctx.kind);
    await trx.insertInto('evening_games').values({ id, evening_id: e.id, table_no: null, room_id: null, game_no: null, protocol: JSON.stringify(doc), winner, created_at: ctx.now(), digest }).execute();
    await trx.insertInto('game_seats').values(seats.map((s) => ({ game_id: id, seat: s.seat, user_id: s.userId, nickname: s.nickname }))).execute();
    // Issue 15: its facts with it (a paper game was played during its evening: ordered at the evening's start).
    await linkProtocolFacts(trx, { gameId: id, clubId: e.clubId, eveningId: e.id }, factsOfProtocol(doc as { preset: string; seats: unknown[] }, replayed.result), e.startsAt);
  });
  await recomputeRatings(ctx, e.clubId);
  return { game: { id, tableNo: null, gameNo: null, roomCode: null, protocol: true, winner, seats, voided: null } };
}

/**
 * The seats of a protocol's `names`: a member's nickname is his seat; a name on a seat of `guests`
 * is a guest (no account). A name that is neither, a guest named as a member, or one person (or
 * guest name) on two seats is refused.
 */
export function seatsOfNames(names: readonly unknown[], members: ReadonlyMap<string, string>, guests: ReadonlySet<number>): SeatOf[] {
  const byNick = new Map([...members].map(([userId, nick]) => [nick, userId]));
  const seen = new Set<string>();
  for (const g of guests) if (g > names.length) clubRefuse('bad-guest-seat', `seat ${g} is listed as a guest's, but the protocol has ${names.length} seats`, 400, { path: 'guests', params: { seat: g } });
  return names.map((raw, i) => {
    const name = typeof raw === 'string' ? raw.trim() : String(raw);
    const path = `names[${i}]`;
    const userId = byNick.get(name);
    if (guests.has(i + 1)) {
      if (name === '') clubRefuse('guest-name-missing', `the guest on seat ${i + 1} has no name`, 400, { path, params: { seat: i + 1 } });
      if (userId !== undefined) clubRefuse('guest-is-member', `"${name}" (seat ${i + 1}) is a member's nickname: a guest needs another name`, 400, { path, params: { name } });
      if (seen.has(`guest:${name}`)) clubRefuse('duplicate-member', `"${name}" sits on two seats of the protocol`, 400, { path, params: { name } });
      seen.add(`guest:${name}`);
      return { seat: i + 1, userId: null, nickname: name };
    }
    if (userId === undefined) clubRefuse('unknown-member', `"${name}" (seat ${i + 1}) is no member of this club: name a member, or mark the seat as a guest's`, 400, { path, params: { name } });
    if (seen.has(userId!)) clubRefuse('duplicate-member', `"${name}" sits on two seats of the protocol`, 400, { path, params: { name } });
    seen.add(userId!);
    return { seat: i + 1, userId: userId!, nickname: name };
  });
}
