/**
 * Issue 15's pages and files in the club's API (docs/club-api.md "Games", "Evening results",
 * "FIIM series"): the types and the calls, joined into `createClubApi` (net/clubApi.ts).
 */

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
  readonly guests?: readonly { readonly nickname: string; readonly games: number; readonly wins: number; readonly points: number }[];
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

type Call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;
const enc = encodeURIComponent;

/** The calls, over the club client's own `call` (session cookie, CSRF); `base` is its origin. */
export function resultsCalls(call: Call, base: string) {
  const gamePath = (clubId: string, gameId: string) => `/api/clubs/${enc(clubId)}/games/${enc(gameId)}`;
  const seriesPath = (clubId: string, seriesId: string) => `/api/clubs/${enc(clubId)}/series/${enc(seriesId)}`;
  return {
    gamePage: (clubId: string, gameId: string) => call<GamePage>('GET', gamePath(clubId, gameId)),
    /** The protocol download (a plain link: the browser sends the session cookie). */
    gameProtocolUrl: (clubId: string, gameId: string) => `${base}${gamePath(clubId, gameId)}/protocol`,
    eveningResults: (eveningId: string) => call<EveningResults>('GET', `/api/evenings/${enc(eveningId)}/results`),
    eveningResultsCsvUrl: (eveningId: string) => `${base}/api/evenings/${enc(eveningId)}/results?format=csv`,
    seriesList: (clubId: string) => call<{ series: Series[]; games: FiimGame[] }>('GET', `/api/clubs/${enc(clubId)}/series`),
    createSeries: (clubId: string, s: { name: string; gameIds: readonly string[] }) => call<{ series: Series }>('POST', `/api/clubs/${enc(clubId)}/series`, s),
    series: (clubId: string, seriesId: string) => call<SeriesTable>('GET', seriesPath(clubId, seriesId)),
    /** One game of a club's public page (no sign-in; 404 as an unknown club when the page is off). */
    publicGame: (clubId: string, gameId: string) => call<PublicGame>('GET', `/api/public/clubs/${enc(clubId)}/games/${enc(gameId)}`),
    seriesCsvUrl: (clubId: string, seriesId: string) => `${base}${seriesPath(clubId, seriesId)}?format=csv`,
  };
}
