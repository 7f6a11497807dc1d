import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { clubRefuse } from '../errors.js';
import { num, type ClubDb } from '../schema.js';

/** A JSON value with its objects' keys sorted, so two texts of one protocol read the same. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  }
  return v;
}

/**
 * A paper protocol's identity (issue 24): the SHA-256 of what the game was — its rule set,
 * options, modifications, immunities, roles by seat, steps and the members on the seats (by
 * account, not by how their names were typed) — as canonical JSON. Formatting (spaces, the order
 * of keys, `format`, the names' spelling) does not change it; any act, vote or seat does.
 */
export function protocolDigest(doc: object, members: readonly string[]): string {
  const game = Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'names' && key !== 'format'));
  return createHash('sha256').update(JSON.stringify(canonical({ game, members }))).digest('hex');
}

/**
 * Refuses (409 `game-duplicate`) a protocol whose game the club has already (a voided one aside:
 * voiding a game entered into the wrong evening lets it be entered into the right one), naming
 * the earlier game: its id, its evening and the evening's start.
 */
export async function refuseDuplicate(db: ClubDb, clubId: string, digest: string, kind: 'sqlite' | 'postgres'): Promise<void> {
  // Two entries of one game at the same moment: PostgreSQL holds the second until the first commits (SQLite's transactions hold the whole database).
  if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${digest}))`.execute(db);
  const earlier = await db.selectFrom('evening_games').innerJoin('evenings', 'evenings.id', 'evening_games.evening_id')
    .select(['evening_games.id', 'evening_games.evening_id', 'evening_games.created_at', 'evenings.starts_at'])
    .where('evenings.club_id', '=', clubId).where('evening_games.digest', '=', digest).where('evening_games.voided_at', 'is', null)
    .orderBy('evening_games.created_at').executeTakeFirst();
  if (!earlier) return;
  const startsAt = num(earlier.starts_at);
  clubRefuse('game-duplicate', `this game was entered already (game ${earlier.id} of the evening of ${new Date(startsAt).toISOString()})`, 409, {
    path: 'protocol', params: { gameId: earlier.id, eveningId: earlier.evening_id, startsAt, enteredAt: num(earlier.created_at) },
  });
}
