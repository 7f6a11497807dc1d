import { createContext, useContext } from 'react';
import { clubApi, type ClubApi } from '../../../net/clubApi';

/** The API client the club's screens use: the page's own, or a test's (with a mocked fetch). */
export const ClubApiContext = createContext<ClubApi | null>(null);

export function useClubApi(): ClubApi {
  return useContext(ClubApiContext) ?? clubApi();
}
