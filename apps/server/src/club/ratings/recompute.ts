import { rateGames, sideOfTeam, type GameWinner, type RatedGame } from '@mafia/club';
import type { Team } from '@mafia/engine';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { ratingsDb, type RatingsDb, type SeatFact } from '../ratingsSchema.js';

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

/** The club's ended games in rating order (when they ended, then by id), as `rateGames` takes them. */
export async function ratedGamesOf(db: RatingsDb, clubId: string): Promise<RatedGame[]> {
  const facts = await db.selectFrom('game_facts').select(['game_id', 'kind', 'winner', 'ended_at', 'seats']).where('club_id', '=', clubId).execute();
  const members = await db.selectFrom('game_seats').innerJoin('game_facts', 'game_facts.game_id', 'game_seats.game_id')
    .select(['game_seats.game_id', 'game_seats.seat', 'game_seats.user_id']).where('game_facts.club_id', '=', clubId).execute();
  const memberOf = new Map<string, string | null>();
  for (const m of members) memberOf.set(`${m.game_id}#${m.seat}`, m.user_id);
  // Sorted here, not by SQL: PostgreSQL orders text by its locale, SQLite by bytes; the fold must not depend on it.
  const ordered = facts.map((f) => ({ ...f, at: num(f.ended_at) }))
    .sort((a, b) => a.at - b.at || (a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : 0));
  return ordered.map((f) => ({
    id: f.game_id,
    kind: f.kind,
    winner: ratingWinner(f.winner),
    seats: (JSON.parse(f.seats) as SeatFact[]).map((s) => ({
      member: memberOf.get(`${f.game_id}#${s.seat}`) ?? guestKey(f.game_id, s.seat),
      side: sideOfTeam(s.team as Team),
    })),
  }));
}

/** Inserts rows in slices (SQLite and PostgreSQL both cap the parameters of one statement). */
async function insertAll<T>(rows: readonly T[], per: number, insert: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += per) await insert(rows.slice(i, i + per));
}

/**
 * Rebuilds the club's ratings from its games' facts (docs/ratings-server.md): folds every ended
 * game with `rateGames` and replaces, in one transaction, the club's `rating_games` (each game's
 * chance and K, so the history can be audited), `rating_changes` and `member_ratings`. Nothing is
 * kept from a previous run, so a recomputation gives the same rows.
 */
export async function recomputeRatings(ctx: Pick<ClubContext, 'db'>, clubId: string): Promise<RecomputeResult> {
  const t0 = performance.now();
  const db = ratingsDb(ctx.db);
  const games = await ratedGamesOf(db, clubId);
  const { ratings, history } = rateGames(games);
  const gameRows = history.map((h, position) => ({
    game_id: h.gameId, club_id: clubId, position, rated: h.rated ? 1 : 0, reason: h.reason, chance: h.chance, k_win: h.k.win, k_loss: h.k.loss,
  }));
  const changeRows = history.flatMap((h) => h.changes.filter((c) => !c.member.startsWith(GUEST)).map((c) => ({
    game_id: h.gameId, club_id: clubId, user_id: c.member, track: c.track, before: c.before, delta: c.delta, after: c.after,
  })));
  const memberRows = [...ratings].filter(([m]) => !m.startsWith(GUEST)).sort(([a], [b]) => (a < b ? -1 : 1)).map(([user_id, r]) => ({
    club_id: clubId, user_id, red: r.red, black: r.black, games_red: r.gamesRed, games_black: r.gamesBlack,
  }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('rating_changes').where('club_id', '=', clubId).execute();
    await trx.deleteFrom('rating_games').where('club_id', '=', clubId).execute();
    await trx.deleteFrom('member_ratings').where('club_id', '=', clubId).execute();
    await insertAll(gameRows, 1000, (s) => trx.insertInto('rating_games').values(s).execute());
    await insertAll(changeRows, 1000, (s) => trx.insertInto('rating_changes').values(s).execute());
    await insertAll(memberRows, 1000, (s) => trx.insertInto('member_ratings').values(s).execute());
  });
  return { games: history.length, rated: history.filter((h) => h.rated).length, ms: Math.round(performance.now() - t0) };
}
