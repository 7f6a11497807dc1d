import type { GameView, ProjectedEvent } from '@mafia/engine';

/**
 * Whether step `index` of tonight has had an act recorded (from phones or the console) by a seat
 * whose role wakes in it: with no act still open in the step, the night panel then says that every
 * act is in, not that nobody acts in it (issue 23 point 5). `events` are the effective events
 * (dayNews.effectiveEvents), so an undone act no longer counts.
 */
export function stepHasActs(view: GameView, events: readonly ProjectedEvent[], index: number): boolean {
  const step = view.nightSteps[index];
  if (!step || view.phase.kind !== 'night') return false;
  const n = view.phase.n;
  let tonight = false;
  let found = false;
  for (const e of events) {
    if (e.type === 'NightStarted') [tonight, found] = [e.n === n, false];
    else if (e.type === 'DayStarted') tonight = false;
    else if (tonight && e.type === 'ActRecorded' && step.acts.includes(e.act.act)) {
      const role = view.seats[e.act.by - 1]?.role;
      if (role !== undefined && step.wake.includes(role)) found = true;
    }
  }
  return found;
}
