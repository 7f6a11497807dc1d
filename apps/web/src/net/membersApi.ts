/** Clubs, members, the ledger and the pairs kept apart (docs/club-api.md "Clubs", "Members", "The ledger"). */
import type { ApartPair, BulkMembersRequest, BulkResult, ClubPage, LedgerEntry, Member, MemberPage, MemberPatch, NewMember, ResendJoin } from '@mafia/protocol';
import { enc, type ClubCall } from './clubHttp';

export function membersCalls(call: ClubCall) {
  const memberPath = (clubId: string, userId: string) => `/api/clubs/${enc(clubId)}/members/${enc(userId)}`;
  return {
    createClub: (name: string, nickname: string) => call<{ club: { id: string; name: string } }>('POST', '/api/clubs', { name, nickname }),
    club: (clubId: string) => call<ClubPage>('GET', `/api/clubs/${enc(clubId)}`),
    members: (clubId: string) => call<{ members: Member[] }>('GET', `/api/clubs/${enc(clubId)}/members`),
    addMember: (clubId: string, m: NewMember) => call<{ member: Member }>('POST', `/api/clubs/${enc(clubId)}/members`, m),
    bulkMembers: (clubId: string, b: BulkMembersRequest) => call<BulkResult>('POST', `/api/clubs/${enc(clubId)}/members/bulk`, b),
    updateMember: (clubId: string, userId: string, patch: MemberPatch) => call<{ member: Member }>('PATCH', memberPath(clubId, userId), patch),
    /** Resends a pending invitation, or (with `email`) invites a withdrawn, declined or expired nickname-only member again. */
    resendJoin: (clubId: string, userId: string, body: ResendJoin = {}) => call<{ sent: true }>('POST', `${memberPath(clubId, userId)}/invite`, body),
    cancelJoin: (clubId: string, userId: string) => call<{ removed: boolean }>('DELETE', `${memberPath(clubId, userId)}/invite`, {}),
    member: (clubId: string, userId: string) => call<MemberPage>('GET', memberPath(clubId, userId)),
    ledger: (clubId: string) => call<{ entries: LedgerEntry[] }>('GET', `/api/clubs/${enc(clubId)}/ledger`),
    cancelEntry: (entryId: string, note: string) => call<{ entry: LedgerEntry }>('POST', `/api/ledger/${enc(entryId)}/cancel`, { note }),
    apartPairs: (clubId: string) => call<{ pairs: ApartPair[] }>('GET', `/api/clubs/${enc(clubId)}/apart`),
    setApart: (clubId: string, userA: string, userB: string, apart: boolean) => call<{ pairs: ApartPair[] }>('POST', `/api/clubs/${enc(clubId)}/apart`, { userA, userB, apart }),
  };
}
