import { useTranslation } from 'react-i18next';
import { formatClock, useCountdown } from '../net/useCountdown';

export interface TimerProps {
  /** Epoch ms on the server's clock (RoomState.timer.deadline); null = no running step. */
  readonly deadline: number | null | undefined;
  /** RoomState.clockOffset. */
  readonly clockOffset?: number;
  /** Red from this many ms left (default 10 s). */
  readonly urgentMs?: number;
}

/** A big m:ss countdown to a deadline (role="timer"). */
export function Timer({ deadline, clockOffset = 0, urgentMs = 10_000 }: TimerProps) {
  const { t } = useTranslation();
  const ms = useCountdown(deadline, clockOffset);
  if (ms === null) {
    return (
      <div className="timer" role="timer" data-idle="true" aria-label={t('timer.none')}>
        –:––
      </div>
    );
  }
  return (
    <div className="timer" role="timer" aria-label={t('timer.label')} data-urgent={ms <= urgentMs}>
      {formatClock(ms)}
    </div>
  );
}
