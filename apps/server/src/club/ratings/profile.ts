import { overall, seasonTable, START_RATING } from '@mafia/club';
import { z } from 'zod';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { ratingsDb, type RatingsDb, type SeatFact } from '../ratingsSchema.js';
import { ledgerQuery, toLedgerEntry } from '../services/ledger.js';
import { parseInput } from '../services/validate.js';
import { ratingChangesOf, type RatingChange } from './changes.js';
import { eveningsOfMember } from './memberEvenings.js';
import type { MemberProfile, ProfileGame, RatingPoint, WinRate } from '@mafia/protocol';
import { parseSeatFacts } from '../stored.js';

/** The profile's tables a CSV can be asked for (`?format=csv&table=…`). */
export const PROFILE_TABLES = ['games', 'evenings', 'ratings', 'roles', 'teams'] as const;
export type ProfileTable = (typeof PROFILE_TABLES)[number];



const profileQuery = z.object({
  format: z.enum(['json', 'csv']).default('json'),
  table: z.enum(PROFILE_TABLES).optional(),
}).strict().refine((q) => q.format === 'json' || q.table !== undefined, { path: ['table'], message: `a CSV needs table=${PROFILE_TABLES.join('|')}` });

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Teams in the order a page lists them; another (none today) after them by name. */
const TEAM_ORDER = ['town', 'mafia', 'solo'];
const teamRank = (t: string) => (TEAM_ORDER.includes(t) ? TEAM_ORDER.indexOf(t) : TEAM_ORDER.length);

/** Games and wins per key (role or team), with the win rate. */
function tally<K extends string>(games: readonly ProfileGame[], key: (g: ProfileGame) => string, name: K) {
  const m = new Map<string, { games: number; wins: number }>();
  for (const g of games) {
    const c = m.get(key(g)) ?? { games: 0, wins: 0 };
    c.games++;
    if (g.won) c.wins++;
    m.set(key(g), c);
  }
  return [...m].map(([k, c]) => ({ [name]: k, games: c.games, wins: c.wins, winRate: c.wins / c.games }) as WinRate & Record<K, string>);
}

/** His seats in ended games (evenings not cancelled), in play order: when the game ended, then its id (as the recomputation). */
async function gamesOf(db: RatingsDb, clubId: string, userId: string, changes: readonly RatingChange[]): Promise<ProfileGame[]> {
  const rows = await db.selectFrom('game_seats').innerJoin('game_facts', 'game_facts.game_id', 'game_seats.game_id')
    .innerJoin('evening_games', 'evening_games.id', 'game_seats.game_id').innerJoin('evenings', 'evenings.id', 'game_facts.evening_id')
    .select(['game_seats.game_id', 'game_seats.seat', 'game_facts.evening_id', 'game_facts.ended_at', 'game_facts.winner', 'game_facts.seats', 'evening_games.table_no', 'evening_games.game_no'])
    .where('game_facts.club_id', '=', clubId).where('game_seats.user_id', '=', userId).where('evenings.cancelled_at', 'is', null).where('evening_games.voided_at', 'is', null).execute();
  const changeOf = new Map(changes.map((c) => [c.gameId, { track: c.track, before: c.before, delta: c.delta, after: c.after }]));
  return rows.map((r) => ({ r, at: num(r.ended_at), fact: parseSeatFacts(r.seats).find((s) => s.seat === Number(r.seat)) }))
    .filter((x): x is typeof x & { fact: SeatFact } => x.fact !== undefined)
    .sort((a, b) => a.at - b.at || byId(a.r.game_id, b.r.game_id) || a.fact.seat - b.fact.seat)
    .map(({ r, at, fact }) => ({
      gameId: r.game_id, eveningId: r.evening_id, at, tableNo: r.table_no, gameNo: r.game_no, seat: fact.seat, role: fact.role, team: fact.team,
      won: fact.won, points: fact.points, winner: r.winner, ratingDelta: changeOf.get(r.game_id) ?? null,
    }));
}

/** His red, black and overall rating after each of his rated games, in the order the last recomputation folded them. */
async function ratingHistoryOf(db: RatingsDb, changes: readonly RatingChange[]): Promise<RatingPoint[]> {
  const endedAt = new Map(changes.length === 0 ? [] : (await db.selectFrom('game_facts').select(['game_id', 'ended_at'])
    .where('game_id', 'in', changes.map((c) => c.gameId)).execute()).map((f) => [f.game_id, num(f.ended_at)]));
  let red = START_RATING;
  let black = START_RATING;
  let gamesRed = 0;
  let gamesBlack = 0;
  return changes.map((c) => {
    if (c.track === 'red') (red = c.after), gamesRed++;
    else (black = c.after), gamesBlack++;
    return { gameId: c.gameId, at: endedAt.get(c.gameId)!, red, black, overall: overall(red, black, gamesRed, gamesBlack) };
  });
}

/**
 * GET /api/clubs/:clubId/members/:userId/profile (any member): a member's games with his role and
 * team at each game's end, his win rates per role and per team, his ratings and their history (as
 * the last recomputation left them), his points per evening (`member_evenings`, as the leaderboard's)
 * and his ledger entries. Only his nickname of his account: no private field.
 */
export async function memberProfile(ctx: ClubContext, actor: string, clubId: string, userId: string, query: unknown): Promise<MemberProfile & { format: 'json' | 'csv'; table?: ProfileTable }> {
  await membershipOf(ctx.db, actor, clubId);
  const q = parseInput(profileQuery, query);
  const db = ratingsDb(ctx.db);
  const m = await db.selectFrom('memberships').select(['user_id', 'nickname']).where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  if (!m) return clubRefuse('member-unknown', `user ${userId} is no member of this club`, 404, { path: 'userId' });
  // His rating changes, read once: each game's change and the history after each game come from them.
  const changes = await ratingChangesOf(db, clubId, userId);
  const games = await gamesOf(db, clubId, userId, changes);
  const eveningPoints = (await eveningsOfMember(db, clubId, userId)).sort((a, b) => a.at - b.at || byId(a.eveningId, b.eveningId));
  const penalties = (await ledgerQuery(ctx.db).where('ledger.club_id', '=', clubId).where('ledger.user_id', '=', userId).orderBy('ledger.created_at', 'desc').execute()).map(toLedgerEntry);
  const [row] = seasonTable([{
    memberId: userId, nickname: m.nickname, evenings: eveningPoints,
    penalties: penalties.map((p) => ({ at: p.createdAt, points: p.points, cancelledAt: p.cancelledAt ?? null })),
  }]);
  const r = await db.selectFrom('member_ratings').selectAll().where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  const red = r?.red ?? START_RATING;
  const black = r?.black ?? START_RATING;
  const gamesRed = r ? r.games_red : 0;
  const gamesBlack = r ? r.games_black : 0;
  return {
    member: { userId, nickname: m.nickname },
    ratings: { red, black, overall: overall(red, black, gamesRed, gamesBlack), gamesRed, gamesBlack },
    totals: { evenings: row!.evenings, games: row!.games, wins: row!.wins, winRate: row!.winRate, points: row!.points, penalties: row!.penalties, total: row!.total },
    byRole: tally(games, (g) => g.role, 'role').sort((a, b) => b.games - a.games || byId(a.role, b.role)),
    byTeam: tally(games, (g) => g.team, 'team').sort((a, b) => teamRank(a.team) - teamRank(b.team) || byId(a.team, b.team)),
    games,
    ratingHistory: await ratingHistoryOf(db, changes),
    eveningPoints,
    penalties,
    format: q.format,
    ...(q.table !== undefined ? { table: q.table } : {}),
  };
}
