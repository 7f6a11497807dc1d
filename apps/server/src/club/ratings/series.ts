import { randomUUID } from 'node:crypto';
import { displayPoints, seriesTable, type SeriesGame } from '@mafia/club';
import { z } from 'zod';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { ratingsDb, type RatingsDb } from '../ratingsSchema.js';
import { parseInput } from '../services/validate.js';
import { csvText } from './csv.js';
import type { CsvLang } from './csvLang.js';
import type { FiimGame, Series, SeriesRow } from '@mafia/protocol';
import { NewSeriesSchema } from '@mafia/protocol';
import { parseSeatFacts } from '../stored.js';

const seriesQuery = z.object({ format: z.enum(['json', 'csv']).default('json') }).strict();

/** The club's ended fiim games (their game_facts), oldest first. */
async function fiimGames(db: RatingsDb, clubId: string, ids?: readonly string[]) {
  let q = db.selectFrom('game_facts').innerJoin('evening_games', 'evening_games.id', 'game_facts.game_id').innerJoin('evenings', 'evenings.id', 'game_facts.evening_id')
    .select(['game_facts.game_id', 'game_facts.evening_id', 'game_facts.preset', 'game_facts.winner', 'game_facts.seats', 'game_facts.ended_at', 'evenings.starts_at', 'evening_games.table_no', 'evening_games.game_no'])
    .where('game_facts.club_id', '=', clubId).where('evening_games.voided_at', 'is', null);
  q = ids ? q.where('game_facts.game_id', 'in', ids.length ? [...ids] : ['']) : q.where('game_facts.preset', '=', 'fiim');
  return (await q.execute()).sort((a, b) => num(a.ended_at) - num(b.ended_at) || (a.game_id < b.game_id ? -1 : 1));
}

/**
 * The series table (R-FIIM-16, `seriesTable`) of the given games: each game's tournament points,
 * first-night marks and winners from its facts, each seat's member from game_seats (a seat without
 * a member — a guest, a deleted account — is left out); nicknames as the club knows them now.
 */
async function tableOf(db: RatingsDb, clubId: string, gameIds: readonly string[]): Promise<SeriesRow[]> {
  const facts = await fiimGames(db, clubId, gameIds);
  const seats = gameIds.length === 0 ? [] : await db.selectFrom('game_seats').select(['game_id', 'seat', 'user_id', 'nickname']).where('game_id', 'in', [...gameIds]).where('user_id', 'is not', null).execute();
  const nick = new Map((await db.selectFrom('memberships').select(['user_id', 'nickname']).where('club_id', '=', clubId).execute()).map((m) => [m.user_id, m.nickname]));
  const games: SeriesGame[] = facts.map((f) => {
    const s = parseSeatFacts(f.seats);
    return {
      gameId: f.game_id,
      seats: seats.filter((x) => x.game_id === f.game_id).map((x) => ({ seat: x.seat, memberId: x.user_id!, nickname: nick.get(x.user_id!) ?? x.nickname })),
      ...(f.preset === 'fiim' ? { tournamentScores: Object.fromEntries(s.map((x) => [x.seat, x.tournamentPoints ?? 0])), shotFirstNight: s.filter((x) => x.marked).map((x) => x.seat) } : {}),
      winners: s.filter((x) => x.won).map((x) => x.seat),
    };
  });
  return seriesTable(games).map(({ memberId, ...r }) => ({ ...r, userId: memberId }));
}

/**
 * POST /api/clubs/:clubId/series (admin): `{name, gameIds}` — ended `fiim` games of this club,
 * each once. Refusals: `series-games` (none or one twice), `series-game-unknown` (not a game of
 * this club), `series-game-not-ended`, `series-not-fiim` (another preset), `series-player-twice`
 * (a member on two seats of one game): nothing is written.
 */
export async function createSeries(ctx: ClubContext, actorUserId: string, clubId: string, body: unknown): Promise<{ series: Series }> {
  await membershipOf(ctx.db, actorUserId, clubId, 'admin');
  const b = parseInput(NewSeriesSchema, body);
  const twice = b.gameIds.findIndex((id, i) => b.gameIds.indexOf(id) !== i);
  if (twice >= 0) clubRefuse('series-games', `game ${b.gameIds[twice]} is listed twice`, 400, { path: `gameIds[${twice}]`, params: { gameId: b.gameIds[twice]! } });
  const db = ratingsDb(ctx.db);
  const known = new Set((await db.selectFrom('evening_games').innerJoin('evenings', 'evenings.id', 'evening_games.evening_id').select('evening_games.id')
    .where('evenings.club_id', '=', clubId).where('evening_games.id', 'in', b.gameIds).execute()).map((g) => g.id));
  const facts = new Map((await fiimGames(db, clubId, b.gameIds)).map((f) => [f.game_id, f]));
  b.gameIds.forEach((id, i) => {
    const where = { path: `gameIds[${i}]`, params: { gameId: id } };
    if (!known.has(id)) clubRefuse('series-game-unknown', `the club has no game ${id}`, 400, where);
    const f = facts.get(id);
    if (!f) clubRefuse('series-game-not-ended', `game ${id} has not ended`, 409, where);
    if (f!.preset !== 'fiim') clubRefuse('series-not-fiim', `game ${id} was played by the ${f!.preset} rules: a series takes fiim games only (R-FIIM-16)`, 400, { ...where, params: { gameId: id, preset: f!.preset } });
  });
  try {
    await tableOf(db, clubId, b.gameIds);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    clubRefuse('series-player-twice', e.message, 400, { path: 'gameIds' });
  }
  const series: Series = { id: randomUUID(), name: b.name, gameIds: b.gameIds, createdAt: ctx.now() };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('series').values({ id: series.id, club_id: clubId, name: series.name, created_by: actorUserId, created_at: series.createdAt }).execute();
    await trx.insertInto('series_games').values(b.gameIds.map((game_id, position) => ({ series_id: series.id, game_id, position }))).execute();
  });
  return { series };
}

async function seriesRows(db: RatingsDb, clubId: string, seriesId?: string): Promise<Series[]> {
  let q = db.selectFrom('series').selectAll().where('club_id', '=', clubId);
  if (seriesId !== undefined) q = q.where('id', '=', seriesId);
  const rows = await q.execute();
  const links = rows.length === 0 ? [] : await db.selectFrom('series_games').selectAll().where('series_id', 'in', rows.map((r) => r.id)).orderBy('position').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: num(r.created_at), gameIds: links.filter((l) => l.series_id === r.id).map((l) => l.game_id) }))
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
}

/** GET /api/clubs/:clubId/series (member): the series, newest first, and the ended fiim games a new one may take. */
export async function listSeries(ctx: ClubContext, actorUserId: string, clubId: string): Promise<{ series: Series[]; games: FiimGame[] }> {
  await membershipOf(ctx.db, actorUserId, clubId);
  const db = ratingsDb(ctx.db);
  const games = (await fiimGames(db, clubId)).map((f) => ({ gameId: f.game_id, eveningId: f.evening_id, startsAt: num(f.starts_at), tableNo: f.table_no, gameNo: f.game_no, winner: f.winner }));
  return { series: await seriesRows(db, clubId), games };
}

/** GET /api/clubs/:clubId/series/:seriesId (member): the series and its table; `series-unknown` 404. */
export async function seriesPage(ctx: ClubContext, actorUserId: string, clubId: string, seriesId: string, query: unknown): Promise<{ series: Series; rows: SeriesRow[]; format: 'json' | 'csv' }> {
  await membershipOf(ctx.db, actorUserId, clubId);
  const { format } = parseInput(seriesQuery, query);
  const db = ratingsDb(ctx.db);
  const [series] = await seriesRows(db, clubId, seriesId);
  if (!series) return clubRefuse('series-unknown', `the club has no series ${seriesId}`, 404, { path: 'seriesId' });
  return { series, rows: await tableOf(db, clubId, series.gameIds), format };
}

export const SERIES_CSV_COLUMNS = ['rank', 'nickname', 'games', 'wins', 'marked', 'points', 'compensation', 'total'] as const;

/** The series table as CSV (csvText: BOM, CRLF), points rounded for display, no ids. */
export function seriesCsv(rows: readonly SeriesRow[], lang: CsvLang = 'en'): string {
  return csvText(SERIES_CSV_COLUMNS, rows.map((r) => [r.rank, r.nickname, r.games, r.wins, r.marked, displayPoints(r.points), displayPoints(r.compensation), displayPoints(r.total)]), lang);
}
