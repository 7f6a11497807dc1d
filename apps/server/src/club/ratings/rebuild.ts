import { createHash } from 'node:crypto';
import type { ClubSchema } from '../schema.js';
import type { Kysely } from 'kysely';
import { ratingsDb } from '../ratingsSchema.js';
import { recomputeRatings, type RecomputeResult } from './recompute.js';

/** A club recomputed by `npm run recompute`, with a digest of every row the recomputation wrote. */
export interface ClubRecomputed extends RecomputeResult { readonly clubId: string; readonly name: string; readonly digest: string }

/** `--club` names no club of the database. */
export class UnknownClubError extends Error {}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The sha256 of the club's recomputed rows (`rating_games`, `member_rating_changes`, `member_ratings`,
 * `member_evenings`), in an order of their own keys (sorted here, not by SQL: the back ends sort
 * text differently): two recomputations of the same games give the same digest, on either back end.
 */
export async function ratingsDigest(clubDb: Kysely<ClubSchema>, clubId: string): Promise<string> {
  const db = ratingsDb(clubDb);
  const games = (await db.selectFrom('rating_games').select(['game_id', 'position', 'rated', 'reason', 'chance', 'k_win', 'k_loss']).where('club_id', '=', clubId).execute())
    .sort((a, b) => a.position - b.position);
  const changes = (await db.selectFrom('member_rating_changes').select(['user_id', 'changes']).where('club_id', '=', clubId).execute())
    .sort((a, b) => byText(a.user_id, b.user_id));
  const members = (await db.selectFrom('member_ratings').select(['user_id', 'red', 'black', 'games_red', 'games_black']).where('club_id', '=', clubId).execute())
    .sort((a, b) => byText(a.user_id, b.user_id));
  const evenings = (await db.selectFrom('member_evenings').select(['user_id', 'evenings']).where('club_id', '=', clubId).execute())
    .sort((a, b) => byText(a.user_id, b.user_id));
  return createHash('sha256').update(JSON.stringify({ games, changes, members, evenings })).digest('hex');
}

/** Recomputes one club (`clubId`) or every club of the database, in id order; UnknownClubError for a club it does not hold. */
export async function recomputeClubs(db: Kysely<ClubSchema>, clubId?: string): Promise<ClubRecomputed[]> {
  let q = db.selectFrom('clubs').select(['id', 'name']);
  if (clubId !== undefined) q = q.where('id', '=', clubId);
  const clubs = (await q.execute()).sort((a, b) => byText(a.id, b.id));
  if (clubId !== undefined && clubs.length === 0) throw new UnknownClubError(`there is no club with the id ${JSON.stringify(clubId)}`);
  const out: ClubRecomputed[] = [];
  for (const c of clubs) {
    const r = await recomputeRatings({ db }, c.id);
    out.push({ clubId: c.id, name: c.name, ...r, digest: await ratingsDigest(db, c.id) });
  }
  return out;
}

/**
 * The clubs with games' facts but no `member_evenings` row, recomputed (the server does it at
 * start): a database that had facts before migration 005 would otherwise show no points on its
 * leaderboard until its next game ends. A club whose games only guests played has no row either
 * and is recomputed at each start; that costs a few milliseconds.
 */
export async function recomputeUnprojected(clubDb: Kysely<ClubSchema>): Promise<string[]> {
  const db = ratingsDb(clubDb);
  const rows = await db.selectFrom('game_facts').select('club_id').distinct()
    .where('club_id', 'not in', db.selectFrom('member_evenings').select('club_id')).execute();
  const clubs = rows.map((r) => r.club_id).sort(byText);
  for (const clubId of clubs) await recomputeRatings({ db: clubDb }, clubId);
  return clubs;
}
