import { compareKey, compareNicknames, displayPoints, overall, seasonTable, START_RATING, type SeasonMember } from '@mafia/club';
import { z } from 'zod';
import { membershipOf } from '../access.js';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { ratingsDb } from '../ratingsSchema.js';
import { csvText } from './csv.js';
import type { CsvLang } from './csvLang.js';
import { seasonEvenings } from './memberEvenings.js';
import { parseInput } from '../services/validate.js';
import { seasonOf } from './seasons.js';
import type { Leaderboard, LeaderboardRow } from '@mafia/protocol';




export const leaderboardQuery = z.object({
  season: z.string().min(1).max(100).optional(),
  by: z.enum(['points', 'red', 'black', 'overall']).default('points'),
  format: z.enum(['json', 'csv']).default('json'),
}).strict();

/**
 * GET /api/clubs/:clubId/leaderboard (member): every member of the club, with his season points
 * (seed 004: his evening scores in `member_evenings`, summed by `seasonTable` with the ledger's
 * penalties apart) and his red, black and overall ratings. Both are as the last recomputation
 * left them (ratings are of all time, not of the season); the ledger and the nicknames are read
 * as they are now. Without `season` the points are of all time too.
 */
export async function leaderboard(ctx: ClubContext, actorUserId: string, clubId: string, query: unknown): Promise<Leaderboard & { format: 'json' | 'csv' }> {
  await membershipOf(ctx.db, actorUserId, clubId);
  return leaderboardOf(ctx, clubId, query);
}

/** The leaderboard without the reader's check: the member's route above and the club's public page. */
export async function leaderboardOf(ctx: ClubContext, clubId: string, query: unknown): Promise<Leaderboard & { format: 'json' | 'csv' }> {
  const q = parseInput(leaderboardQuery, query);
  const season = q.season === undefined ? null : await seasonOf(ctx, clubId, q.season);
  const db = ratingsDb(ctx.db);
  // Archived members (issue 24) are off the leaderboard; their games still count for the others' ratings.
  const members = await db.selectFrom('memberships').select(['user_id', 'nickname']).where('club_id', '=', clubId).where('archived_at', 'is', null).execute();
  // Each member's evenings as the last recomputation scored them (seasonTable keeps the season's).
  const played = await seasonEvenings(db, clubId);
  const ledger = await db.selectFrom('ledger').select(['user_id', 'evening_id', 'points', 'created_at', 'cancelled_at']).where('club_id', '=', clubId).execute();
  const allEvenings = new Map((await db.selectFrom('evenings').select(['id', 'starts_at']).where('club_id', '=', clubId).execute()).map((e) => [e.id, num(e.starts_at)]));
  const penalties = new Map<string, SeasonMember['penalties'][number][]>();
  for (const l of ledger) {
    const list = penalties.get(l.user_id) ?? [];
    // An entry counts in the season of its evening (a NO answered before a season starts still belongs to that evening).
    list.push({ at: (l.evening_id !== null ? allEvenings.get(l.evening_id) : undefined) ?? num(l.created_at), points: l.points, cancelledAt: l.cancelled_at === null ? null : num(l.cancelled_at) });
    penalties.set(l.user_id, list);
  }
  const input: SeasonMember[] = members.map((m) => ({
    memberId: m.user_id, nickname: m.nickname,
    penalties: penalties.get(m.user_id) ?? [],
    evenings: played.get(m.user_id) ?? [],
  }));
  const table = seasonTable(input, season?.order, season ? { from: season.startsAt, to: season.endsAt } : undefined);
  const ratings = new Map((await db.selectFrom('member_ratings').selectAll().where('club_id', '=', clubId).execute()).map((r) => [r.user_id, r]));
  let rows: LeaderboardRow[] = table.map((t) => {
    const r = ratings.get(t.memberId);
    const red = r?.red ?? START_RATING;
    const black = r?.black ?? START_RATING;
    const gamesRed = r ? r.games_red : 0;
    const gamesBlack = r ? r.games_black : 0;
    return {
      rank: t.rank, userId: t.memberId, nickname: t.nickname, points: t.points, penalties: t.penalties, total: t.total,
      evenings: t.evenings, games: t.games, wins: t.wins, winRate: t.winRate,
      red, black, overall: overall(red, black, gamesRed, gamesBlack), gamesRed, gamesBlack,
    };
  });
  if (q.by !== 'points') rows = rankByRating(rows, q.by);
  return { season, by: q.by, rows, format: q.format };
}

/** Highest rating first; equal ratings (to 1e-6) share a rank (1, 2, 2, 4), listed by nickname the Russian way. */
export function rankByRating(rows: LeaderboardRow[], key: 'red' | 'black' | 'overall'): LeaderboardRow[] {
  const sorted = [...rows].sort((a, b) => compareKey(b[key]) - compareKey(a[key]) || compareNicknames(a.nickname, b.nickname) || (a.userId < b.userId ? -1 : 1));
  const out: LeaderboardRow[] = [];
  sorted.forEach((r, i) => {
    const prev = out[i - 1];
    out.push({ ...r, rank: prev !== undefined && compareKey(prev[key]) === compareKey(r[key]) ? prev.rank : i + 1 });
  });
  return out;
}

export const CSV_COLUMNS = ['rank', 'nickname', 'points', 'penalties', 'total', 'evenings', 'games', 'wins', 'winRate', 'red', 'black', 'overall'] as const;

/**
 * The leaderboard as CSV (RFC 4180: CRLF line ends, a field quoted when it holds a comma, a quote
 * or a line end), with a byte-order mark so Excel reads the Russian nicknames as UTF-8. Numbers
 * are rounded for display (2 decimals; the win rate 4); user ids are left out.
 */
export function leaderboardCsv(rows: readonly LeaderboardRow[], lang: CsvLang = 'en'): string {
  const records = rows.map((r) => [
    r.rank, r.nickname, displayPoints(r.points), displayPoints(r.penalties), displayPoints(r.total), r.evenings, r.games, r.wins,
    r.winRate.toFixed(4), displayPoints(r.red), displayPoints(r.black), displayPoints(r.overall),
  ]);
  return csvText(CSV_COLUMNS, records, lang);
}
