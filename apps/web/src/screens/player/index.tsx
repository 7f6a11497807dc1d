import type { Auth } from '@mafia/protocol';
import type { ChatChannel, Command } from '@mafia/engine';
import { useCallback, useMemo } from 'react';
import { Navigate } from 'react-router';
import { mediaPeer } from '@mafia/engine/media';
import { MediaPanel } from '../../media/MediaPanel';
import { secrets } from '../../net/secrets';
import { useRoom } from '../../net/useRoom';
import { SeatAdmin, useHoldsAdminKey } from '../admin/SeatAdmin';
import { useCode } from '../useCode';
import { BotReview } from './BotReview';
import { PlayerScreen } from './PlayerScreen';
import { SeatTaken } from './SeatTaken';

/** Refusals that mean this device no longer holds its seat: back to the lobby to claim one. */
const SEAT_LOST = new Set(['bad-token', 'seat-not-claimed', 'seat-released']);

/**
 * /r/:code/play — this device's seat (its token, kept by the lobby's claim). Without one, or once the
 * seat is lost (released, bad token), the player is sent to the lobby /r/:code.
 */
export default function Player() {
  const code = useCode();
  const mine = useMemo(() => secrets().getSeat(code), [code]);
  if (!mine) return <Navigate to={`/r/${code}`} replace />;
  return <Seated code={code} seat={mine.seat} token={mine.token} />;
}

function Seated({ code, seat, token }: { readonly code: string; readonly seat: number; readonly token: string }) {
  const auth = useMemo<Auth>(() => ({ as: 'seat', seat, token }), [seat, token]);
  const { state, client } = useRoom(code, auth);
  const send = useCallback((cmd: Command) => (client ? client.command(cmd) : Promise.reject(new Error('not connected'))), [client]);
  const say = useCallback((channel: ChatChannel, text: string) => (client ? client.say(channel, text) : Promise.reject(new Error('not connected'))), [client]);
  const back = useCallback(() => client?.back(), [client]);
  const starts = useHoldsAdminKey(code);
  const adminKey = useMemo(() => secrets().getAdminKey(code), [code]);
  const tap = useCallback((by: number, step: number) => (client ? client.tap(by, step) : Promise.reject(new Error('not connected'))), [client]);
  // A replacement took this seat (issue 24): say so, rather than back to the lobby.
  if (state.seatLost) return <SeatTaken code={code} seat={state.seatLost.seat} name={state.seatLost.name} />;
  const lost = state.you?.as === 'spectator' || (state.lastError !== null && SEAT_LOST.has(state.lastError.code) && state.status === 'closed');
  if (lost) return <Navigate to={`/r/${code}`} replace />;
  return (
    <PlayerScreen code={code} state={state} send={send} tap={tap} starts={starts} say={say} back={back}>
      {/* Voice and video: an online room's table is its players' faces (issue 26); nothing of the game needs it. */}
      {state.lobby?.mode === 'online' ? <MediaPanel client={client} state={state} me={mediaPeer(seat)} /> : null}
      {/* A practice game (or any room with bots) made on this device: its bots' reasons once it has ended. */}
      {state.view?.phase.kind === 'ended' && adminKey && (state.lobby?.bots?.length ?? 0) > 0 ? <BotReview code={code} roomKey={adminKey} view={state.view} /> : null}
      {/* The creator of an online room also plays: his room's controls are on his seat screen, on their own socket. */}
      <SeatAdmin code={code} />
    </PlayerScreen>
  );
}
