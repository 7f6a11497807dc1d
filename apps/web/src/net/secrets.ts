import { z } from 'zod';

/**
 * The secrets this device keeps per room code in localStorage: the host key (when it created a
 * human-hosted room), the room-admin key (when it created an app or online room) and its seat's
 * token (when it claimed a seat), and the key of a claim sent and not answered yet (so it can be
 * sent again and answered with the same seat). One seat per room per browser profile.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SeatSecret {
  readonly seat: number;
  readonly token: string;
}

import type { PendingClaim } from './roomState';

export interface Secrets {
  getHostKey(code: string): string | null;
  setHostKey(code: string, key: string): void;
  forgetHostKey(code: string): void;
  getAdminKey(code: string): string | null;
  setAdminKey(code: string, key: string): void;
  forgetAdminKey(code: string): void;
  getSeat(code: string): SeatSecret | null;
  setSeat(code: string, seat: number, token: string): void;
  forgetSeat(code: string): void;
  /** A claim sent and not answered yet (its key): kept beside the token until the token comes. */
  getPendingClaim(code: string): PendingClaim | null;
  setPendingClaim(code: string, claim: PendingClaim): void;
  forgetPendingClaim(code: string): void;
}

const hostKeyOf = (code: string) => `mafia.host.${code.toUpperCase()}`;
const adminKeyOf = (code: string) => `mafia.admin.${code.toUpperCase()}`;
const seatKeyOf = (code: string) => `mafia.seat.${code.toUpperCase()}`;
const claimKeyOf = (code: string) => `mafia.claim.${code.toUpperCase()}`;

export function memoryStore(): KeyValueStore {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
}

/** localStorage when the page may use it (private modes may throw), else memory for this page's life. */
export function browserStore(): KeyValueStore {
  try {
    const s = globalThis.localStorage;
    const probe = 'mafia.probe';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStore();
  }
}

/**
 * What this browser kept (a seat's token, a claim not answered yet) is read back through these:
 * another version of the app, or a hand, may have left anything there; what does not fit is
 * treated as nothing kept. A name that is not a string is dropped, as before.
 */
const storedSeatSchema = z.object({ seat: z.number(), token: z.string() });
const storedClaimSchema = z.object({
  seat: z.union([z.number(), z.literal('draw')]),
  key: z.string(),
  name: z.unknown().transform((n) => (typeof n === 'string' ? n : undefined)),
});

export function createSecrets(store: KeyValueStore): Secrets {
  return {
    getHostKey: (code) => store.getItem(hostKeyOf(code)),
    setHostKey: (code, key) => store.setItem(hostKeyOf(code), key),
    forgetHostKey: (code) => store.removeItem(hostKeyOf(code)),
    getAdminKey: (code) => store.getItem(adminKeyOf(code)),
    setAdminKey: (code, key) => store.setItem(adminKeyOf(code), key),
    forgetAdminKey: (code) => store.removeItem(adminKeyOf(code)),
    getSeat(code) {
      const raw = store.getItem(seatKeyOf(code));
      if (!raw) return null;
      try {
        const v = storedSeatSchema.safeParse(JSON.parse(raw));
        return v.success ? { seat: v.data.seat, token: v.data.token } : null;
      } catch {
        return null;
      }
    },
    setSeat: (code, seat, token) => store.setItem(seatKeyOf(code), JSON.stringify({ seat, token })),
    forgetSeat: (code) => store.removeItem(seatKeyOf(code)),
    getPendingClaim(code) {
      try {
        const v = storedClaimSchema.safeParse(JSON.parse(store.getItem(claimKeyOf(code)) ?? 'null'));
        if (!v.success) return null;
        const { seat, key, name } = v.data;
        return { seat, key, ...(name !== undefined ? { name } : {}) };
      } catch {
        return null;
      }
    },
    setPendingClaim: (code, claim) => store.setItem(claimKeyOf(code), JSON.stringify(claim)),
    forgetPendingClaim: (code) => store.removeItem(claimKeyOf(code)),
  };
}

let shared: Secrets | null = null;
/** This browser's secrets (created on first use). */
export function secrets(): Secrets {
  return (shared ??= createSecrets(browserStore()));
}
