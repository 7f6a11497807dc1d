import type { GameState } from '@mafia/engine';
import type { Timers } from '@mafia/protocol';
import type { TimerRec } from './records.js';

/**
 * The step a state is in, as a string: a new key means a new step, and so a new timer. A speech is
 * one step per speaker, a vote one per round.
 */
export function stepKey(s: GameState): string | null {
  const p = s.phase;
  if (p.kind === 'ended') return null;
  if (p.kind === 'night') return `night/${p.n}`;
  const d = s.day;
  if (!d) return `day/${p.n}`;
  return `day/${d.n}/${d.emergency ? 'e' : ''}/${d.stage}/${d.speakerIndex}/${d.round}/${d.candidates.length}`;
}

export function timerKind(s: GameState): keyof Timers | null {
  const p = s.phase;
  if (p.kind === 'ended') return null;
  if (p.kind === 'night') return 'night';
  switch (s.day?.stage) {
    case 'lastWords': return 'lastWords';
    case 'speeches': return 'speech';
    case 'defence': return 'defence';
    case 'vote':
    case 'lift':
    // The executed Rake chooses whom he takes within a vote's time (R-HOST-2: an untimed step
    // would wait for ever in a room the app hosts; time up takes the host's default choice).
    case 'rake': return 'vote';
    default: return null;
  }
}

/** The timer after a step: kept while the step goes on, a fresh one when a new step begins. */
export function nextTimer(before: TimerRec | null, s: GameState, timers: Timers, now: number): TimerRec | null {
  const key = stepKey(s);
  const kind = timerKind(s);
  if (key === null || kind === null) return null;
  if (before !== null && before.key === key) return before;
  return { kind, key, deadline: now + Math.round(timers[kind] * 1000), started: now };
}
