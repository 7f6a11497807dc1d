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
}

export function nightStepAt(timer: NightTimer | null, steps: number, at: number): NightClock {
  if (steps <= 0 || timer === null) return { step: steps > 0 ? 0 : -1, leftInStep: 0, slice: 0 };
  const now = timer.pausedAt ?? at;
  const starts = timer.steps?.length === steps ? timer.steps : equalStarts(timer, steps);
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
