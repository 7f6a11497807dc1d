import type { Command } from '@mafia/engine';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomState } from '../../net/client';
import { Layout, RoomClosed, RoomStatus, Timer, usePhaseLabel } from '../../ui';
import { DayPanel } from './DayPanel';
import { EndPanel } from './EndPanel';
import { isSpectator, screenOf } from './logic';
import { NightPanel } from './NightPanel';
import { RoleCard } from './RoleCard';

export interface PlayerScreenProps {
  readonly code: string;
  readonly state: RoomState;
  /** Sends a game command (RoomClient.command); its refusal rejects. */
  readonly send: (cmd: Command) => Promise<unknown>;
  /** One round trip to the server recording nothing (RoomClient.roundTrip): the night decoy's wait. */
  readonly roundTrip?: () => Promise<unknown>;
  /** The server's clock now; omitted: this device's clock + state.clockOffset, ticking. Tests pass it. */
  readonly now?: number;
}

const noRoundTrip = (): Promise<never> => Promise.reject({ code: 'connection-lost', message: 'not connected' });

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
export function PlayerScreen({ code, state, send, roundTrip = noRoundTrip, now }: PlayerScreenProps) {
  const { t } = useTranslation('player');
  const view = state.view;
  const phaseLabel = usePhaseLabel(view);
  const screen = screenOf(view);
  // While the clock is stopped (pause) nothing moves on: the timer and the night step read the pause.
  const pausedAt = state.timer?.pausedAt;
  const serverNow = useServerNow(state.clockOffset, screen === 'night' && pausedAt === undefined && state.lobby?.closed !== true, now);
  const seat = state.you?.as === 'seat' ? state.you.seat : (view?.me?.seat ?? null);
  const spectator = isSpectator(view);
  const phase = view?.phase;
  const title = seat !== null ? `${t('seat.label', { ns: 'common', n: seat })} · ${code}` : `${t('title')} · ${code}`;
  // Closed by the host: nothing runs on (no timer, no night step, no controls), whatever the view was.
  if (state.lobby?.closed) return <Layout title={title} actions={<RoomStatus state={state} />}><RoomClosed /></Layout>;
  return (
    <Layout title={title} actions={<RoomStatus state={state} />}>
      <h2 data-testid="phase" data-phase={phase?.kind ?? 'lobby'} data-n={phase && phase.kind !== 'ended' ? phase.n : undefined} style={{ margin: 0 }}>
        {phaseLabel}
      </h2>
      {spectator ? (
        <p className="card" role="status" data-testid="spectator-banner" style={{ margin: 0 }}>
          {t('spectator')}
        </p>
      ) : null}
      <RoleCard view={view} />
      {screen !== 'ended' && screen !== 'waiting' ? <Timer deadline={state.timer?.deadline} clockOffset={state.clockOffset} pausedAt={pausedAt} /> : null}
      {pausedAt !== undefined && screen !== 'ended' ? (
        <p className="card" role="status" data-testid="paused" style={{ margin: 0 }}>
          <strong>{t('pause.title')}</strong> {t('pause.hint')}
        </p>
      ) : null}
      {screen === 'waiting' ? <p className="muted">{t('waiting')}</p> : null}
      {view && screen === 'night' && seat !== null ? (
        <NightPanel view={view} pending={state.pending} seat={seat} timer={state.timer} now={serverNow} send={send} roundTrip={roundTrip} online={state.status === 'open'} spectator={spectator} />
      ) : null}
      {view && screen === 'day' && seat !== null ? <DayPanel view={view} pending={state.pending} seat={seat} mode={state.lobby?.mode ?? null} send={send} /> : null}
      {view && screen === 'ended' ? <EndPanel view={view} /> : null}
    </Layout>
  );
}
