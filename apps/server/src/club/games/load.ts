import type { SeatOf } from '@mafia/protocol';
import { gameResult, replayProtocol, type ProtocolResult } from '@mafia/engine';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { roomGameNoOf } from '../services/games.js';
import type { RoomGame } from '../../room/games.js';
import { parseStored } from '../../storage/versioned.js';
import { PAPER_PROTOCOL } from '../stored.js';

/** A game of the club as the game page and the protocol download read it. */
export interface ClubGame {
  readonly id: string;
  readonly clubId: string;
  readonly clubName: string;
  readonly eveningId: string;
  /** The evening's start (ms): a paper game's time, and the date in a download's file name. */
  readonly eveningAt: number;
  readonly tableNo: number | null;
  readonly gameNo: number | null;
  /** Who sat on each seat (the members linked to the game), by seat. */
  readonly seats: readonly SeatOf[];
  /** A paper game's protocol as entered, or the room's game (its events). */
  readonly source: { readonly kind: 'paper'; readonly protocol: Record<string, unknown> } | { readonly kind: 'room'; readonly game: RoomGame | null };
  /** Issue 24: voided (kept, counting nothing), with the reason; null when it counts. */
  readonly voided: { readonly at: number; readonly reason: string } | null;
}

/**
 * The game `gameId` of the club `clubId`, for a member of the club (`not-a-member` 404 otherwise);
 * `game-unknown` (404) when the club has no such game.
 */
export async function clubGame(ctx: ClubContext, actorUserId: string, clubId: string, gameId: string): Promise<ClubGame> {
  await membershipOf(ctx.db, actorUserId, clubId);
  return loadClubGame(ctx, clubId, gameId);
}

/** The game `gameId` of the club `clubId` for whoever may read it (the caller checked that); `game-unknown` (404) when the club has no such game. */
export async function loadClubGame(ctx: ClubContext, clubId: string, gameId: string): Promise<ClubGame> {
  const g = await ctx.db.selectFrom('evening_games').innerJoin('evenings', 'evenings.id', 'evening_games.evening_id').innerJoin('clubs', 'clubs.id', 'evenings.club_id')
    .select(['evening_games.id', 'evening_games.evening_id', 'evening_games.table_no', 'evening_games.game_no', 'evening_games.room_id', 'evening_games.protocol', 'evening_games.voided_at', 'evening_games.void_reason', 'evenings.starts_at', 'clubs.name'])
    .where('evening_games.id', '=', gameId).where('evenings.club_id', '=', clubId).executeTakeFirst();
  if (!g) return clubRefuse('game-unknown', `the club has no game ${gameId}`, 404, { path: 'gameId' });
  const seats = (await ctx.db.selectFrom('game_seats').selectAll().where('game_id', '=', gameId).orderBy('seat').execute())
    .map((s) => ({ seat: s.seat, userId: s.user_id, nickname: s.nickname }));
  const source: ClubGame['source'] = g.protocol !== null
    ? { kind: 'paper', protocol: parseStored(PAPER_PROTOCOL, g.protocol) }
    : { kind: 'room', game: g.room_id === null ? null : ((await ctx.rooms.gamesOf(g.room_id)).find((x) => x.gameNo === roomGameNoOf(g.id, g.room_id!)) ?? null) };
  return { id: g.id, clubId, clubName: g.name, eveningId: g.evening_id, eveningAt: num(g.starts_at), tableNo: g.table_no, gameNo: g.game_no, seats, source,
    voided: g.voided_at == null ? null : { at: num(g.voided_at), reason: g.void_reason ?? '' } };
}

/** The game's result (spec/protocol.md "Result") once it has ended; `game-not-ended` (409) before. */
export function endedResult(g: ClubGame): ProtocolResult {
  if (g.source.kind === 'paper') {
    const r = replayProtocol(g.source.protocol);
    // Entered only after a replay that passed (services/games.ts importProtocol): the same engine replays it again.
    if (!r.ok) throw new Error(`the stored protocol of game ${g.id} no longer replays: ${r.error.message}`);
    if (r.result.winner === null) return clubRefuse('game-not-ended', 'this paper protocol stops before the game ended', 409);
    return r.result;
  }
  const game = g.source.game;
  if (!game || !game.ended) return clubRefuse('game-not-ended', 'this game has not ended yet: its page and protocol exist once it is over', 409);
  return gameResult(game.events);
}

/** The download's file name: `<club>-<YYYY-MM-DD>-t<table>-g<game>.json` (a paper game: `-p<id>`). */
export function protocolFileName(g: ClubGame): string {
  const date = new Date(g.eveningAt).toISOString().slice(0, 10);
  const club = g.clubName.trim().replace(/[\s/\\:*?"<>|]+/g, '-').slice(0, 40) || 'club';
  const which = g.tableNo !== null && g.gameNo !== null ? `t${g.tableNo}-g${g.gameNo}` : `p${g.id.slice(0, 8)}`;
  return `${club}-${date}-${which}.json`;
}
