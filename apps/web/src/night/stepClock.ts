/**
 * Which of a night's steps is being called now (R-NIGHT-1, R-NIGHT-4). Every phone and the
 * narrator compute it from the same public facts — the night timer (started, deadline) and the
 * number of steps (`view.nightSteps`) — so every screen changes step at the same moment, whoever
 * acts and whether anybody acted at all: nobody can tell from his phone who woke.
 *
 * The night is cut into equal slices. Before it starts: step 0; at or after the deadline: the last
 * step (the night ends when the host, or the server in app rooms, ends it). When the host moves
 * the deadline, the slices stretch or shrink with it.
 */
export interface NightClock {
  /** The step being called (0-based), or -1 when there are no steps. */
  readonly step: number;
  /** Milliseconds left in this step (0 at or after the deadline). */
  readonly leftInStep: number;
  /** Length of one step's slice in milliseconds. */
  readonly slice: number;
}

export function nightStepAt(timer: { readonly started: number; readonly deadline: number } | null, steps: number, now: number): NightClock {
  if (steps <= 0 || timer === null) return { step: steps > 0 ? 0 : -1, leftInStep: 0, slice: 0 };
  const total = Math.max(0, timer.deadline - timer.started);
  const slice = total / steps;
  if (slice === 0) return { step: steps - 1, leftInStep: 0, slice: 0 };
  const elapsed = Math.min(Math.max(0, now - timer.started), total);
  const step = Math.min(steps - 1, Math.floor(elapsed / slice));
  const leftInStep = now >= timer.deadline ? 0 : Math.max(0, (step + 1) * slice - elapsed);
  return { step, leftInStep, slice };
}
