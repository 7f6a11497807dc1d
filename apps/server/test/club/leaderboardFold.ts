import type { Leaderboard, LeaderboardBy, LeaderboardRow } from '@mafia/protocol';
import { eveningPoints, overall, seasonTable, START_RATING, type SeasonMember } from '@mafia/club';
import type { ClubDb } from '../../src/club/schema.js';
import { num } from '../../src/club/schema.js';
import { ratingsDb } from '../../src/club/ratingsSchema.js';
import { rankByRating } from '../../src/club/ratings/leaderboard.js';
import type { SeasonView } from '../../src/club/ratings/seasons.js';
import { parseSeatFacts } from '../../src/club/stored.js';

/**
 * The leaderboard as it was computed before `member_evenings` (kept here as the tests' oracle):
 * every member's season points folded on the spot from the games' facts (JSON), the seats'
 * members and the evenings as they are now, with the ledger's penalties apart. Ratings are read
 * from `member_ratings` like the server does (the fold of ratings is tested on its own).
 */
export async function foldLeaderboard(clubDb: ClubDb, clubId: string, season: SeasonView | null, by: LeaderboardBy): Promise<Leaderboard> {
  const db = ratingsDb(clubDb);
  const members = await db.selectFrom('memberships').select(['user_id', 'nickname']).where('club_id', '=', clubId).execute();
  let ev = db.selectFrom('evenings').select(['id', 'starts_at', 'weight']).where('club_id', '=', clubId).where('cancelled_at', 'is', null);
  if (season) ev = ev.where('starts_at', '>=', season.startsAt).where('starts_at', '<', season.endsAt);
  const evenings = new Map((await ev.execute()).map((e) => [e.id, { at: num(e.starts_at), weight: e.weight }]));
  const facts = (await db.selectFrom('game_facts').select(['game_id', 'evening_id', 'players', 'ended_at', 'seats']).where('club_id', '=', clubId).execute())
    .filter((f) => evenings.has(f.evening_id)).map((f) => ({ ...f, at: num(f.ended_at) }))
    .sort((a, b) => a.at - b.at || (a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : 0));
  const seatRows = await db.selectFrom('game_seats').innerJoin('game_facts', 'game_facts.game_id', 'game_seats.game_id')
    .select(['game_seats.game_id', 'game_seats.seat', 'game_seats.user_id']).where('game_facts.club_id', '=', clubId).where('game_seats.user_id', 'is not', null).execute();
  const seatUser = new Map(seatRows.map((s) => [`${s.game_id}#${s.seat}`, s.user_id!]));
  type G = { points: number; players: number; won: boolean };
  const played = new Map<string, Map<string, G[]>>();
  for (const f of facts) {
    for (const s of parseSeatFacts(f.seats)) {
      const user = seatUser.get(`${f.game_id}#${s.seat}`);
      if (user === undefined) continue;
      const byEvening = played.get(user) ?? new Map<string, G[]>();
      byEvening.set(f.evening_id, [...(byEvening.get(f.evening_id) ?? []), { points: s.points, players: f.players, won: s.won }]);
      played.set(user, byEvening);
    }
  }
  const allEvenings = new Map((await db.selectFrom('evenings').select(['id', 'starts_at']).where('club_id', '=', clubId).execute()).map((e) => [e.id, num(e.starts_at)]));
  const penalties = new Map<string, SeasonMember['penalties'][number][]>();
  for (const l of await db.selectFrom('ledger').select(['user_id', 'evening_id', 'points', 'created_at', 'cancelled_at']).where('club_id', '=', clubId).execute()) {
    const at = (l.evening_id !== null ? allEvenings.get(l.evening_id) : undefined) ?? num(l.created_at);
    penalties.set(l.user_id, [...(penalties.get(l.user_id) ?? []), { at, points: l.points, cancelledAt: l.cancelled_at === null ? null : num(l.cancelled_at) }]);
  }
  const input: SeasonMember[] = members.map((m) => ({
    memberId: m.user_id, nickname: m.nickname, penalties: penalties.get(m.user_id) ?? [],
    evenings: [...(played.get(m.user_id) ?? new Map<string, G[]>())].map(([eveningId, games]) => {
      const e = evenings.get(eveningId)!;
      return { at: e.at, score: eveningPoints({ weight: e.weight, games }).total, games: games.length, wins: games.filter((g) => g.won).length };
    }),
  }));
  const table = seasonTable(input, season?.order, season ? { from: season.startsAt, to: season.endsAt } : undefined);
  const ratings = new Map((await db.selectFrom('member_ratings').selectAll().where('club_id', '=', clubId).execute()).map((r) => [r.user_id, r]));
  const rows: LeaderboardRow[] = table.map((t) => {
    const r = ratings.get(t.memberId);
    const [red, black, gamesRed, gamesBlack] = r ? [r.red, r.black, r.games_red, r.games_black] : [START_RATING, START_RATING, 0, 0];
    return {
      rank: t.rank, userId: t.memberId, nickname: t.nickname, points: t.points, penalties: t.penalties, total: t.total,
      evenings: t.evenings, games: t.games, wins: t.wins, winRate: t.winRate,
      red, black, overall: overall(red, black, gamesRed, gamesBlack), gamesRed, gamesBlack,
    };
  });
  return { season, by, rows: by === 'points' ? rows : rankByRating(rows, by) };
}
