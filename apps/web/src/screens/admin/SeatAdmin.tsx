import { useMemo } from 'react';
import type { RoomState } from '../../net/client';
import { adminAuth, useRoom } from '../../net/useRoom';
import { mayDealNextGame, NextGameButton } from '../../ui';
import { AdminPanel, type AdminActions } from './AdminPanel';

/** What the creator's seat screen asks of the room as its admin (RoomClient fits). */
export interface SeatAdminActions extends AdminActions {
  nextGame(): Promise<number>;
}

export interface SeatAdminPanelProps {
  /** The admin connection's state: what a spectator sees, never a role. */
  readonly state: RoomState;
  readonly actions: SeatAdminActions | null;
}

/**
 * The room's controls on the seat screen of the player who created an online room (issue 23,
 * point 4): the admin panel, and at the end «Новая игра с теми же местами», without leaving his
 * seat. Starting does not navigate: he plays night 1 on this screen.
 */
export function SeatAdminPanel({ state, actions }: SeatAdminPanelProps) {
  return (
    <div className="stack" data-testid="seat-admin">
      {state.lobby?.ended && !state.lobby.closed && actions && mayDealNextGame(state.you) ? <NextGameButton next={() => actions.nextGame()} /> : null}
      <AdminPanel state={state} actions={actions} seated />
    </div>
  );
}

/**
 * The seat screen's admin part: a second connection, as the room admin, only on the device that
 * holds this room's admin key. The seat's own socket never carries an admin command, and a device
 * without the key opens no second connection at all.
 */
export function SeatAdmin({ code }: { readonly code: string }) {
  const auth = useMemo(() => adminAuth(code), [code]);
  const { state, client } = useRoom(code, auth);
  if (!auth) return null;
  return <SeatAdminPanel state={state} actions={client} />;
}

/** This device holds the admin key of room `code` (it starts the game: the waiting text says so). */
export function useHoldsAdminKey(code: string): boolean {
  return useMemo(() => adminAuth(code) !== null, [code]);
}
