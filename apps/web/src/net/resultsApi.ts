/**
 * Issue 15's pages and files in the club's API (docs/club-api.md "Games", "Evening results",
 * "FIIM series"): the calls, joined into `createClubApi` (net/clubApi.ts); their types are in @mafia/protocol.
 */
import type { EveningResults, FiimGame, GamePage, NewSeries, PublicGame, Series, SeriesTable } from '@mafia/protocol';
import { enc, type ClubCall } from './clubHttp';


/** The calls, over the club client's own `call` (session cookie, CSRF); `base` is its origin. */
export function resultsCalls(call: ClubCall, base: string) {
  const gamePath = (clubId: string, gameId: string) => `/api/clubs/${enc(clubId)}/games/${enc(gameId)}`;
  const seriesPath = (clubId: string, seriesId: string) => `/api/clubs/${enc(clubId)}/series/${enc(seriesId)}`;
  return {
    gamePage: (clubId: string, gameId: string) => call<GamePage>('GET', gamePath(clubId, gameId)),
    /** The protocol download (a plain link: the browser sends the session cookie). */
    gameProtocolUrl: (clubId: string, gameId: string) => `${base}${gamePath(clubId, gameId)}/protocol`,
    eveningResults: (eveningId: string) => call<EveningResults>('GET', `/api/evenings/${enc(eveningId)}/results`),
    eveningResultsCsvUrl: (eveningId: string) => `${base}/api/evenings/${enc(eveningId)}/results?format=csv`,
    seriesList: (clubId: string) => call<{ series: Series[]; games: FiimGame[] }>('GET', `/api/clubs/${enc(clubId)}/series`),
    createSeries: (clubId: string, s: NewSeries) => call<{ series: Series }>('POST', `/api/clubs/${enc(clubId)}/series`, s),
    series: (clubId: string, seriesId: string) => call<SeriesTable>('GET', seriesPath(clubId, seriesId)),
    /** One game of a club's public page (no sign-in; 404 as an unknown club when the page is off). */
    publicGame: (clubId: string, gameId: string) => call<PublicGame>('GET', `/api/public/clubs/${enc(clubId)}/games/${enc(gameId)}`),
    seriesCsvUrl: (clubId: string, seriesId: string) => `${base}${seriesPath(clubId, seriesId)}?format=csv`,
  };
}
