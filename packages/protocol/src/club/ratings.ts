/** The club API's seasons, leaderboard, member profile and public page (docs/club-api.md, docs/ratings-server.md). */
import { z } from 'zod';
import type { LedgerEntry } from './ledger.js';

/** A season of the club's table: a date range, `startsAt` inclusive and `endsAt` exclusive (docs/points.md). */
export interface Season {
  readonly id: string;
  readonly name: string;
  readonly startsAt: number;
  readonly endsAt: number;
  /** The season table's order keys (docs/points.md: `total`|`points` first, then tie-breaks). */
  readonly order: readonly string[];
}

/** What the leaderboard ranks by: the season's points table, or an Elo rating (docs/ratings.md). */
export const LEADERBOARD_BY = ['points', 'red', 'black', 'overall'] as const;
export type LeaderboardBy = (typeof LEADERBOARD_BY)[number];

/** One row, full precision from the server: the page rounds for display only. */
export interface LeaderboardRow {
  readonly rank: number;
  readonly userId: string;
  readonly nickname: string;
  readonly points: number;
  readonly penalties: number;
  readonly total: number;
  readonly evenings: number;
  readonly games: number;
  readonly wins: number;
  /** 0..1 */
  readonly winRate: number;
  readonly red: number;
  readonly black: number;
  readonly overall: number;
  /** His rated games on each track. */
  readonly gamesRed: number;
  readonly gamesBlack: number;
}

export interface Leaderboard {
  /** Null: all time. */
  readonly season: Season | null;
  readonly by: LeaderboardBy;
  readonly rows: readonly LeaderboardRow[];
}

/** The tables of a member's profile that download as CSV (`?format=csv&table=…`). */
export const PROFILE_TABLES = ['games', 'evenings', 'ratings', 'roles', 'teams'] as const;
export type ProfileTable = (typeof PROFILE_TABLES)[number];

export interface WinRate {
  readonly games: number;
  readonly wins: number;
  /** 0..1 */
  readonly winRate: number;
}

/** One of his ended games: his seat, and his role and team at the game's end. */
export interface ProfileGame {
  readonly gameId: string;
  readonly eveningId: string;
  /** When the game ended (a paper game: its evening's start). */
  readonly at: number;
  readonly tableNo: number | null;
  readonly gameNo: number | null;
  readonly seat: number;
  readonly role: string;
  readonly team: string;
  readonly won: boolean;
  /** Seed-004 game points of his seat. */
  readonly points: number;
  readonly winner: string;
  /** Null when the game was not rated for him (a solo role, a game not rated). */
  readonly ratingDelta: { readonly track: 'red' | 'black'; readonly before: number; readonly delta: number; readonly after: number } | null;
}

/** His ratings after one of his rated games. */
export interface RatingPoint { readonly gameId: string; readonly at: number; readonly red: number; readonly black: number; readonly overall: number }
/** His seed-004 score at one evening he played. */
export interface EveningPoints { readonly eveningId: string; readonly at: number; readonly score: number; readonly games: number; readonly wins: number }

/** GET /api/clubs/:clubId/members/:userId/profile: full precision, the page rounds for display. */
export interface MemberProfile {
  readonly member: { readonly userId: string; readonly nickname: string };
  readonly ratings: { readonly red: number; readonly black: number; readonly overall: number; readonly gamesRed: number; readonly gamesBlack: number };
  readonly totals: WinRate & { readonly evenings: number; readonly points: number; readonly penalties: number; readonly total: number };
  readonly byRole: readonly (WinRate & { readonly role: string })[];
  readonly byTeam: readonly (WinRate & { readonly team: string })[];
  readonly games: readonly ProfileGame[];
  /** His ratings after each of his rated games, in play order. */
  readonly ratingHistory: readonly RatingPoint[];
  /** His seed-004 score at each evening he played, by the evening's start. */
  readonly eveningPoints: readonly EveningPoints[];
  readonly penalties: readonly LedgerEntry[];
}

/** One row of the public page's leaderboard: nicknames and numbers only. */
export interface PublicBoardRow {
  readonly rank: number; readonly nickname: string; readonly total: number; readonly evenings: number;
  readonly games: number; readonly wins: number; readonly red: number; readonly black: number; readonly overall: number;
}

/** An ended game listed on the public page (a voided one marked). */
export interface PublicGameRow {
  readonly id: string; readonly tableNo: number | null; readonly gameNo: number | null;
  readonly winner: string; readonly voided: boolean;
}

/** GET /api/public/clubs/:clubId: nicknames and numbers only (docs/club-api.md, "The club's public page"). */
export interface PublicClub {
  readonly club: { readonly name: string };
  readonly by: LeaderboardBy;
  readonly leaderboard: readonly PublicBoardRow[];
  /** Past evenings, newest first, each with its ended games. */
  readonly evenings: readonly { readonly startsAt: number; readonly place: string; readonly games: readonly PublicGameRow[] }[];
}

/** POST /api/clubs/:clubId/seasons. */
export const NewSeasonSchema = z.object({
  name: z.string().trim().min(1).max(100),
  startsAt: z.number().int().min(0),
  endsAt: z.number().int().min(0),
  order: z.array(z.string()).max(10).optional(),
}).strict();
export type NewSeason = z.input<typeof NewSeasonSchema>;

/** PATCH /api/clubs/:clubId/public: the public page on or off. */
export const PublicPageToggleSchema = z.object({ enabled: z.boolean() }).strict();
