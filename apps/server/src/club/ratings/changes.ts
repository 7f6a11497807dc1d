import type { RatingsDb } from '../ratingsSchema.js';
import { parseStored } from '../../storage/versioned.js';
import { RATING_CHANGES } from '../stored.js';

/** One rated game of a member: his track, his rating before it, the change, and after. */
export interface RatingChange {
  readonly gameId: string;
  readonly track: 'red' | 'black';
  readonly before: number;
  readonly delta: number;
  readonly after: number;
}

/** One change as `member_rating_changes.changes` stores it: [gameId, track, before, delta, after]. */
type Packed = [string, 'red' | 'black', number, number, number];

/**
 * A member's changes as one row's JSON, in the order the recomputation folded them (JSON keeps each
 * double exactly: the shortest text that reads back to it). One row per member, not per change:
 * writing 100,000 change rows into a B-tree keyed by random ids was half a recomputation at 10,000
 * games (docs/decisions.md, Issue 15).
 */
export function packChanges(changes: readonly RatingChange[]): string {
  return JSON.stringify(changes.map((c): Packed => [c.gameId, c.track, c.before, c.delta, c.after]));
}

export function unpackChanges(text: string): RatingChange[] {
  return parseStored(RATING_CHANGES, text).map(([gameId, track, before, delta, after]) => ({ gameId, track, before, delta, after }));
}

/** A member's rating changes in one club, in fold order (none when he has no rated game). */
export async function ratingChangesOf(db: RatingsDb, clubId: string, userId: string): Promise<RatingChange[]> {
  const row = await db.selectFrom('member_rating_changes').select('changes').where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  return row ? unpackChanges(row.changes) : [];
}

/** A change as a member's export shows it: with its club and the red side's chance in that game (for audit). */
export interface ExportedChange extends RatingChange { readonly clubId: string; readonly redChance: number | null }

/** Every rating change of a member, club by club (by id), each club's in fold order, with each game's chance. */
export async function ratingChangesWithChance(db: RatingsDb, userId: string): Promise<ExportedChange[]> {
  const rows = (await db.selectFrom('member_rating_changes').select(['club_id', 'changes']).where('user_id', '=', userId).execute())
    .sort((a, b) => (a.club_id < b.club_id ? -1 : a.club_id > b.club_id ? 1 : 0));
  const out: ExportedChange[] = [];
  for (const r of rows) {
    const changes = unpackChanges(r.changes);
    const chance = new Map(changes.length === 0 ? [] : (await db.selectFrom('rating_games').select(['game_id', 'chance'])
      .where('club_id', '=', r.club_id).where('game_id', 'in', changes.map((c) => c.gameId)).execute()).map((g) => [g.game_id, g.chance]));
    for (const c of changes) out.push({ clubId: r.club_id, gameId: c.gameId, track: c.track, redChance: chance.get(c.gameId) ?? null, before: c.before, delta: c.delta, after: c.after });
  }
  return out;
}
