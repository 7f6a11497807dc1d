/** Sign-in, the account and joining a club (docs/club-api.md "Sign-in and the account"). */
import type { JoinInvite, Me, MembershipPatch, MePatch, SignedIn, User } from '@mafia/protocol';
import { enc, type ClubHttp } from './clubHttp';

export function accountCalls({ call, signIn, newSession }: ClubHttp) {
  return {
    requestLink: (email: string, locale?: string) => call<{ sent: true }>('POST', '/api/auth/link', { email, ...(locale ? { locale } : {}) }),
    consumeLink: (token: string) => signIn(call<SignedIn>('POST', '/api/auth/link/consume', { token })),
    signInWithPassword: (email: string, password: string) => signIn(call<SignedIn>('POST', '/api/auth/password', { email, password })),
    logout: () => newSession(call<{ ok: true }>('POST', '/api/auth/logout', {})),
    me: () => call<Me>('GET', '/api/me'),
    updateMe: (patch: MePatch) => call<{ user: User }>('PATCH', '/api/me', patch),
    setPassword: (password: string) => call<{ ok: true }>('POST', '/api/me/password', { password }),
    updateMembership: (clubId: string, patch: MembershipPatch) => call<{ membership: unknown }>('PATCH', `/api/me/clubs/${enc(clubId)}`, patch),
    exportMe: () => call<unknown>('GET', '/api/me/export'),
    deleteMe: (confirm: string) => newSession(call<{ ok: true }>('DELETE', '/api/me', { confirm })),
    showJoin: (token: string) => call<JoinInvite>('POST', '/api/join/show', { token }),
    acceptJoin: (token: string) => signIn(call<SignedIn & { clubId: string }>('POST', '/api/join/accept', { token })),
    declineJoin: (token: string) => call<{ declined: true }>('POST', '/api/join/decline', { token }),
  };
}

