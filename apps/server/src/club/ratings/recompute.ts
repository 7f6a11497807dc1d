import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rateGames, sideOfTeam, type GameWinner, type RatedGame } from '@mafia/club';
import type { Team } from '@mafia/engine';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { ratingsDb, type RatingsDb } from '../ratingsSchema.js';
import { packChanges, type RatingChange } from './changes.js';
import { memberEveningRows, type CountedEvening, type LoadedGame } from './memberEvenings.js';
import { parseSeatFacts } from '../stored.js';

/** The engine's winner → the rating's: town is red, mafia black, a role id (the Maniac …) a solo win. */
export function ratingWinner(winner: string): GameWinner {
  return winner === 'town' ? 'red' : winner === 'mafia' ? 'black' : winner === 'draw' ? 'draw' : 'solo';
}

/**
 * A seat without a member (a guest, or a member who deleted his account) plays for his side at
 * the start rating but is not rated: he gets a key of his own for this game only, so he always
 * comes in at START_RATING, and his change is never written.
 */
const GUEST = 'guest:';
const guestKey = (gameId: string, seat: number): string => `${GUEST}${gameId}:${seat}`;

export interface RecomputeResult { readonly games: number; readonly rated: number; readonly ms: number }

/** The club's ended games in rating order (when they ended, then by id), each seat with its member. */
async function loadGames(db: RatingsDb, clubId: string): Promise<LoadedGame[]> {
  // A voided game (issue 24) counts nothing: it stays in the record, out of points and ratings.
  const facts = await db.selectFrom('game_facts').leftJoin('evening_games', 'evening_games.id', 'game_facts.game_id')
    .select(['game_facts.game_id', 'game_facts.evening_id', 'game_facts.kind', 'game_facts.winner', 'game_facts.players', 'game_facts.ended_at', 'game_facts.seats'])
    .where('game_facts.club_id', '=', clubId).where('evening_games.voided_at', 'is', null).execute();
  const members = await db.selectFrom('game_seats').innerJoin('game_facts', 'game_facts.game_id', 'game_seats.game_id')
    .select(['game_seats.game_id', 'game_seats.seat', 'game_seats.user_id']).where('game_facts.club_id', '=', clubId).execute();
  // Per game, its seats' members by seat number (one map entry per game, not per seat: 100,000 seats at 10,000 games).
  const seatsOf = new Map<string, (string | null)[]>();
  for (const m of members) {
    const seats = seatsOf.get(m.game_id) ?? [];
    seats[m.seat] = m.user_id;
    seatsOf.set(m.game_id, seats);
  }
  // Sorted here, not by SQL: PostgreSQL orders text by its locale, SQLite by bytes; the fold must not depend on it.
  const ordered = facts.map((f) => ({ ...f, at: num(f.ended_at) }))
    .sort((a, b) => a.at - b.at || (a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : 0));
  return ordered.map((f) => ({
    id: f.game_id, eveningId: f.evening_id, kind: f.kind, winner: f.winner, players: f.players,
    seats: parseSeatFacts(f.seats).map((fact) => ({ fact, member: seatsOf.get(f.game_id)?.[fact.seat] ?? null })),
  }));
}

/** The loaded games as `rateGames` takes them. */
const asRated = (games: readonly LoadedGame[]): RatedGame[] => games.map((g) => ({
  id: g.id,
  kind: g.kind,
  winner: ratingWinner(g.winner),
  seats: g.seats.map((s) => ({ member: s.member ?? guestKey(g.id, s.fact.seat), side: sideOfTeam(s.fact.team as Team) })),
}));

/** The club's ended games in rating order (when they ended, then by id), as `rateGames` takes them. */
export async function ratedGamesOf(db: RatingsDb, clubId: string): Promise<RatedGame[]> {
  return asRated(await loadGames(db, clubId));
}

/** The club's evenings that count for points (not cancelled), with their start and weight. */
async function countedEvenings(db: RatingsDb, clubId: string): Promise<Map<string, CountedEvening>> {
  const rows = await db.selectFrom('evenings').select(['id', 'starts_at', 'weight']).where('club_id', '=', clubId).where('cancelled_at', 'is', null).execute();
  return new Map(rows.map((e) => [e.id, { at: num(e.starts_at), weight: e.weight }]));
}

/** Inserts rows in slices (SQLite and PostgreSQL both cap the parameters of one statement). */
async function insertAll<T extends object>(trx: Kysely<any>, table: string, rows: readonly T[], per: number): Promise<void> {
  for (let i = 0; i < rows.length; i += per) await trx.insertInto(table).values(rows.slice(i, i + per)).execute();
}

/**
 * Rebuilds the club's ratings from its games' facts (docs/ratings-server.md): folds every ended
 * game with `rateGames` and replaces, in one transaction, the club's `rating_games` (each game's
 * chance and K, so the history can be audited), `member_rating_changes`, `member_ratings` and the
 * leaderboard's `member_evenings` (each member's seed-004 score per evening). Nothing is kept from
 * a previous run, so a recomputation gives the same rows. Whatever changes a game's facts, its
 * seats' members, or an evening's start, weight or cancellation must call it, or the leaderboard
 * shows the old points.
 */
export async function recomputeRatings(ctx: Pick<ClubContext, 'db'>, clubId: string): Promise<RecomputeResult> {
  const t0 = performance.now();
  // Read and written in one transaction. On PostgreSQL, several nodes (issue 29) recomputing one
  // club take turns (a lock per club for the transaction): each reads what the one before wrote,
  // so two never write two versions of the club's rows into each other.
  return ratingsDb(ctx.db).transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT pg_advisory_xact_lock(hashtext(${`ratings:${clubId}`}))`.execute(trx);
    return rewrite(trx, clubId, t0);
  });
}

async function rewrite(db: RatingsDb, clubId: string, t0: number): Promise<RecomputeResult> {
  const loaded = await loadGames(db, clubId);
  const { ratings, history } = rateGames(asRated(loaded));
  const eveningRows = memberEveningRows(clubId, loaded, await countedEvenings(db, clubId));
  const gameRows = history.map((h, position) => ({
    game_id: h.gameId, club_id: clubId, position, rated: h.rated ? 1 : 0, reason: h.reason, chance: h.chance, k_win: h.k.win, k_loss: h.k.loss,
  }));
  // Each member's changes in fold order (a guest's are never written).
  const changesOf = new Map<string, RatingChange[]>();
  for (const h of history) {
    for (const c of h.changes) {
      if (c.member.startsWith(GUEST)) continue;
      const change = { gameId: h.gameId, track: c.track, before: c.before, delta: c.delta, after: c.after };
      const list = changesOf.get(c.member);
      if (list) list.push(change);
      else changesOf.set(c.member, [change]);
    }
  }
  const changeRows = [...changesOf].sort(([a], [b]) => (a < b ? -1 : 1)).map(([user_id, list]) => ({ club_id: clubId, user_id, changes: packChanges(list) }));
  const memberRows = [...ratings].filter(([m]) => !m.startsWith(GUEST)).sort(([a], [b]) => (a < b ? -1 : 1)).map(([user_id, r]) => ({
    club_id: clubId, user_id, red: r.red, black: r.black, games_red: r.gamesRed, games_black: r.gamesBlack,
  }));
  await db.deleteFrom('member_rating_changes').where('club_id', '=', clubId).execute();
  await db.deleteFrom('rating_games').where('club_id', '=', clubId).execute();
  await db.deleteFrom('member_ratings').where('club_id', '=', clubId).execute();
  await db.deleteFrom('member_evenings').where('club_id', '=', clubId).execute();
  await insertAll(db, 'rating_games', gameRows, 1000);
  await insertAll(db, 'member_rating_changes', changeRows, 1000);
  await insertAll(db, 'member_ratings', memberRows, 1000);
  await insertAll(db, 'member_evenings', eveningRows, 1000);
  return { games: history.length, rated: history.filter((h) => h.rated).length, ms: Math.round(performance.now() - t0) };
}
