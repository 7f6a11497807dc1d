import type { Entry, TimerRec } from './records.js';

/**
 * FOR TESTS ONLY: the test clock (issue 25 item 6). With MAFIA_TEST_TIME_SCALE=0.1 every step the
 * server times (a speech, a vote, a night, the card pause) lasts a tenth of its length, so the
 * end-to-end games the app hosts do not wait on real 8–25 s timers. The room's own step lengths
 * (its `timers`, what the create form asked) are unchanged: only the deadline a new step's timer is
 * given is nearer, and since that timer is what the log keeps and every client is told, every
 * screen counts down to the moment the server's alarm fires.
 *
 * The rule: the server refuses to start with MAFIA_TEST_TIME_SCALE set unless NODE_ENV is `test`
 * (Vitest sets it, and the end-to-end harness's server inherits it). A club's server never runs
 * with NODE_ENV=test, so a stray variable in production stops the start instead of rushing games.
 */
export const TIME_SCALE_VARIABLE = 'MAFIA_TEST_TIME_SCALE';

/** The time scale the environment asks for: 1 (real time) when unset; an Error when it is refused. */
export function timeScaleFromEnv(env: NodeJS.ProcessEnv): number {
  const v = env[TIME_SCALE_VARIABLE];
  if (v === undefined || v === '') return 1;
  if (env.NODE_ENV !== 'test') throw new Error(`${TIME_SCALE_VARIABLE} shortens every step of every game and is for tests only: it is refused unless NODE_ENV=test`);
  const scale = Number(v);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1) throw new Error(`${TIME_SCALE_VARIABLE} must be a number above 0 and at most 1, not ${JSON.stringify(v)}`);
  return scale;
}

/**
 * A new step's timer on the test clock: every time of it (its deadline, its night steps, the
 * moment it stopped or the host opened a step) drawn towards its start by `scale`. The timer itself
 * at scale 1. Applied once, when a step's timer is made, never to a timer that is kept.
 */
export function scaleTimer(t: TimerRec, scale: number): TimerRec {
  if (scale === 1) return t;
  const at = (x: number): number => t.started + Math.round((x - t.started) * scale);
  return {
    ...t, deadline: at(t.deadline),
    ...(t.steps ? { steps: t.steps.map(at) } : {}),
    ...(t.pausedAt !== undefined ? { pausedAt: at(t.pausedAt) } : {}),
    ...(t.stepAt !== undefined ? { stepAt: at(t.stepAt) } : {}),
  };
}

/**
 * The entry with its timer on the test clock when it begins a new step: a timer of another step
 * (key) or kind (the card pause giving way to the night) than the room's running one. A timer
 * kept, moved by the host, stopped, resumed or re-based is the same step's and stays as it is, so
 * the scale is applied once per step. The entry itself at scale 1 or when it carries no timer.
 */
export function onTestClock(entry: Entry, running: TimerRec | null, scale: number): Entry {
  if (scale === 1 || !('timer' in entry.body)) return entry;
  const t = entry.body.timer;
  if (t === null || t === undefined || t === running) return entry;
  if (running !== null && running.key === t.key && running.kind === t.kind) return entry;
  return { ...entry, body: { ...entry.body, timer: scaleTimer(t, scale) } } as Entry;
}
