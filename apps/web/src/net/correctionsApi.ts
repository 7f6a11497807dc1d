/** Corrections on the record (issue 24 point 3, docs/club-api.md "Corrections"): admins only, each with a reason. */
const enc = encodeURIComponent;

type Call = <T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => Promise<T>;

export type AuditAction =
  | 'evening-edited' | 'evening-cancelled' | 'evening-restored' | 'member-archived' | 'member-unarchived' | 'member-merged'
  | 'game-voided' | 'game-unvoided' | 'ledger-cancelled';

export interface AuditEntry {
  readonly id: string;
  readonly at: number;
  readonly actor: { readonly userId: string; readonly nickname: string | null };
  readonly action: AuditAction | string;
  readonly target: { readonly kind: 'evening' | 'member' | 'game' | 'ledger'; readonly id: string };
  readonly reason: string;
  readonly details: Readonly<Record<string, string | number | boolean | null>>;
}

export interface EveningEdit {
  readonly startsAt?: number; readonly answerBy?: number; readonly place?: string; readonly capacity?: number; readonly weight?: number; readonly gamesPlanned?: number;
  readonly reason: string;
}

export function correctionsCalls(call: Call) {
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
