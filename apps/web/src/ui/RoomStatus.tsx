import type { GameView } from '@mafia/engine';
import { useTranslation } from 'react-i18next';
import type { RoomState } from '../net/client';
import { Notice } from './Notice';

/** "Night 2" / "Day 3" / "Game over" / "Waiting for players". */
export function usePhaseLabel(view: GameView | null): string {
  const { t } = useTranslation();
  if (!view) return t('phase.lobby');
  const p = view.phase;
  return p.kind === 'ended' ? t('phase.ended') : t(`phase.${p.kind}`, { n: p.n });
}

/** The connection's state for the header of a room screen; the last refusal as a toast (Notice), in words. */
export function RoomStatus({ state }: { readonly state: RoomState }) {
  const { t } = useTranslation();
  const roomClosed = state.lobby?.closed === true;
  return (
    <div className="stack" style={{ gap: 4 }}>
      {/* A closed room stopped its connection on purpose: it says so, not «Нет связи». */}
      <span className="status" data-status={state.status} data-room-closed={roomClosed || undefined} role="status">
        {roomClosed ? t('status.roomClosed') : t(`status.${state.status}`)}
      </span>
      <Notice error={state.lastError} testId="room-error" />
    </div>
  );
}
