/**
 * The club's HTTP API (docs/club-api.md) as typed calls, one module per area over one transport
 * (clubHttp.ts: the session cookie, the CSRF token). The request and answer types are
 * @mafia/protocol's, the ones the server's routes use.
 */
import { accountCalls } from './accountApi';
import { createClubHttp, type ClubApiOptions } from './clubHttp';
import { correctionsCalls } from './correctionsApi';
import { eveningsCalls } from './eveningsApi';
import { membersCalls } from './membersApi';
import { ratingsCalls } from './ratingsApi';
import { resultsCalls } from './resultsApi';

export { ClubApiError, type ClubApiOptions } from './clubHttp';

export function createClubApi(o: ClubApiOptions = {}) {
  const http = createClubHttp(o);
  const base = o.base ?? '';
  return {
    csrfToken: http.csrfToken,
    ...accountCalls(http),
    ...membersCalls(http.call),
    ...eveningsCalls(http.call),
    // seasons, the leaderboard, ratings (issue 15)
    ...ratingsCalls(http.call, base),
    // game pages, evening results, FIIM series (issue 15)
    ...resultsCalls(http.call, base),
    // corrections on the record (issue 24)
    ...correctionsCalls(http.call),
  };
}

export type ClubApi = ReturnType<typeof createClubApi>;

let shared: ClubApi | null = null;
/** The page's one client (one CSRF token for the page). */
export function clubApi(): ClubApi {
  return (shared ??= createClubApi());
}
