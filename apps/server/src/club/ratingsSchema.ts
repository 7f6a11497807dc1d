import type { Kysely } from 'kysely';
import type { ClubSchema } from './schema.js';

/** bigint columns come back from PostgreSQL as strings: read them with `num`. */
type Big = number | string;

/** One seat of an ended game, as stored in `game_facts.seats` (JSON). */
export interface SeatFact {
  readonly seat: number;
  /** The engine's team at the end of the game: town | mafia | solo. */
  readonly team: string;
  /** The engine's role at the end of the game. */
  readonly role: string;
  /** Seed-004 game points: the engine's `scores` for this seat. */
  readonly points: number;
  /** Whether the seat is among the engine's `winners`. */
  readonly won: boolean;
  /** R-FIIM-16 tournament points (preset fiim only). */
  readonly tournamentPoints?: number;
  /** R-FIIM-16 shot on the first night, marked for the compensation (preset fiim only). */
  readonly marked?: boolean;
}

export interface GameFactsTable {
  game_id: string; club_id: string; evening_id: string; kind: 'club' | 'tournament'; preset: string; players: number;
  winner: string; ended_at: Big; seats: string;
}
export interface RatingGamesTable {
  game_id: string; club_id: string; position: number; rated: number; reason: string | null; chance: number | null; k_win: number; k_loss: number;
}
/** A member's rating changes in fold order (migration 005, packed by ratings/changes.ts): rebuilt by every recomputation. */
export interface MemberRatingChangesTable { club_id: string; user_id: string; changes: string }
export interface MemberRatingsTable { club_id: string; user_id: string; red: number; black: number; games_red: number; games_black: number }
/** A member's results at his evenings (migration 005, packed by ratings/memberEvenings.ts): rebuilt by every recomputation, read by the leaderboard. */
export interface MemberEveningsTable { club_id: string; user_id: string; evenings: string; evening_ids: string }
export interface SeasonsTable { id: string; club_id: string; name: string; starts_at: Big; ends_at: Big; order_keys: string; created_by: string; created_at: Big }

export interface SeriesTable { id: string; club_id: string; name: string; created_by: string; created_at: Big }
export interface SeriesGamesTable { series_id: string; game_id: string; position: number }

/** The club's schema with issue 15's tables (migrations 004_ratings, 005_member_evenings and 006_series). */
export interface RatingsSchema extends ClubSchema {
  game_facts: GameFactsTable; rating_games: RatingGamesTable; member_rating_changes: MemberRatingChangesTable;
  member_ratings: MemberRatingsTable; seasons: SeasonsTable; series: SeriesTable; series_games: SeriesGamesTable;
  member_evenings: MemberEveningsTable;
}

export type RatingsDb = Kysely<RatingsSchema>;

/** The ratings' own tables, added to the club's schema by `ratingsDb`. */
type RatingsTables = Omit<RatingsSchema, keyof ClubSchema>;

/** The club's database seen with the ratings' tables (the same connection; Kysely's `withTables` adds their types). */
export const ratingsDb = (db: Kysely<ClubSchema>): RatingsDb => db.withTables<RatingsTables>();
