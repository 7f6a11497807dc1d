import { shiftTimer } from './pause.js';
import type { TimerRec } from './records.js';

/**
 * The clock every timer of this process is read on: the wall clock read once, when the rooms are
 * set up, then moved on by the monotonic clock (performance.now()). A wall-clock jump while the
 * server runs (NTP, a VM resumed, an admin's `date -s`) so neither stalls nor shortens a step, and
 * the clients, who correct by the `now` of pong (the same clock), count down to the same moment.
 */
export function processClock(wall: () => number, mono: () => number): () => number {
  const base = wall();
  const from = mono();
  // Whole milliseconds, as every time in the log: the monotonic clock has fractions.
  return () => Math.round(base + (mono() - from));
}

/**
 * A timer loaded from the log, on this process's clock: when the clock now reads earlier than the
 * step began (or stopped), as after a restart with the wall clock behind, every time of it moves
 * back so that it began (or stopped) now. What is left of a step is so never more than its length
 * (deadline − started, or the remaining of a stopped one) and never less than 0 (a deadline that has
 * passed fires at once). The timer itself when nothing moves.
 */
export function rebaseTimer(t: TimerRec, now: number): TimerRec {
  const passed = t.pausedAt ?? t.started;
  return passed <= now ? t : shiftTimer(t, now - passed);
}
