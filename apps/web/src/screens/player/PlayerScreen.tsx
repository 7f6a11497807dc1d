import type { ChatChannel, Command } from '@mafia/engine';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomState } from '../../net/client';
import { Layout, RoomClosed, RoomStatus, RoomTitle, Timer, usePhaseLabel } from '../../ui';
import { allSeated, freeSeats } from '../admin/model';
import { ChatPanel } from '../chat/ChatPanel';
import { DayPanel } from './DayPanel';
import { EndPanel } from './EndPanel';
import { IdleBanner } from './IdleBanner';
import { isSpectator, owesLastWord, screenOf, waitingKey } from './logic';
import { NightPanel } from './NightPanel';
import { RoleCard } from './RoleCard';
import { TableNews } from './TableNews';

export interface PlayerScreenProps {
  readonly code: string;
  readonly state: RoomState;
  /** Sends a game command (RoomClient.command); its refusal rejects. */
  readonly send: (cmd: Command) => Promise<unknown>;
  /** A decoy tap of seat `by` at night step `step` (RoomClient.tap): recorded for this seat alone, acked as an act is. */
  readonly tap?: (by: number, step: number) => Promise<unknown>;
  /** The server's clock now; omitted: this device's clock + state.clockOffset, ticking. Tests pass it. */
  readonly now?: number;
  /** This device starts the game (it holds the room-admin key): the waiting text tells him so. */
  readonly starts?: boolean;
  /** Online rooms: writes a chat line (RoomClient.say); without it the phone shows no chat. */
  readonly say?: (channel: ChatChannel, text: string) => Promise<unknown>;
  /** Online rooms: the idle player is back (RoomClient.back). */
  readonly back?: () => void;
  /** Shown below the game (the room's controls on the creator's seat screen). */
  readonly children?: ReactNode;
  /** The origin of the invite's join link (tests); omitted: the page's, or the server's LAN address (net/joinOrigin.ts). */
  readonly joinOrigin?: string;
}

/** Shown only before an online start (the QR code's library with it): loaded then, not with the game's screen. */
const Invite = lazy(() => import('./Invite'));

const noTap = (): Promise<never> => Promise.reject({ code: 'connection-lost', message: 'not connected' });

/** Re-renders a few times a second while `active` (the night steps change by time alone). */
function useServerNow(clockOffset: number, active: boolean, fixed: number | undefined): number {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (!active || fixed !== undefined) return;
    setTick(Date.now());
    const id = setInterval(() => setTick(Date.now()), 250);
    return () => clearInterval(id);
  }, [active, fixed]);
  return fixed ?? tick + clockOffset;
}

/**
 * The player's phone, from the room state alone (what the server sent this seat): the role card
 * held to be seen, then the night steps, the day's controls, the spectator's silence, the end.
 */
export function PlayerScreen({ code, state, send, tap = noTap, now, starts = false, say, back, children, joinOrigin }: PlayerScreenProps) {
  const { t } = useTranslation('player');
  const view = state.view;
  const phaseLabel = usePhaseLabel(view);
  const screen = screenOf(view);
  // While the clock is stopped (pause) nothing moves on: the timer and the night step read the pause.
  const pausedAt = state.timer?.pausedAt;
  const serverNow = useServerNow(state.clockOffset, screen === 'night' && pausedAt === undefined && state.lobby?.closed !== true, now);
  const seat = state.you?.as === 'seat' ? state.you.seat : (view?.me?.seat ?? null);
  const spectator = isSpectator(view);
  // A player giving (or owed) his last word is still speaking: «наблюдайте молча» comes after it.
  const silent = spectator && !owesLastWord(view);
  const cards = screen === 'night' && state.timer?.kind === 'cards';
  const phase = view?.phase;
  const title = <RoomTitle name={seat !== null ? t('seat.label', { ns: 'common', n: seat }) : t('title')} code={code} />;
  // Closed by the host: nothing runs on (no timer, no night step, no controls), whatever the view was.
  if (state.lobby?.closed) return <Layout title={title} actions={<RoomStatus state={state} />}><RoomClosed mode={state.lobby?.mode} /></Layout>;
  return (
    <Layout title={title} actions={<RoomStatus state={state} />}>
      <h2 data-testid="phase" data-phase={phase?.kind ?? 'lobby'} data-n={phase && phase.kind !== 'ended' ? phase.n : undefined} style={{ margin: 0 }}>
        {/* Before the start the phone waits for players only while a seat is free (as the table screen does). */}
        {!view && state.lobby && allSeated(state.lobby) ? t('admin.lobby.allSeated', { ns: 'common' }) : phaseLabel}
      </h2>
      {silent ? (
        <p className="card" role="status" data-testid="spectator-banner" style={{ margin: 0 }}>
          {t('spectator')}
        </p>
      ) : null}
      {back && screen !== 'ended' ? <IdleBanner idle={state.idle} onBack={back} /> : null}
      <RoleCard view={view} />
      {screen !== 'ended' && screen !== 'waiting' ? <Timer deadline={state.timer?.deadline} clockOffset={state.clockOffset} pausedAt={pausedAt} /> : null}
      {pausedAt !== undefined && screen !== 'ended' ? (
        <p className="card" role="status" data-testid="paused" style={{ margin: 0 }}>
          <strong>{t('pause.title')}</strong> {t('pause.hint')}
        </p>
      ) : null}
      {screen === 'waiting' ? (
        <p className="muted" data-testid="waiting">
          {t(waitingKey(state.lobby?.mode ?? null, starts))}
        </p>
      ) : null}
      {/* Online nobody sits at one table: while a seat is free, any player can send the link on. */}
      {screen === 'waiting' && state.lobby?.mode === 'online' && !allSeated(state.lobby) ? (
        <Suspense fallback={null}>
          <Invite code={code} free={freeSeats(state.lobby)} origin={joinOrigin} />
        </Suspense>
      ) : null}
      {cards ? (
        <p className="card" role="status" data-testid="card-pause" style={{ margin: 0 }}>
          <strong>{t('cardPause.title')}</strong> {t('cardPause.hint')}
        </p>
      ) : null}
      {view && screen === 'night' && seat !== null && !cards ? (
        <NightPanel view={view} pending={state.pending} seat={seat} timer={state.timer} now={serverNow} send={send} tap={tap} online={state.status === 'open'} spectator={spectator} />
      ) : null}
      {/* Online there is no table screen and no host's voice: the phone tells the night's news and the votes. */}
      {view && screen === 'day' && state.lobby?.mode === 'online' ? <TableNews view={view} log={state.log} /> : null}
      {view && screen === 'day' && seat !== null ? <DayPanel view={view} pending={state.pending} seat={seat} mode={state.lobby?.mode ?? null} send={send} /> : null}
      {view && screen === 'ended' ? <EndPanel view={view} /> : null}
      {say && state.lobby?.mode === 'online' ? <ChatPanel state={state} say={say} /> : null}
      {children}
    </Layout>
  );
}
