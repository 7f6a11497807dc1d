/**
 * Which of a night's steps is being called now (R-NIGHT-1, R-NIGHT-4). Every phone, the table and
 * the narrator compute it from the same public facts — the night timer and the number of steps
 * (`view.nightSteps`) — so every screen changes step at the same moment, whoever acts and whether
 * anybody acted at all: nobody can tell from his phone who woke.
 *
 * The timer carries each step's start (`steps`, docs/wire-protocol.md): step i runs from
 * `steps[i]` to `steps[i + 1]`, the last one to the deadline. The host's +10 s lengthens the step
 * running and moves the later ones, so a screen never goes back a step. A night timer without
 * `steps` (an old server or log) is cut into equal slices between `started` and `deadline`.
 * Before the night: step 0; at or after the deadline: the last step (the night ends when the
 * host, or the server in app rooms, ends it).
 *
 * While the room's clock is stopped (`pausedAt`, pause/resume) time is read at the pause, whatever
 * `now` says: the step stands still, and on resume the server shifts `started`, `deadline` and
 * `steps` by the pause's length, so the step goes on from where it stood instead of jumping.
 *
 * With a human host (issue 23) the timer carries `step`, the step he opened on his console: every
 * screen shows that step whatever the clock says, since the host calls the night, and its countdown
 * runs one step's length from `stepAt`, the moment he opened it. The number is public (the same on
 * every phone), so it tells nobody who acts.
 */
export interface NightClock {
  /** The step being called (0-based), or -1 when there are no steps. */
  readonly step: number;
  /** Milliseconds left in this step (0 at or after the deadline). */
  readonly leftInStep: number;
  /** Length of this step in milliseconds. */
  readonly slice: number;
}

export interface NightTimer {
  readonly started: number;
  readonly deadline: number;
  readonly steps?: readonly number[];
  /** TimerView.pausedAt: the clock stopped at this moment (server clock, epoch ms). */
  readonly pausedAt?: number;
  /** TimerView.step: the step the human host opened (0-based). */
  readonly step?: number;
  /** TimerView.stepAt: when he opened it (server clock, epoch ms). */
  readonly stepAt?: number;
}

export function nightStepAt(timer: NightTimer | null, steps: number, at: number): NightClock {
  if (steps <= 0 || timer === null) return { step: steps > 0 ? 0 : -1, leftInStep: 0, slice: 0 };
  const now = timer.pausedAt ?? at;
  const starts = timer.steps?.length === steps ? timer.steps : equalStarts(timer, steps);
  if (timer.step !== undefined) return hostStep(timer, starts, Math.min(Math.max(0, timer.step), steps - 1), now);
  let step = 0;
  while (step + 1 < steps && starts[step + 1]! <= now) step++;
  const end = step + 1 < steps ? starts[step + 1]! : timer.deadline;
  const slice = Math.max(0, end - starts[step]!);
  return { step, leftInStep: now >= timer.deadline ? 0 : Math.max(0, Math.min(slice, end - now)), slice };
}

/** Equal slices between `started` and `deadline`: the night as timed before step starts were sent. */
function equalStarts(timer: NightTimer, steps: number): number[] {
  const slice = Math.max(0, timer.deadline - timer.started) / steps;
  // A night of no length is at its last step at once.
  if (slice === 0) return Array.from({ length: steps }, () => timer.started);
  return Array.from({ length: steps }, (_, i) => timer.started + i * slice);
}

/** The human host's step: his, not the clock's, timed one step's length from when he opened it. */
function hostStep(timer: NightTimer, starts: readonly number[], step: number, now: number): NightClock {
  const slice = Math.max(0, (starts[1] ?? timer.deadline) - starts[0]!);
  const from = timer.stepAt ?? timer.started;
  return { step, leftInStep: Math.max(0, Math.min(slice, from + slice - now)), slice };
}
