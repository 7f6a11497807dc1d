import type { Auth } from '@mafia/protocol';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { RoomClient, type RoomClientOptions, type RoomState } from './client';
import { secrets } from './secrets';

const CLOSED: RoomState = {
  status: 'closed', you: null, lobby: null, view: null, pending: [], timer: null, seq: 0,
  lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0, alert: null,
};
const noSubscribe = () => () => {};
const closedState = () => CLOSED;

/**
 * One RoomClient for this component's life: connected on mount, closed on unmount, a new one when
 * the code or the auth changes. `auth` null = do not connect (yet). Seat tokens go to secrets().
 */
export function useRoom(
  code: string,
  auth: Auth | null,
  options: Partial<Omit<RoomClientOptions, 'code' | 'auth'>> = {},
): { state: RoomState; client: RoomClient | null } {
  const authKey = auth === null ? '' : JSON.stringify(auth);
  // The options are read once per (code, auth): pass stable values.
  const client = useMemo(
    () => (auth === null ? null : new RoomClient({ tokens: secrets(), ...options, code, auth })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [code, authKey],
  );
  useEffect(() => {
    if (!client) return;
    client.connect();
    return () => client.close();
  }, [client]);
  const state = useSyncExternalStore(client ? client.subscribe : noSubscribe, client ? client.getState : closedState);
  return { state, client };
}

/** How this device enters room `code` as a player: its stored seat token, else as a spectator. */
export function playerAuth(code: string): Auth {
  const s = secrets().getSeat(code);
  return s ? { as: 'seat', seat: s.seat, token: s.token } : { as: 'spectator' };
}

/** How this device enters room `code` as its host: the stored host key, or null when it has none. */
export function hostAuth(code: string): Auth | null {
  const key = secrets().getHostKey(code);
  return key ? { as: 'host', key } : null;
}

/**
 * How this device enters room `code` as its room admin (it created the app or online room): the
 * stored admin key, or null. The admin's socket sees what a spectator sees, never a role.
 */
export function adminAuth(code: string): Auth | null {
  const key = secrets().getAdminKey(code);
  return key ? { as: 'admin', key } : null;
}
