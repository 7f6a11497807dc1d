import { createGame, transition, type Command, type GameState } from '@mafia/engine';
import { DEFAULT_TIMERS } from '@mafia/protocol';
import { describe, expect, it } from 'vitest';
import { nextTimer, stepKey, timerKind } from '../src/room/timers.js';

const game = () => {
  const t = createGame({ preset: 'classic', players: 10, seed: 7 });
  if (!t.ok) throw new Error(t.error.message);
  return t.game;
};
const step = (g: ReturnType<typeof game>, c: Command) => {
  const t = transition(g, c);
  if (!t.ok) throw new Error(t.error.message);
  return t.game;
};

describe('step timers', () => {
  it('gives the night, then each speech, its own timer with an absolute deadline', () => {
    let g = game();
    expect(timerKind(g.state)).toBe('night');
    const night = nextTimer(null, g.state, DEFAULT_TIMERS, 1_000);
    expect(night).toEqual({ kind: 'night', key: stepKey(g.state), deadline: 1_000 + 30_000, started: 1_000 });
    g = step(g, { type: 'endNight' });
    const speech1 = nextTimer(night, g.state, DEFAULT_TIMERS, 5_000);
    expect(speech1).toMatchObject({ kind: 'speech', deadline: 5_000 + 60_000, started: 5_000 });
    // The same step keeps its timer: the deadline does not move.
    expect(nextTimer(speech1, g.state, DEFAULT_TIMERS, 9_000)).toBe(speech1);
    g = step(g, { type: 'endSpeech' });
    const speech2 = nextTimer(speech1, g.state, DEFAULT_TIMERS, 9_000);
    expect(speech2!.key).not.toBe(speech1!.key);
    expect(speech2!.deadline).toBe(9_000 + 60_000);
  });

  it('has no timer once the game is over', () => {
    const g = step(game(), { type: 'override', action: { kind: 'endGame', winner: 'town' } });
    expect(stepKey(g.state)).toBeNull();
    expect(nextTimer(null, g.state, DEFAULT_TIMERS, 0)).toBeNull();
  });

  it('times the Rake\'s choice like a vote, so an app-hosted room never waits for it for ever (R-HOST-2)', () => {
    const rake = { phase: { kind: 'day', n: 3 }, day: { n: 3, stage: 'rake', speakerIndex: 0, round: 0, candidates: [], emergency: false } } as unknown as GameState;
    expect(timerKind(rake)).toBe('vote');
    expect(nextTimer(null, rake, DEFAULT_TIMERS, 0)).toMatchObject({ kind: 'vote', deadline: DEFAULT_TIMERS.vote * 1000 });
  });
});
