import type { LedgerEntry, MemberProfile, ProfileGame } from '@mafia/protocol';

/** A member's profile as GET …/members/:userId/profile answers it: nothing played unless given. */
export function profileOf(userId: string, nickname: string, o: Partial<MemberProfile> = {}): MemberProfile {
  return {
    member: { userId, nickname },
    ratings: { red: 1000, black: 1000, overall: 1000, gamesRed: 0, gamesBlack: 0 },
    totals: { evenings: 0, games: 0, wins: 0, winRate: 0, points: 0, penalties: 0, total: 0 },
    byRole: [], byTeam: [], games: [], ratingHistory: [], eveningPoints: [], penalties: [],
    ...o,
  };
}

/** One game of the profile: a won game on seat 1 unless told. */
export const profileGame = (o: Partial<ProfileGame> & Pick<ProfileGame, 'gameId' | 'eveningId' | 'at'>): ProfileGame => ({
  tableNo: null, gameNo: null, seat: 1, role: 'civilian', team: 'town', won: true, points: 0, winner: 'town', ratingDelta: null, ...o,
});

export type { LedgerEntry };
