import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `deadline` (epoch ms, server clock), ticking while it runs; null without
 * a deadline. `clockOffset` (server − device, RoomState.clockOffset) corrects a device whose clock is off.
 * `pausedAt` (TimerView.pausedAt): the clock is stopped; what was left then is shown, not ticking.
 */
export function useCountdown(deadline: number | null | undefined, clockOffset = 0, tickMs = 250, pausedAt?: number): number | null {
  const left = () => (deadline == null ? null : Math.max(0, deadline - (pausedAt ?? Date.now() + clockOffset)));
  const [ms, setMs] = useState<number | null>(left);
  useEffect(() => {
    setMs(left());
    if (deadline == null || pausedAt !== undefined) return;
    const t = setInterval(() => {
      const l = left();
      setMs(l);
      if (l === 0) clearInterval(t);
    }, tickMs);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline, clockOffset, tickMs, pausedAt]);
  return ms;
}

/** 83_400 → "1:24" (whole seconds rounded up, so 0:00 shows only when time is out). */
export function formatClock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
