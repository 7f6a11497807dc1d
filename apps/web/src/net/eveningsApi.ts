/** Evenings, invitations, the door, the tables and the seating (docs/club-api.md "Evenings", "At the door"). */
import type { Answer, DoorAnswer, DrawnTable, Evening, EveningGame, EveningPage, Guest, InvitationPage, LedgerEntry, Named, NewEvening, Seating } from '@mafia/protocol';
import { enc, type ClubCall } from './clubHttp';

export function eveningsCalls(call: ClubCall) {
  const evening = (eveningId: string) => `/api/evenings/${enc(eveningId)}`;
  return {
    evenings: (clubId: string) => call<{ evenings: Evening[] }>('GET', `/api/clubs/${enc(clubId)}/evenings`),
    createEvening: (clubId: string, e: NewEvening) => call<{ evening: Evening }>('POST', `/api/clubs/${enc(clubId)}/evenings`, e),
    evening: (eveningId: string) => call<EveningPage>('GET', evening(eveningId)),
    invite: (eveningId: string, userIds?: string[]) => call<{ invited: number }>('POST', `${evening(eveningId)}/invitations`, userIds ? { userIds } : {}),
    invitation: (token: string) => call<InvitationPage>('GET', `/api/invitations/${enc(token)}`),
    /** The link's token is the credential: no session, no CSRF token (docs/club-api.md). */
    answer: (token: string, answer: Answer) =>
      call<{ answer: Answer; penalty?: LedgerEntry }>('POST', `/api/invitations/${enc(token)}`, { answer }, { csrf: false }),
    // at the door
    checkin: (eveningId: string, userId: string, arrivedAt?: number) =>
      call<DoorAnswer>('POST', `${evening(eveningId)}/checkin`, { userId, ...(arrivedAt !== undefined ? { arrivedAt } : {}) }),
    checkout: (eveningId: string, userId: string, replacementUserId?: string, leftAt?: number) =>
      call<DoorAnswer>('POST', `${evening(eveningId)}/checkout`, {
        userId,
        ...(replacementUserId ? { replacementUserId } : {}),
        ...(leftAt !== undefined ? { leftAt } : {}),
      }),
    /** Issue 24 point 4: a guest (no member) comes in; his id then goes wherever a member's does. */
    addGuest: (eveningId: string, name: string) => call<{ guest: Guest }>('POST', `${evening(eveningId)}/guests`, { name }),
    drawTables: (eveningId: string, tables: number) => call<{ tables: DrawnTable[] }>('POST', `${evening(eveningId)}/tables`, { tables }),
    // each table's host and the seating between games (issue 24)
    assignTableHost: (eveningId: string, tableNo: number, userId: string) => call<{ tableNo: number; host: Named }>('POST', `${evening(eveningId)}/tables/${tableNo}/host`, { userId }),
    tableConsole: (eveningId: string, tableNo: number) => call<{ tableNo: number; roomCode: string; hostKey: string }>('POST', `${evening(eveningId)}/tables/${tableNo}/console`, {}),
    proposeSeating: (eveningId: string, mode: 'keep' | 'mix', seed?: string) => call<Seating>('POST', `${evening(eveningId)}/seating/proposal`, { mode, ...(seed ? { seed } : {}) }),
    confirmSeating: (eveningId: string, tables: string[][]) => call<Seating>('POST', `${evening(eveningId)}/seating`, { tables }),
    /** A game played on paper; `guests`: the seats whose names are guests, not members (issue 24). */
    enterProtocol: (eveningId: string, protocol: unknown, guests: readonly number[] = []) =>
      call<{ game: EveningGame }>('POST', `${evening(eveningId)}/games`, guests.length > 0 ? { protocol, guests } : { protocol }),
  };
}
