/** Corrections on the record (issue 24 point 3, docs/club-api.md "Corrections"): admins only, each with a reason. */
import type { AuditEntry, EveningEdit } from '@mafia/protocol';
import { enc, type ClubCall } from './clubHttp';

export function correctionsCalls(call: ClubCall) {
  const member = (clubId: string, userId: string) => `/api/clubs/${enc(clubId)}/members/${enc(userId)}`;
  const game = (clubId: string, gameId: string) => `/api/clubs/${enc(clubId)}/games/${enc(gameId)}`;
  return {
    editEvening: (eveningId: string, e: EveningEdit) => call<{ evening: unknown }>('PATCH', `/api/evenings/${enc(eveningId)}`, e),
    cancelEvening: (eveningId: string, reason: string) => call<{ evening: unknown }>('POST', `/api/evenings/${enc(eveningId)}/cancel`, { reason }),
    restoreEvening: (eveningId: string, reason: string) => call<{ evening: unknown; invited: number }>('POST', `/api/evenings/${enc(eveningId)}/restore`, { reason }),
    archiveMember: (clubId: string, userId: string, reason: string) => call<{ archived: true; withdrawn: number }>('POST', `${member(clubId, userId)}/archive`, { reason }),
    unarchiveMember: (clubId: string, userId: string, reason: string) => call<{ archived: false }>('POST', `${member(clubId, userId)}/unarchive`, { reason }),
    mergeMember: (clubId: string, userId: string, into: string, reason: string, nickname?: string) =>
      call<{ into: string }>('POST', `${member(clubId, userId)}/merge`, { into, reason, ...(nickname ? { nickname } : {}) }),
    voidGame: (clubId: string, gameId: string, reason: string) => call<{ voided: true }>('POST', `${game(clubId, gameId)}/void`, { reason }),
    unvoidGame: (clubId: string, gameId: string, reason: string) => call<{ voided: false }>('POST', `${game(clubId, gameId)}/unvoid`, { reason }),
    archivedMembers: (clubId: string) => call<{ members: { userId: string; nickname: string; archivedAt?: number }[] }>('GET', `/api/clubs/${enc(clubId)}/members?archived=only`),
    auditLog: (clubId: string) => call<{ entries: AuditEntry[] }>('GET', `/api/clubs/${enc(clubId)}/audit`),
  };
}
