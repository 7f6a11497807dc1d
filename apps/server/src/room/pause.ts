import type { TimerRec } from './records.js';

/**
 * The room's clock can be stopped (`pause`) and started again (`resume`) by whoever runs the room.
 * A stopped timer keeps its deadline and gains `pausedAt`: what is left is `deadline - pausedAt`.
 * Nothing fires while it is stopped. On resume every time of the step (its start and deadline)
 * moves on by the pause's length (a night's step starts too), so the step goes on from where it stopped.
 */

export function pauseTimer(t: TimerRec | null, now: number): TimerRec | null {
  if (t === null || t.pausedAt !== undefined) return t;
  return { ...t, pausedAt: Math.min(now, t.deadline) };
}

export function resumeTimer(t: TimerRec | null, now: number): TimerRec | null {
  if (t === null || t.pausedAt === undefined) return t;
  const { pausedAt, ...rest } = shiftTimer(t, Math.max(0, now - t.pausedAt));
  return rest;
}

/** Every time of the timer (its start, deadline, night steps and the moment it stopped) moved by `by` ms. */
export function shiftTimer(t: TimerRec, by: number): TimerRec {
  return {
    ...t, started: t.started + by, deadline: t.deadline + by,
    ...(t.steps ? { steps: t.steps.map((x) => x + by) } : {}),
    ...(t.pausedAt !== undefined ? { pausedAt: t.pausedAt + by } : {}),
    ...(t.stepAt !== undefined ? { stepAt: t.stepAt + by } : {}),
  };
}

/** The timer of a step while the room is paused: a step that begins during the pause begins stopped. */
export function heldIf(paused: boolean, t: TimerRec | null, now: number): TimerRec | null {
  return paused ? pauseTimer(t, now) : t;
}

/** Milliseconds left of a stopped timer. */
export const remainingOf = (t: TimerRec | null): number | null => (t === null || t.pausedAt === undefined ? null : t.deadline - t.pausedAt);
