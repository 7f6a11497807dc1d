import { eveningPoints } from '@mafia/club';
import { num } from '../schema.js';
import type { RatingsDb } from '../ratingsSchema.js';
import { parseSeatFacts } from '../stored.js';

/** A member's game as the seed-004 points take it: his seat's game points and the game's table size. */
export interface PlayedGame { readonly gameId: string; readonly points: number; readonly players: number; readonly won: boolean }

/** The game_facts columns the points read. */
export interface FactRow { readonly game_id: string; readonly evening_id: string; readonly players: number; readonly ended_at: number | string; readonly seats: string }

/**
 * Per member, per evening: his games in the order they were played (by end time, then game id,
 * sorted here: databases sort text differently). Who sat on a seat is `game_seats.user_id` (a
 * seat without a member is left out). An evening's results read this live; the leaderboard and a
 * profile read what the recomputation stored (memberEvenings.ts, with the same `eveningOfMember`).
 */
export async function playedByMember(db: RatingsDb, facts: readonly FactRow[]): Promise<Map<string, Map<string, PlayedGame[]>>> {
  const sorted = facts.map((f) => ({ ...f, at: num(f.ended_at) })).sort((a, b) => a.at - b.at || (a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : 0));
  // Only these games' seats (an evening's results would otherwise read every seat of the club).
  const seatRows = sorted.length === 0 ? [] : await db.selectFrom('game_seats').select(['game_id', 'seat', 'user_id'])
    .where('game_id', 'in', sorted.map((f) => f.game_id)).where('user_id', 'is not', null).execute();
  const seatUser = new Map(seatRows.map((s) => [`${s.game_id}#${s.seat}`, s.user_id!]));
  const played = new Map<string, Map<string, PlayedGame[]>>();
  for (const f of sorted) {
    for (const s of parseSeatFacts(f.seats)) {
      const user = seatUser.get(`${f.game_id}#${s.seat}`);
      if (user === undefined) continue;
      const byEvening = played.get(user) ?? new Map<string, PlayedGame[]>();
      const list = byEvening.get(f.evening_id) ?? [];
      list.push({ gameId: f.game_id, points: s.points, players: f.players, won: s.won });
      byEvening.set(f.evening_id, list);
      played.set(user, byEvening);
    }
  }
  return played;
}

/** A member's evening as `seasonTable` takes it: the seed-004 score (`eveningPoints`), his games and wins there. */
export function eveningOfMember(at: number, weight: number, games: readonly PlayedGame[]): { at: number; score: number; games: number; wins: number } {
  return { at, score: eveningPoints({ weight, games }).total, games: games.length, wins: games.filter((g) => g.won).length };
}
