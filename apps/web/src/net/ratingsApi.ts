/** Seasons, the leaderboard, a member's profile and the club's public page (issue 15, docs/ratings-server.md). */
import type { Leaderboard, LeaderboardBy, MemberProfile, NewSeason, ProfileTable, PublicClub, Season } from '@mafia/protocol';
import { enc, type ClubCall } from './clubHttp';

/** The calls, over the club client's own `call`; `base` is its origin (for the CSV links). */
export function ratingsCalls(call: ClubCall, base: string) {
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
    seasons: (clubId: string) => call<{ seasons: Season[] }>('GET', `/api/clubs/${enc(clubId)}/seasons`),
    createSeason: (clubId: string, season: NewSeason) => call<{ season: Season }>('POST', `/api/clubs/${enc(clubId)}/seasons`, season),
    leaderboard: (clubId: string, season: string | null, by: LeaderboardBy) => call<Leaderboard>('GET', boardPath(clubId, season, by)),
    /** The CSV download of the same table (a plain link: the browser sends the session cookie). */
    leaderboardCsvUrl: (clubId: string, season: string | null, by: LeaderboardBy) => `${base}${boardPath(clubId, season, by, true)}`,
    profile: (clubId: string, userId: string) => call<MemberProfile>('GET', profilePath(clubId, userId)),
    /** One table of the profile as CSV (a plain link, as the leaderboard's). */
    profileCsvUrl: (clubId: string, userId: string, table: ProfileTable) => `${base}${profilePath(clubId, userId)}?format=csv&table=${table}`,
    recomputeRatings: (clubId: string) => call<{ games: number; rated: number; ms: number }>('POST', `/api/clubs/${enc(clubId)}/ratings/recompute`, {}),
    /** The club's public page (no sign-in; 404 when the club did not turn it on). */
    publicClub: (clubId: string) => call<PublicClub>('GET', `/api/public/clubs/${enc(clubId)}`),
    setPublicPage: (clubId: string, enabled: boolean) => call<{ enabled: boolean }>('PATCH', `/api/clubs/${enc(clubId)}/public`, { enabled }),
  };
}
