import { useTranslation } from 'react-i18next';
import { formatClock, useCountdown } from '../net/useCountdown';

export interface TimerProps {
  /** Epoch ms on the server's clock (RoomState.timer.deadline); null = no running step. */
  readonly deadline: number | null | undefined;
  /** RoomState.clockOffset. */
  readonly clockOffset?: number;
  /** Red from this many ms left (default 10 s). */
  readonly urgentMs?: number;
  /** TimerView.pausedAt: the clock is stopped (shown still, marked `data-paused`). */
  readonly pausedAt?: number;
}

/** A big m:ss countdown to a deadline (role="timer"). */
export function Timer({ deadline, clockOffset = 0, urgentMs = 10_000, pausedAt }: TimerProps) {
  const { t } = useTranslation();
  const ms = useCountdown(deadline, clockOffset, 250, pausedAt);
  if (ms === null) {
    return (
      <div className="timer" role="timer" data-idle="true" aria-label={t('timer.none')}>
        –:––
      </div>
    );
  }
  return (
    <div className="timer" role="timer" aria-label={t('timer.label')} data-urgent={ms <= urgentMs} {...(pausedAt !== undefined ? { 'data-paused': 'true' } : {})}>
      {formatClock(ms)}
    </div>
  );
}
