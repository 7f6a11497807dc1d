/**
 * The club API's game pages, evening results and FIIM series (docs/club-api.md "Games", "Evening
 * results", "FIIM series"): what the server answers and the request bodies it parses.
 */
import { z } from 'zod';

/** One seat of an ended game (its member, its role and team at the end, its seed-004 points). */
export interface GameSeat {
  readonly seat: number;
  readonly userId: string | null;
  readonly nickname: string;
  readonly role: string;
  readonly team: string;
  readonly points: number;
  readonly won: boolean;
  /** Preset fiim: R-FIIM-16 tournament points and the first-night mark. */
  readonly tournamentPoints?: number;
  readonly marked?: boolean;
}

export interface ActLine {
  readonly by: number;
  readonly act: string;
  readonly target: number;
  readonly target2?: number;
  readonly role?: string;
  readonly answer?: string;
}

export type Ballots = Readonly<Record<string, readonly number[]>>;
export type Removal = number | { readonly seat: number; readonly reason: string };

/** A night of the game page: the protocol's acts and penalties, the result's deaths and answers. */
export interface NightStep {
  readonly night: number;
  readonly acts?: readonly ActLine[];
  readonly results?: readonly ActLine[];
  readonly died?: readonly number[];
  readonly fouls?: readonly number[];
  readonly techFouls?: readonly number[];
  readonly removed?: readonly Removal[];
  readonly teamDefeat?: number;
}

/** A day of the game page: nominations, each round of the vote, who left and how. */
export interface DayStep {
  readonly day: number;
  readonly fouls?: readonly number[];
  readonly techFouls?: readonly number[];
  readonly removed?: readonly Removal[];
  readonly bestMove?: readonly [number, readonly number[]];
  readonly blood?: readonly (readonly [number, number])[];
  readonly nominations?: readonly (readonly [number, number])[];
  readonly votes?: Ballots;
  readonly revote?: Ballots | readonly Ballots[];
  readonly liftAll?: readonly number[];
  readonly rakeTakes?: number;
  readonly foulsAfterVote?: readonly number[];
  readonly removedAfterVote?: readonly Removal[];
  readonly teamDefeat?: number;
  readonly left?: readonly number[];
  readonly by?: string;
  readonly tally?: Readonly<Record<string, number>> | null;
}

export type PageStep = NightStep | DayStep;

export interface GamePage {
  readonly game: {
    readonly id: string; readonly eveningId: string; readonly tableNo: number | null; readonly gameNo: number | null;
    readonly preset: string; readonly winner: string | null; readonly endedAt: number;
    /** Issue 24: only on a voided game, with the reason. */
    readonly voided?: { readonly at: number; readonly reason: string };
  };
  readonly seats: readonly GameSeat[];
  readonly timeline: readonly PageStep[];
  readonly bestMove: { readonly by: number; readonly named: readonly number[]; readonly mafiaNamed: number } | null;
  /** The exporter's reason when the game cannot be written as a protocol (the votes are then not listed). */
  readonly protocolUnavailable?: string;
}

/**
 * An ended game on the club's public page (GET /api/public/clubs/:clubId/games/:gameId, no sign-in):
 * the game page less the user ids (a seat says only whether a guest sat there) and the void's reason.
 */
export interface PublicGame {
  readonly club: { readonly name: string };
  readonly game: {
    readonly id: string; readonly tableNo: number | null; readonly gameNo: number | null;
    readonly preset: string; readonly winner: string | null; readonly endedAt: number; readonly voided: boolean;
  };
  readonly seats: readonly (Omit<GameSeat, 'userId'> & { readonly guest: boolean })[];
  readonly timeline: readonly PageStep[];
  readonly bestMove: GamePage['bestMove'];
  readonly protocolUnavailable?: string;
}

/** A guest's line of an evening's results (no member, never ranked). */
export interface GuestRow { readonly nickname: string; readonly games: number; readonly wins: number; readonly points: number }

export interface ResultsRow {
  readonly rank: number;
  readonly userId: string;
  readonly nickname: string;
  readonly games: number;
  readonly wins: number;
  readonly points: number;
  readonly score: number;
  readonly penalties: number;
  readonly total: number;
}

export interface EveningResults {
  readonly evening: { readonly id: string; readonly clubId: string; readonly startsAt: number; readonly place: string; readonly weight: number; readonly preset: string };
  readonly games: readonly { readonly gameId: string; readonly tableNo: number | null; readonly gameNo: number | null; readonly winner: string | null; readonly voided?: { readonly reason: string } | null }[];
  readonly rows: readonly ResultsRow[];
  /** Who played as a guest (no member), apart from the ranked rows (issue 24 point 4); absent from older servers. */
  readonly guests?: readonly GuestRow[];
}

export interface Series {
  readonly id: string;
  readonly name: string;
  readonly gameIds: readonly string[];
  readonly createdAt: number;
}

/** An ended `fiim` game of the club that a new series may take. */
export interface FiimGame {
  readonly gameId: string;
  readonly eveningId: string;
  readonly startsAt: number;
  readonly tableNo: number | null;
  readonly gameNo: number | null;
  readonly winner: string;
}

export interface SeriesRow {
  readonly rank: number;
  readonly userId: string;
  readonly nickname: string;
  readonly games: number;
  readonly wins: number;
  readonly marked: number;
  readonly points: number;
  readonly compensation: number;
  readonly total: number;
}

export interface SeriesTable {
  readonly series: Series;
  readonly rows: readonly SeriesRow[];
}

/** POST /api/clubs/:clubId/series: a series of the club's ended fiim games. */
export const NewSeriesSchema = z.object({ name: z.string().trim().min(1).max(100), gameIds: z.array(z.string().min(1).max(200)).min(1).max(500) }).strict();
export type NewSeries = z.input<typeof NewSeriesSchema>;
