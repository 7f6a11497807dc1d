import { displayPoints, seasonTable, type SeasonMember } from '@mafia/club';
import { z } from 'zod';
import { membershipOf } from '../access.js';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { ratingsDb } from '../ratingsSchema.js';
import { eveningById } from '../services/doorShared.js';
import { gamesOfEvening, syncGames } from '../services/games.js';
import { parseInput } from '../services/validate.js';
import { csvText } from './csv.js';
import { guestsOfGames } from './guests.js';
import type { CsvLang } from './csvLang.js';
import { eveningOfMember, playedByMember } from './played.js';
import type { EveningResults, ResultsRow } from '@mafia/protocol';



const query = z.object({ format: z.enum(['json', 'csv']).default('json') }).strict();

/**
 * GET /api/evenings/:eveningId/results (member of its club): the evening's games and a row per
 * member who played at it or has a ledger entry of it, ranked as a season of this one evening is
 * (`seasonTable`, the club's default order: total, wins, fewer games). The room games are synced
 * first, as the evening page does, so a game that has just ended counts.
 */
export async function eveningResults(ctx: ClubContext, actorUserId: string, eveningId: string, q: unknown): Promise<EveningResults & { format: 'json' | 'csv' }> {
  const e = await eveningById(ctx.db, eveningId);
  await membershipOf(ctx.db, actorUserId, e.clubId);
  const { format } = parseInput(query, q);
  await syncGames(ctx, eveningId);
  const db = ratingsDb(ctx.db);
  const ev = await db.selectFrom('evenings').select(['place', 'weight', 'preset']).where('id', '=', eveningId).executeTakeFirstOrThrow();
  const games = (await gamesOfEvening(ctx.db, eveningId)).map((g) => ({ gameId: g.id, tableNo: g.tableNo, gameNo: g.gameNo, winner: g.winner, voided: g.voided }));
  // A voided game (issue 24) is listed, marked, and counts nothing.
  const facts = await db.selectFrom('game_facts').leftJoin('evening_games', 'evening_games.id', 'game_facts.game_id')
    .select(['game_facts.game_id', 'game_facts.evening_id', 'game_facts.players', 'game_facts.ended_at', 'game_facts.seats'])
    .where('game_facts.evening_id', '=', eveningId).where('evening_games.voided_at', 'is', null).execute();
  const played = await playedByMember(db, facts);
  const ledger = await db.selectFrom('ledger').select(['user_id', 'points', 'cancelled_at']).where('evening_id', '=', eveningId).execute();
  const names = new Map((await db.selectFrom('memberships').select(['user_id', 'nickname']).where('club_id', '=', e.clubId).execute()).map((m) => [m.user_id, m.nickname]));
  // A member who has left the club since keeps the nickname he played under.
  const seated = await db.selectFrom('game_seats').innerJoin('evening_games', 'evening_games.id', 'game_seats.game_id')
    .select(['game_seats.user_id', 'game_seats.nickname']).where('evening_games.evening_id', '=', eveningId).where('game_seats.user_id', 'is not', null).execute();
  for (const s of seated) if (!names.has(s.user_id!)) names.set(s.user_id!, s.nickname);
  const users = new Set([...played.keys(), ...ledger.map((l) => l.user_id)]);
  const input: SeasonMember[] = [...users].map((u) => ({
    memberId: u, nickname: names.get(u) ?? '',
    evenings: [...(played.get(u) ?? [])].map(([, list]) => eveningOfMember(e.startsAt, ev.weight, list)),
    penalties: ledger.filter((l) => l.user_id === u).map((l) => ({ at: e.startsAt, points: l.points, cancelledAt: l.cancelled_at === null ? null : num(l.cancelled_at) })),
  }));
  const rows = seasonTable(input).map((t) => ({
    rank: t.rank, userId: t.memberId, nickname: t.nickname, games: t.games, wins: t.wins,
    points: [...(played.get(t.memberId)?.values() ?? [])].flat().reduce((sum, g) => sum + g.points, 0),
    score: t.points, penalties: t.penalties, total: t.total,
  }));
  const guests = await guestsOfGames(db, facts);
  return { evening: { id: e.id, clubId: e.clubId, startsAt: e.startsAt, place: ev.place, weight: ev.weight, preset: ev.preset }, games, rows, guests, format };
}

export const RESULTS_CSV_COLUMNS = ['rank', 'nickname', 'games', 'wins', 'points', 'score', 'penalties', 'total'] as const;

/** The results as CSV (csvText: BOM, CRLF), numbers rounded for display, no ids. */
export function eveningResultsCsv(rows: readonly ResultsRow[], lang: CsvLang = 'en'): string {
  return csvText(RESULTS_CSV_COLUMNS, rows.map((r) => [r.rank, r.nickname, r.games, r.wins, r.points, displayPoints(r.score), displayPoints(r.penalties), displayPoints(r.total)]), lang);
}
