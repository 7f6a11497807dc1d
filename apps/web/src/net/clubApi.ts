/**
 * The club's HTTP API (docs/club-api.md) as typed calls. JSON in and out, the session cookie sent
 * with every call (`credentials: 'same-origin'`), and the CSRF token from GET /api/auth/csrf sent as
 * `x-csrf-token` on every POST/PATCH/DELETE. The token is fetched once and kept; signing in starts a
 * new session whose token comes in the sign-in answer (`{user, csrfToken}`), which becomes the
 * current one; signing out drops it; a `bad-csrf` refusal is retried once with a fresh token (the
 * session may have expired while the page stayed open).
 */

import { correctionsCalls } from './correctionsApi';
import { resultsCalls } from './resultsApi';

export type ClubRole = 'admin' | 'host' | 'member';
export type Answer = 'yes' | 'no';
export type PenaltyRule = 'late' | 'left-early' | 'late-decline';

export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly locale: string | null;
  readonly hasPassword: boolean;
}

export interface MyClub {
  readonly id: string;
  readonly name: string;
  readonly role: ClubRole;
  readonly nickname: string;
  /** What the member shares with the club beyond his nickname (GET /api/me sends them per club). */
  readonly shareName: boolean;
  readonly shareEmail: boolean;
  readonly sharePhone: boolean;
  /** Whether the club publishes its public page /p/:clubId (an admin turns it on). */
  readonly publicPage?: boolean;
}

export interface Me {
  readonly user: User | null;
  readonly clubs?: readonly MyClub[];
}

export interface Counts {
  readonly invited: number;
  readonly yes: number;
  readonly no: number;
  readonly none: number;
}

export interface Evening {
  readonly id: string;
  readonly clubId: string;
  readonly startsAt: number;
  readonly answerBy: number;
  readonly place: string;
  readonly capacity: number;
  readonly weight: number;
  readonly preset: string;
  readonly gamesPlanned: number;
  readonly counts: Counts;
  readonly cancelledAt?: number | null;
}

export interface ClubPage {
  readonly club: { readonly id: string; readonly name: string };
  readonly me: { readonly role: ClubRole; readonly nickname: string };
  readonly upcoming: readonly Evening[];
}

export interface Member {
  readonly userId: string;
  readonly nickname: string;
  readonly role: ClubRole;
  readonly name?: string | null;
  readonly email?: string | null;
  readonly phone?: string | null;
  /** 'invited': added by e-mail, not accepted yet; 'nickname': invitation withdrawn, kept for his games. */
  readonly status?: 'invited' | 'expired' | 'nickname';
  readonly onList: boolean;
  readonly unansweredStreak: number;
  readonly offListAt?: number | null;
  readonly invitations?: { readonly sent: number; readonly yes: number; readonly no: number; readonly unanswered: number };
  readonly points: number;
  /** Issue 24: archived (off the lists, history kept). */
  readonly archivedAt?: number;
}

export interface LedgerEntry {
  readonly id: string;
  readonly userId: string | null;
  /** Null once the member has left the club or deleted his account. */
  readonly nickname: string | null;
  readonly eveningId: string | null;
  readonly rule: PenaltyRule | string;
  readonly points: number;
  readonly reason: string;
  /** The reason's numbers (minutes late, games unplayed, hours before): the page words the reason itself. */
  readonly params?: Readonly<Record<string, number | string>>;
  readonly createdAt: number;
  readonly createdBy: string | null;
  readonly cancelledAt?: number | null;
  readonly cancelledBy?: string | null;
  readonly cancelNote?: string | null;
}

export interface MemberPage {
  readonly member: Member;
  readonly evenings: readonly {
    readonly evening: Evening;
    readonly answer: Answer | null;
    readonly arrivedAt: number | null;
    readonly leftAt: number | null;
    readonly late: boolean;
    readonly gamesPlayed: number;
  }[];
  readonly games: readonly {
    readonly gameId: string;
    readonly eveningId: string;
    readonly startsAt: number;
    /** Null for a game entered as a paper protocol. */
    readonly tableNo: number | null;
    readonly gameNo: number | null;
    readonly seat: number;
    readonly winner: string | null;
  }[];
  readonly ledger: readonly LedgerEntry[];
  readonly points: number;
}

export interface SeatOf {
  readonly seat: number;
  readonly userId: string | null;
  readonly nickname: string;
  /** A live table's guest on the seat (`userId` null), issue 24 point 4; null or absent otherwise. */
  readonly guestId?: string | null;
}

export interface Invitation {
  readonly userId: string;
  readonly nickname: string;
  readonly answer: Answer | null;
  readonly answeredAt: number | null;
  readonly unanswered: boolean;
  /** Admins only: a delivery that failed for good (a bounce): the channel, the address, the far end's words. */
  readonly deliveryError?: { readonly channel: 'email' | 'sms'; readonly to: string; readonly detail: string } | null;
}

export interface Attendance {
  readonly userId: string;
  readonly nickname: string;
  readonly arrivedAt: number | null;
  readonly late: boolean;
  readonly leftAt: number | null;
  readonly replacementUserId: string | null;
  readonly gamesPlayed: number;
  readonly unplayed: number;
  /** Issue 24 point 4: a guest (no member); his `userId` is his guest id (`g:…`). */
  readonly guest?: true;
}

/** A guest at the door (POST …/guests). */
export interface Guest { readonly guestId: string; readonly nickname: string; readonly arrivedAt: number }

export interface EveningTable {
  readonly tableNo: number;
  /** Null when the table has no room of the game server. */
  readonly roomCode: string | null;
  readonly seatSeed?: number;
  readonly seats: readonly SeatOf[];
  /** The table's own host (issue 24), or null while none is assigned. */
  readonly host?: { readonly userId: string; readonly nickname: string } | null;
}

/** Someone as a table's host or its log names him. */
export interface Named { readonly userId: string; readonly nickname: string }
/** One assignment or handover of a table's host. */
export interface HostLogEntry { readonly tableNo: number; readonly at: number; readonly from: Named | null; readonly to: Named; readonly by: Named }
/** A seating for the tables' next games (POST …/seating/proposal, …/seating). */
export interface Seating {
  readonly seed: string | null;
  readonly tables: readonly { readonly tableNo: number; readonly seats: readonly SeatOf[] }[];
  readonly qualities: { readonly seats: number; readonly opponents: number; readonly tables: number } | null;
}

export interface EveningGame {
  readonly id: string;
  readonly tableNo: number | null;
  /** Null for a game entered as a paper protocol. */
  readonly gameNo: number | null;
  readonly roomCode: string | null;
  readonly protocol: boolean;
  readonly winner: string | null;
  readonly seats: readonly SeatOf[];
  /** Issue 24: a voided game, kept and marked, with its reason (absent from older servers). */
  readonly voided?: { readonly at: number; readonly by: string | null; readonly reason: string } | null;
}

export interface EveningPage {
  readonly evening: Evening;
  readonly me: { readonly role: ClubRole; readonly answer: Answer | null };
  readonly invitations: readonly Invitation[];
  /** Members who have not accepted the club's invitation to join: not invited, still let in at the door. */
  readonly nicknameOnly?: readonly { readonly userId: string; readonly nickname: string }[];
  readonly attendance: readonly Attendance[];
  readonly tables: readonly EveningTable[];
  readonly games: readonly EveningGame[];
  readonly ledger: readonly LedgerEntry[];
  /** Every assignment and handover of a table's host, oldest first. */
  readonly hostLog?: readonly HostLogEntry[];
}

export interface InvitationPage {
  readonly club: { readonly name: string };
  readonly evening: { readonly startsAt: number; readonly answerBy: number; readonly place: string };
  readonly nickname: string;
  readonly answer: Answer | null;
  readonly open: boolean;
  /** The evening was cancelled: no answers are taken. */
  readonly cancelled: boolean;
  readonly lateDeclineFrom: number;
  /** The invitation reached him less than a day before the evening: a first NO costs nothing (issue 24 point 5). */
  readonly invitedLate: boolean;
}

/** The answer of a sign-in: the user and the new session's CSRF token. */
export interface SignedIn {
  readonly user: User;
  readonly csrfToken: string;
}

export interface NewEvening {
  readonly startsAt: number;
  readonly answerBy?: number;
  readonly place: string;
  readonly capacity: number;
  readonly weight: number;
  readonly preset: string;
  readonly gamesPlanned: number;
}

export interface NewMember {
  readonly email: string;
  readonly nickname: string;
  readonly role?: ClubRole;
  /** The invitation letter's language. */
  readonly locale?: 'ru' | 'en';
}

/** One line of a bulk list, as the server read it (POST /api/clubs/:clubId/members/bulk). */
export interface BulkRow {
  readonly line: number;
  readonly nickname: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly errors: readonly string[];
  readonly firstLine?: number;
}

export interface BulkResult {
  readonly separator: ',' | ';';
  readonly rows: readonly BulkRow[];
  readonly ready: number;
  readonly added: number;
}

/** An invitation to join a club, as its link shows it. */
export interface JoinInvite {
  readonly club: { readonly id: string; readonly name: string };
  readonly nickname: string;
}

export interface MembershipPatch {
  readonly nickname?: string;
  readonly shareName?: boolean;
  readonly shareEmail?: boolean;
  readonly sharePhone?: boolean;
}

/** A season of the club's table: a date range, `startsAt` inclusive and `endsAt` exclusive (docs/points.md). */
export interface Season {
  readonly id: string;
  readonly name: string;
  readonly startsAt: number;
  readonly endsAt: number;
  /** The season table's order keys (docs/points.md: `total`|`points` first, then tie-breaks). */
  readonly order: readonly string[];
}

export interface NewSeason {
  readonly name: string;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly order?: readonly string[];
}

/** GET /api/public/clubs/:clubId: nicknames and numbers only (docs/club-api.md, "The club's public page"). */
export interface PublicClub {
  readonly club: { readonly name: string };
  readonly by: LeaderboardBy;
  readonly leaderboard: readonly {
    readonly rank: number; readonly nickname: string; readonly total: number; readonly evenings: number;
    readonly games: number; readonly wins: number; readonly red: number; readonly black: number; readonly overall: number;
  }[];
  /** Past evenings, newest first, each with its ended games (a voided one marked). */
  readonly evenings: readonly {
    readonly startsAt: number; readonly place: string;
    readonly games: readonly { readonly id: string; readonly tableNo: number | null; readonly gameNo: number | null; readonly winner: string; readonly voided: boolean }[];
  }[];
}

/** What the leaderboard ranks by: the season's points table, or an Elo rating (docs/ratings.md). */
export type LeaderboardBy = 'points' | 'red' | 'black' | 'overall';
export const LEADERBOARD_BY: readonly LeaderboardBy[] = ['points', 'red', 'black', 'overall'];

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
}

export interface Leaderboard {
  /** Null: all time. */
  readonly season: Season | null;
  readonly by: LeaderboardBy;
  readonly rows: readonly LeaderboardRow[];
}

/** The tables of a member's profile that download as CSV (`?format=csv&table=…`). */
export type ProfileTable = 'games' | 'evenings' | 'ratings' | 'roles' | 'teams';

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

/** GET /api/clubs/:clubId/members/:userId/profile: full precision, the page rounds for display. */
export interface MemberProfile {
  readonly member: { readonly userId: string; readonly nickname: string };
  readonly ratings: { readonly red: number; readonly black: number; readonly overall: number; readonly gamesRed: number; readonly gamesBlack: number };
  readonly totals: WinRate & { readonly evenings: number; readonly points: number; readonly penalties: number; readonly total: number };
  readonly byRole: readonly (WinRate & { readonly role: string })[];
  readonly byTeam: readonly (WinRate & { readonly team: string })[];
  readonly games: readonly ProfileGame[];
  /** His ratings after each of his rated games, in play order. */
  readonly ratingHistory: readonly { readonly gameId: string; readonly at: number; readonly red: number; readonly black: number; readonly overall: number }[];
  /** His seed-004 score at each evening he played, by the evening's start. */
  readonly eveningPoints: readonly { readonly eveningId: string; readonly at: number; readonly score: number; readonly games: number; readonly wins: number }[];
  readonly penalties: readonly LedgerEntry[];
}

/**
 * A refusal of the club's API (`{"error": {code, message, path?, params?}}`), or `network` when
 * there was no answer, or `bad-response` when the answer was not JSON. `message` is the server's
 * English sentence: shown only when the code has no translation.
 */
export class ClubApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly path?: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ClubApiError';
  }
}

export interface ClubApiOptions {
  /** Server origin ('' = this page's origin). */
  readonly base?: string;
  readonly fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const enc = encodeURIComponent;

export function createClubApi(o: ClubApiOptions = {}) {
  const f = (input: string, init: RequestInit) => (o.fetch ?? globalThis.fetch.bind(globalThis))(input, init);
  let csrf: Promise<string> | null = null;

  async function raw<T>(method: Method, path: string, body: unknown, token: string | null): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== null) headers['x-csrf-token'] = token;
    let r: Response;
    try {
      r = await f(`${o.base ?? ''}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (e) {
      throw new ClubApiError('network', e instanceof Error ? e.message : String(e), 0);
    }
    let json: unknown = null;
    try {
      json = await r.json();
    } catch {
      // not JSON (a proxy's error page): reported below
    }
    if (!r.ok) {
      const err = (json as { error?: { code?: unknown; message?: unknown; path?: unknown; params?: unknown } } | null)?.error;
      if (err && typeof err === 'object' && typeof err.code === 'string') {
        throw new ClubApiError(
          err.code,
          typeof err.message === 'string' ? err.message : r.statusText,
          r.status,
          typeof err.path === 'string' ? err.path : undefined,
          err.params && typeof err.params === 'object' ? (err.params as Record<string, unknown>) : undefined,
        );
      }
      // Not the club's shape (a rate limiter's or a proxy's own answer): named by its status.
      const code = r.status === 429 ? 'too-many-requests' : r.status >= 500 ? 'server-error' : `http-${r.status}`;
      throw new ClubApiError(code, r.statusText || `HTTP ${r.status}`, r.status);
    }
    if (json === null) throw new ClubApiError('bad-response', 'the server did not answer with JSON', r.status);
    return json as T;
  }

  function csrfToken(): Promise<string> {
    if (!csrf) {
      csrf = raw<{ csrfToken: string }>('GET', '/api/auth/csrf', undefined, null).then((a) => a.csrfToken);
      // A failed fetch is not kept: the next call asks again.
      csrf.catch(() => {
        csrf = null;
      });
    }
    return csrf;
  }

  async function call<T>(method: Method, path: string, body?: unknown, opts: { csrf?: boolean } = {}): Promise<T> {
    if (method === 'GET' || opts.csrf === false) return raw<T>(method, path, body, null);
    try {
      return await raw<T>(method, path, body, await csrfToken());
    } catch (e) {
      if (!(e instanceof ClubApiError) || e.code !== 'bad-csrf') throw e;
      csrf = null;
      return raw<T>(method, path, body, await csrfToken());
    }
  }

  /** Signing out (or deleting the account) ends the session: its CSRF token goes with it. */
  async function newSession<T>(p: Promise<T>): Promise<T> {
    try {
      return await p;
    } finally {
      csrf = null;
    }
  }

  /**
   * Signing in starts another session, and its answer carries that session's CSRF token: it becomes
   * the current one (no extra GET /api/auth/csrf). An answer without one drops the old token.
   */
  async function signIn(p: Promise<SignedIn>): Promise<SignedIn> {
    try {
      const a = await p;
      csrf = typeof a.csrfToken === 'string' && a.csrfToken !== '' ? Promise.resolve(a.csrfToken) : null;
      return a;
    } catch (e) {
      csrf = null;
      throw e;
    }
  }

  /** `?season=<id>&by=<by>` (no `season` = all time), plus `&format=csv` for the download. */
  const boardPath = (clubId: string, season: string | null, by: LeaderboardBy, csv = false) => {
    const q = new URLSearchParams();
    if (season) q.set('season', season);
    q.set('by', by);
    if (csv) q.set('format', 'csv');
    return `/api/clubs/${enc(clubId)}/leaderboard?${q.toString()}`;
  };

  const profilePath = (clubId: string, userId: string) => `/api/clubs/${enc(clubId)}/members/${enc(userId)}/profile`;

  return {
    csrfToken,
    // sign-in and the account
    requestLink: (email: string, locale?: string) => call<{ sent: true }>('POST', '/api/auth/link', { email, ...(locale ? { locale } : {}) }),
    consumeLink: (token: string) => signIn(call<SignedIn>('POST', '/api/auth/link/consume', { token })),
    signInWithPassword: (email: string, password: string) => signIn(call<SignedIn>('POST', '/api/auth/password', { email, password })),
    logout: () => newSession(call<{ ok: true }>('POST', '/api/auth/logout', {})),
    me: () => call<Me>('GET', '/api/me'),
    updateMe: (patch: { name?: string; phone?: string; locale?: string }) => call<{ user: User }>('PATCH', '/api/me', patch),
    setPassword: (password: string) => call<{ ok: true }>('POST', '/api/me/password', { password }),
    updateMembership: (clubId: string, patch: MembershipPatch) => call<{ membership: unknown }>('PATCH', `/api/me/clubs/${enc(clubId)}`, patch),
    exportMe: () => call<unknown>('GET', '/api/me/export'),
    deleteMe: (confirm: string) => newSession(call<{ ok: true }>('DELETE', '/api/me', { confirm })),
    // clubs and members
    createClub: (name: string, nickname: string) => call<{ club: { id: string; name: string } }>('POST', '/api/clubs', { name, nickname }),
    club: (clubId: string) => call<ClubPage>('GET', `/api/clubs/${enc(clubId)}`),
    members: (clubId: string) => call<{ members: Member[] }>('GET', `/api/clubs/${enc(clubId)}/members`),
    addMember: (clubId: string, m: NewMember) => call<{ member: Member }>('POST', `/api/clubs/${enc(clubId)}/members`, m),
    bulkMembers: (clubId: string, b: { text: string; confirm: boolean; locale: 'ru' | 'en' }) => call<BulkResult>('POST', `/api/clubs/${enc(clubId)}/members/bulk`, b),
    updateMember: (clubId: string, userId: string, patch: { role?: ClubRole; nickname?: string; restore?: true }) =>
      call<{ member: Member }>('PATCH', `/api/clubs/${enc(clubId)}/members/${enc(userId)}`, patch),
    /** Resends a pending invitation, or (with `email`) invites a withdrawn, declined or expired nickname-only member again. */
    resendJoin: (clubId: string, userId: string, body: { email?: string; locale?: 'ru' | 'en' } = {}) =>
      call<{ sent: true }>('POST', `/api/clubs/${enc(clubId)}/members/${enc(userId)}/invite`, body),
    cancelJoin: (clubId: string, userId: string) => call<{ removed: boolean }>('DELETE', `/api/clubs/${enc(clubId)}/members/${enc(userId)}/invite`, {}),
    showJoin: (token: string) => call<JoinInvite>('POST', '/api/join/show', { token }),
    acceptJoin: (token: string) => signIn(call<SignedIn & { clubId: string }>('POST', '/api/join/accept', { token })) as Promise<SignedIn & { clubId: string }>,
    declineJoin: (token: string) => call<{ declined: true }>('POST', '/api/join/decline', { token }),
    member: (clubId: string, userId: string) => call<MemberPage>('GET', `/api/clubs/${enc(clubId)}/members/${enc(userId)}`),
    ledger: (clubId: string) => call<{ entries: LedgerEntry[] }>('GET', `/api/clubs/${enc(clubId)}/ledger`),
    cancelEntry: (entryId: string, note: string) => call<{ entry: LedgerEntry }>('POST', `/api/ledger/${enc(entryId)}/cancel`, { note }),
    // evenings and invitations
    evenings: (clubId: string) => call<{ evenings: Evening[] }>('GET', `/api/clubs/${enc(clubId)}/evenings`),
    createEvening: (clubId: string, e: NewEvening) => call<{ evening: Evening }>('POST', `/api/clubs/${enc(clubId)}/evenings`, e),
    evening: (eveningId: string) => call<EveningPage>('GET', `/api/evenings/${enc(eveningId)}`),
    invite: (eveningId: string, userIds?: string[]) => call<{ invited: number }>('POST', `/api/evenings/${enc(eveningId)}/invitations`, userIds ? { userIds } : {}),
    invitation: (token: string) => call<InvitationPage>('GET', `/api/invitations/${enc(token)}`),
    /** The link's token is the credential: no session, no CSRF token (docs/club-api.md). */
    answer: (token: string, answer: Answer) =>
      call<{ answer: Answer; penalty?: LedgerEntry }>('POST', `/api/invitations/${enc(token)}`, { answer }, { csrf: false }),
    // at the door
    checkin: (eveningId: string, userId: string, arrivedAt?: number) =>
      call<{ attendance: Attendance; penalty?: LedgerEntry }>('POST', `/api/evenings/${enc(eveningId)}/checkin`, { userId, ...(arrivedAt !== undefined ? { arrivedAt } : {}) }),
    checkout: (eveningId: string, userId: string, replacementUserId?: string, leftAt?: number) =>
      call<{ attendance: Attendance; penalty?: LedgerEntry }>('POST', `/api/evenings/${enc(eveningId)}/checkout`, {
        userId,
        ...(replacementUserId ? { replacementUserId } : {}),
        ...(leftAt !== undefined ? { leftAt } : {}),
      }),
    /** Issue 24 point 4: a guest (no member) comes in; his id then goes wherever a member's does. */
    addGuest: (eveningId: string, name: string) => call<{ guest: Guest }>('POST', `/api/evenings/${enc(eveningId)}/guests`, { name }),
    drawTables: (eveningId: string, tables: number) =>
      call<{ tables: (EveningTable & { hostKey: string })[] }>('POST', `/api/evenings/${enc(eveningId)}/tables`, { tables }),
    /** The club's public page (no sign-in; 404 when the club did not turn it on). */
    publicClub: (clubId: string) => call<PublicClub>('GET', `/api/public/clubs/${enc(clubId)}`),
    setPublicPage: (clubId: string, enabled: boolean) => call<{ enabled: boolean }>('PATCH', `/api/clubs/${enc(clubId)}/public`, { enabled }),
    // seasons, the leaderboard, ratings (issue 15)
    seasons: (clubId: string) => call<{ seasons: Season[] }>('GET', `/api/clubs/${enc(clubId)}/seasons`),
    createSeason: (clubId: string, season: NewSeason) => call<{ season: Season }>('POST', `/api/clubs/${enc(clubId)}/seasons`, season),
    leaderboard: (clubId: string, season: string | null, by: LeaderboardBy) => call<Leaderboard>('GET', boardPath(clubId, season, by)),
    /** The CSV download of the same table (a plain link: the browser sends the session cookie). */
    leaderboardCsvUrl: (clubId: string, season: string | null, by: LeaderboardBy) => `${o.base ?? ''}${boardPath(clubId, season, by, true)}`,
    profile: (clubId: string, userId: string) => call<MemberProfile>('GET', profilePath(clubId, userId)),
    /** One table of the profile as CSV (a plain link, as the leaderboard's). */
    profileCsvUrl: (clubId: string, userId: string, table: ProfileTable) => `${o.base ?? ''}${profilePath(clubId, userId)}?format=csv&table=${table}`,
    recomputeRatings: (clubId: string) => call<{ games: number; rated: number; ms: number }>('POST', `/api/clubs/${enc(clubId)}/ratings/recompute`, {}),
    // each table's host, the seating between games, pairs kept apart (issue 24)
    assignTableHost: (eveningId: string, tableNo: number, userId: string) => call<{ tableNo: number; host: Named }>('POST', `/api/evenings/${enc(eveningId)}/tables/${tableNo}/host`, { userId }),
    tableConsole: (eveningId: string, tableNo: number) => call<{ tableNo: number; roomCode: string; hostKey: string }>('POST', `/api/evenings/${enc(eveningId)}/tables/${tableNo}/console`, {}),
    proposeSeating: (eveningId: string, mode: 'keep' | 'mix', seed?: string) => call<Seating>('POST', `/api/evenings/${enc(eveningId)}/seating/proposal`, { mode, ...(seed ? { seed } : {}) }),
    confirmSeating: (eveningId: string, tables: string[][]) => call<Seating>('POST', `/api/evenings/${enc(eveningId)}/seating`, { tables }),
    apartPairs: (clubId: string) => call<{ pairs: { a: Named; b: Named }[] }>('GET', `/api/clubs/${enc(clubId)}/apart`),
    setApart: (clubId: string, userA: string, userB: string, apart: boolean) => call<{ pairs: { a: Named; b: Named }[] }>('POST', `/api/clubs/${enc(clubId)}/apart`, { userA, userB, apart }),
    /** A game played on paper; `guests`: the seats whose names are guests, not members (issue 24). */
    enterProtocol: (eveningId: string, protocol: unknown, guests: readonly number[] = []) =>
      call<{ game: EveningGame }>('POST', `/api/evenings/${enc(eveningId)}/games`, guests.length > 0 ? { protocol, guests } : { protocol }),
    // game pages, evening results, FIIM series (issue 15)
    ...resultsCalls(call, o.base ?? ''),
    // corrections on the record (issue 24)
    ...correctionsCalls(call),
  };
}

export type ClubApi = ReturnType<typeof createClubApi>;

let shared: ClubApi | null = null;
/** The page's one client (one CSRF token for the page). */
export function clubApi(): ClubApi {
  return (shared ??= createClubApi());
}
