import type { GameView } from '@mafia/engine';
import { useTranslation } from 'react-i18next';
import type { RoomState } from '../net/client';

/** "Night 2" / "Day 3" / "Game over" / "Waiting for players". */
export function usePhaseLabel(view: GameView | null): string {
  const { t } = useTranslation();
  if (!view) return t('phase.lobby');
  const p = view.phase;
  return p.kind === 'ended' ? t('phase.ended') : t(`phase.${p.kind}`, { n: p.n });
}

/** The connection's state and the last refusal, for the header of a room screen. */
export function RoomStatus({ state }: { readonly state: RoomState }) {
  const { t } = useTranslation();
  return (
    <div className="stack" style={{ gap: 4 }}>
      <span className="status" data-status={state.status} role="status">
        {t(`status.${state.status}`)}
      </span>
      {state.lastError ? (
        <span className="error" role="alert">
          {state.lastError.code}: {state.lastError.message}
        </span>
      ) : null}
    </div>
  );
}
