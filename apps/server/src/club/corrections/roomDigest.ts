import type { ClubContext } from '../ports.js';
import type { ClubDb } from '../schema.js';
import type { RoomGame } from '../../room/games.js';
import { protocolOfRoomGame } from '../../room/protocol.js';
import { protocolDigest } from './digest.js';

/** The seats of a game as `game_seats` holds them. */
type Seat = { readonly seat: number; readonly userId: string | null; readonly nickname: string };

/**
 * A room game's identity, the digest its own download gets when entered as a paper game (issue 24):
 * the protocol the club's download gives (games/protocol.ts: the members' nicknames as its names)
 * and the members on its seats (a seat without a member counts by its name, as a guest's does).
 * Null while the game runs, when the exporter refuses it, or when its seats are not all linked
 * (such a download has no names and cannot be entered as it is).
 */
export function roomGameDigest(game: RoomGame, seats: readonly Seat[]): string | null {
  if (!game.ended || !game.final || seats.length !== game.final.seats) return null;
  const ordered = [...seats].sort((a, b) => a.seat - b.seat);
  const out = protocolOfRoomGame(game, ordered.map((s) => s.nickname));
  if (!out.ok) return null;
  return protocolDigest(out.protocol, ordered.map((s) => s.userId ?? `guest:${s.nickname}`));
}

/**
 * Gives the room games among `games` that have none their digest (once: a digest is never
 * rewritten). syncGames calls it with the games it has just read from the rooms.
 */
export async function storeRoomDigests(db: ClubDb, games: readonly { readonly id: string; readonly game: RoomGame }[]): Promise<void> {
  const ended = games.filter((g) => g.game.ended);
  if (ended.length === 0) return;
  const missing = new Set((await db.selectFrom('evening_games').select('id').where('id', 'in', ended.map((g) => g.id)).where('digest', 'is', null).where('room_id', 'is not', null).execute()).map((r) => r.id));
  if (missing.size === 0) return;
  const seats = await db.selectFrom('game_seats').selectAll().where('game_id', 'in', [...missing]).execute();
  for (const g of ended) {
    if (!missing.has(g.id)) continue;
    const digest = roomGameDigest(g.game, seats.filter((s) => s.game_id === g.id).map((s) => ({ seat: s.seat, userId: s.user_id, nickname: s.nickname })));
    if (digest) await db.updateTable('evening_games').set({ digest }).where('id', '=', g.id).where('digest', 'is', null).execute();
  }
}

/**
 * The club's room games linked before they had digests (or before they ended), given theirs from
 * their rooms' logs: a paper entry and an un-voiding check against every game of the club. Each
 * room's log is read once; a game that cannot have one (not ended, no protocol) stays without.
 */
export async function backfillRoomDigests(ctx: ClubContext, clubId: string): Promise<void> {
  const rows = await ctx.db.selectFrom('evening_games').innerJoin('evenings', 'evenings.id', 'evening_games.evening_id')
    .select(['evening_games.id', 'evening_games.room_id']).where('evenings.club_id', '=', clubId)
    .where('evening_games.room_id', 'is not', null).where('evening_games.digest', 'is', null).execute();
  const rooms = [...new Set(rows.map((r) => r.room_id!))];
  for (const roomId of rooms) {
    const ids = new Set(rows.filter((r) => r.room_id === roomId).map((r) => r.id));
    // A linked game's id is `<room id>.<its number in the room>` (services/games.ts roomGameId).
    const games = (await ctx.rooms.gamesOf(roomId)).map((game) => ({ id: `${roomId}.${game.gameNo}`, game })).filter((g) => ids.has(g.id));
    await storeRoomDigests(ctx.db, games);
  }
}
