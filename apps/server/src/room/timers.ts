import { nightStepSeconds, type GameOptions, type StepTimer } from '@mafia/engine';
import { CARD_PAUSE_SECONDS, DEFAULT_TIMERS, type Timers } from '@mafia/protocol';
import type { TimerRec } from './records.js';

/**
 * The room's timers as stored: a room created before `nightStep` existed has `night` (the whole
 * night) instead; its nights keep that total, cut into equal steps.
 */
export type StoredTimers = Omit<Timers, 'nightStep'> & { readonly nightStep?: number; readonly night?: number };

/** Milliseconds of one night step: the room's `nightStep`, or an old room's whole night shared out. */
function stepMs(timers: StoredTimers, steps: number): number {
  if (timers.nightStep !== undefined) return timers.nightStep * 1000;
  return ((timers.night ?? DEFAULT_TIMERS.nightStep * Math.max(1, steps)) * 1000) / Math.max(1, steps);
}

/**
 * A night's timer: one step per step the engine says the night calls (`nightSteps`: the deck's,
 * alive or not, so the night's length tells nobody who is alive, R-NIGHT-4). Night 1 calls the same
 * steps (the introduction wakes the same roles), so it is timed alike. A deck without night steps
 * still gets one step's time.
 */
function nightTimer(key: string, n: number, timers: StoredTimers, now: number): TimerRec {
  const ms = Math.round(stepMs(timers, n));
  const steps = Array.from({ length: n }, (_, i) => now + i * ms);
  return { kind: 'night', key, deadline: now + ms * Math.max(1, n), started: now, steps };
}

/**
 * The timer after a step, executing the engine's timer effect (`step`: the step now running, its
 * key and kind as the engine decides them) with the room's step lengths: kept while the step goes
 * on, a fresh one when a new step begins.
 */
export function nextTimer(before: TimerRec | null, step: StepTimer | null, timers: StoredTimers, now: number): TimerRec | null {
  if (step === null) return null;
  if (before !== null && before.key === step.key) return before;
  if (step.kind === 'night') return nightTimer(step.key, step.nightSteps ?? 0, timers, now);
  const seconds = step.kind === 'speech' ? speechSeconds(step, timers) : timers[step.kind];
  return { kind: step.kind, key: step.key, deadline: now + Math.round(seconds * 1000), started: now };
}

/**
 * A next game's first timer (issue 23 point 5): before its night 1 (the `night` timer `first`) a
 * pause to look at the new cards, under the night's key, so no command during it starts the night's
 * clock; the night's own timer follows when it runs out (`nightAfterCards`). A game that begins
 * with a day has no night to hold back.
 */
export function cardPause(first: TimerRec | null, now: number): TimerRec | null {
  if (first === null || first.kind !== 'night') return first;
  return { kind: 'cards', key: first.key, started: now, deadline: now + CARD_PAUSE_SECONDS * 1000 };
}

/** The night's timer once the card pause is over (`night`: the engine's step now running): the night starts now. */
export function nightAfterCards(night: StepTimer | null, timers: StoredTimers, now: number): TimerRec | null {
  return nextTimer(null, night, timers, now);
}

/**
 * A day speech's length: the room's speech timer, or the engine's short speech when it shortened
 * this turn (R-FIIM-2: a 3rd foul with 3–4 alive, or option threeFouls `short-speech`) and that is
 * shorter. A room that asked for longer speeches keeps them for every other turn.
 */
function speechSeconds(step: StepTimer, timers: StoredTimers): number {
  return step.shortSeconds !== undefined ? Math.min(timers.speech, step.shortSeconds) : timers.speech;
}

/**
 * The timer with `addMs` more (or less) for the step running `now`. A day step: its deadline moves
 * (never before now). A night: only the step being called gets longer or shorter (never ending
 * before now), and every later step start and the deadline move by the same amount, so no step
 * that has begun starts again and no screen goes back a step.
 */
export function extendTimer(t: TimerRec, addMs: number, now: number): TimerRec {
  const starts = t.steps;
  if (starts === undefined || starts.length === 0) return { ...t, deadline: Math.max(now, t.deadline + addMs) };
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1]! <= now) i++;
  const end = i + 1 < starts.length ? starts[i + 1]! : t.deadline;
  const shift = Math.max(now, end + addMs) - end;
  return { ...t, deadline: t.deadline + shift, steps: starts.map((at, k) => (k > i ? at + shift : at)) };
}

/**
 * The room's step lengths: the speeches as the rules say (the preset's `speechSeconds`,
 * `defenceSeconds`, `lastWordSeconds` options: Piter's speech is 30 s, the extended deck's 180 s),
 * the night step per preset (`nightStepSeconds` of the engine: the table the create form shows),
 * the vote from DEFAULT_TIMERS; `timers` in the request overrides any of them.
 */
export function timersFor(preset: string, options: GameOptions, asked: Partial<Timers> | undefined): Timers {
  return {
    ...DEFAULT_TIMERS,
    speech: options.speechSeconds, defence: options.defenceSeconds, lastWords: options.lastWordSeconds,
    nightStep: nightStepSeconds(preset),
    ...asked,
  };
}
