import type { Kysely } from 'kysely';
import type { ClubSchema } from '../schema.js';
import type { RoomGame } from '../../room/games.js';
import type { ClubContext } from '../ports.js';
import { ratingsDb } from '../ratingsSchema.js';
import { dropFacts, factsOfState, writeFacts, type GameFacts } from './facts.js';
import { recomputeRatings } from './recompute.js';

/**
 * Keeps the facts of an evening's room games in step with the rooms (called by `syncGames` with
 * every game it saw): an ended game without facts gets them, a game whose end was undone loses
 * them, a game whose winner changed is rewritten. When anything changed the club's ratings are
 * recomputed at once (a club's season is a few thousand games: well under a second).
 */
export async function syncRoomFacts(ctx: ClubContext, eveningId: string, games: readonly { id: string; game: RoomGame }[]): Promise<boolean> {
  if (games.length === 0) return false;
  const db = ratingsDb(ctx.db);
  const e = await db.selectFrom('evenings').select(['club_id']).where('id', '=', eveningId).executeTakeFirst();
  if (!e) return false;
  const had = new Map((await db.selectFrom('game_facts').select(['game_id', 'winner']).where('evening_id', '=', eveningId).execute()).map((f) => [f.game_id, f.winner]));
  let changed = false;
  for (const { id, game } of games) {
    const facts = game.final ? factsOfState(game.final) : null;
    if (facts && had.get(id) !== facts.winner) {
      await writeFacts(ctx.db, { gameId: id, clubId: e.club_id, eveningId }, facts, game.endedAt ?? ctx.now());
      changed = true;
    } else if (!facts && had.has(id)) {
      await dropFacts(ctx.db, id);
      changed = true;
    }
  }
  if (changed) await recomputeRatings(ctx, e.club_id);
  return changed;
}

/** The facts of an imported protocol, in the import's transaction (the caller recomputes after it). */
export async function linkProtocolFacts(db: Kysely<ClubSchema>, ids: { gameId: string; clubId: string; eveningId: string }, facts: GameFacts | null, endedAt: number): Promise<void> {
  if (facts) await writeFacts(db, ids, facts, endedAt);
}
