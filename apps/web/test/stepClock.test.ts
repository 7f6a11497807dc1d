import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nightStepAt } from '../src/night/stepClock.js';

describe('the night step clock (R-NIGHT-4)', () => {
  const timer = { started: 1_000, deadline: 31_000 };

  it('reads each step from its own start when the timer carries the starts', () => {
    const t = { started: 1_000, deadline: 46_000, steps: [1_000, 16_000, 41_000] };
    expect(nightStepAt(t, 3, 15_999)).toEqual({ step: 0, leftInStep: 1, slice: 15_000 });
    expect(nightStepAt(t, 3, 16_000)).toEqual({ step: 1, leftInStep: 25_000, slice: 25_000 });
    expect(nightStepAt(t, 3, 45_000)).toEqual({ step: 2, leftInStep: 1_000, slice: 5_000 });
    expect(nightStepAt(t, 3, 50_000)).toEqual({ step: 2, leftInStep: 0, slice: 5_000 });
  });

  it('shows the human host\'s step, not the clock\'s, timed from when he opened it (issue 23 point 1)', () => {
    const t = { started: 1_000, deadline: 46_000, steps: [1_000, 16_000, 31_000] };
    // 40 s in the clock is on step 3; the host is still on the mafia's step 1.
    expect(nightStepAt({ ...t, step: 0, stepAt: 1_000 }, 3, 40_000)).toEqual({ step: 0, leftInStep: 0, slice: 15_000 });
    // He opens step 2 at 40 s: every screen is on step 2 with one step's time from then.
    expect(nightStepAt({ ...t, step: 1, stepAt: 40_000 }, 3, 45_000)).toEqual({ step: 1, leftInStep: 10_000, slice: 15_000 });
    // Held while the clock is stopped; a step past the script's end shows its last step.
    expect(nightStepAt({ ...t, step: 1, stepAt: 40_000, pausedAt: 42_000 }, 3, 99_000).leftInStep).toBe(13_000);
    expect(nightStepAt({ ...t, step: 7, stepAt: 40_000 }, 3, 41_000).step).toBe(2);
  });

  it('cuts a night without step starts (or with starts for another count) into equal slices', () => {
    expect(nightStepAt({ ...timer, steps: [1_000, 2_000] }, 3, 11_000).step).toBe(1);
  });

  it('adding_time_never_moves_a_step_back', () => {
    // The server's +10 s at night (docs/wire-protocol.md): the step running at `now` ends `add` later,
    // the later starts and the deadline move with it. Seen from then on, no screen goes back a step.
    const extend = (t: { started: number; deadline: number; steps: number[] }, add: number, now: number) => {
      let i = 0;
      while (i + 1 < t.steps.length && t.steps[i + 1]! <= now) i++;
      const end = i + 1 < t.steps.length ? t.steps[i + 1]! : t.deadline;
      const shift = Math.max(now, end + add) - end;
      return { started: t.started, deadline: t.deadline + shift, steps: t.steps.map((at, k) => (k > i ? at + shift : at)) };
    };
    // The old equal-slice clock sent every phone back a step here: 16 s into a 3 × 10 s night, +10 s.
    const t = { started: 1_000, deadline: 31_000, steps: [1_000, 11_000, 21_000] };
    expect(nightStepAt(t, 3, 16_000).step).toBe(1);
    const longer = extend(t, 10_000, 16_000);
    expect(nightStepAt(longer, 3, 16_000)).toEqual({ step: 1, leftInStep: 15_000, slice: 20_000 });
    expect(nightStepAt(longer, 3, 31_000).step).toBe(2);
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 0, max: 300_000 }), fc.integer({ min: -600, max: 600 }).filter((n) => n !== 0), fc.integer({ min: 0, max: 100_000 }),
      (steps, stepMs, at, addSeconds, later) => {
        const t0 = { started: 10_000, deadline: 10_000 + steps * stepMs, steps: Array.from({ length: steps }, (_, i) => 10_000 + i * stepMs) };
        const before = nightStepAt(t0, steps, at).step;
        const t1 = extend(t0, addSeconds * 1000, at);
        const after = nightStepAt(t1, steps, at).step;
        expect(after).toBeGreaterThanOrEqual(before);
        // More time keeps the step being called; less may only move on.
        if (addSeconds > 0) expect(after).toBe(before);
        expect(nightStepAt(t1, steps, at + later).step).toBeGreaterThanOrEqual(after);
      }));
  });

  it('a_paused_night_does_not_move_on', () => {
    // Paused 5 s into step 1 of a 3 × 10 s night: however long the pause, every screen stays there.
    const t = { started: 1_000, deadline: 31_000, steps: [1_000, 11_000, 21_000], pausedAt: 16_000 };
    const atPause = nightStepAt(t, 3, 16_000);
    expect(atPause).toEqual({ step: 1, leftInStep: 5_000, slice: 10_000 });
    expect(nightStepAt(t, 3, 25_000)).toEqual(atPause);
    expect(nightStepAt(t, 3, 90_000)).toEqual(atPause);
    // Equal slices (no `steps`) stand still the same way.
    expect(nightStepAt({ started: 1_000, deadline: 31_000, pausedAt: 16_000 }, 3, 90_000)).toEqual(atPause);
    // Resumed after 60 s: the server shifts everything by the pause, the step goes on from where it stood.
    const shift = 60_000;
    const resumed = { started: t.started + shift, deadline: t.deadline + shift, steps: t.steps.map((s) => s + shift) };
    expect(nightStepAt(resumed, 3, 16_000 + shift)).toEqual(atPause);
    expect(nightStepAt(resumed, 3, 21_000 + shift).step).toBe(2);
  });

  it('cuts the night into equal slices, one per step', () => {
    expect(nightStepAt(timer, 3, 1_000).step).toBe(0);
    expect(nightStepAt(timer, 3, 10_999).step).toBe(0);
    expect(nightStepAt(timer, 3, 11_000).step).toBe(1);
    expect(nightStepAt(timer, 3, 21_000).step).toBe(2);
    expect(nightStepAt(timer, 3, 16_000)).toEqual({ step: 1, leftInStep: 5_000, slice: 10_000 });
  });

  it('stays on the first step before the start and the last step after the deadline', () => {
    expect(nightStepAt(timer, 4, 0).step).toBe(0);
    expect(nightStepAt(timer, 4, 99_000)).toEqual({ step: 3, leftInStep: 0, slice: 7_500 });
  });

  it('has no step without steps, and the first step without a timer', () => {
    expect(nightStepAt(timer, 0, 5_000).step).toBe(-1);
    expect(nightStepAt(null, 3, 5_000).step).toBe(0);
  });

  it('stretches the slices when the host moves the deadline', () => {
    expect(nightStepAt({ started: 1_000, deadline: 61_000 }, 3, 16_000).step).toBe(0);
  });

  it('never goes back in time and always names a step in range', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 200_000 }),
      (steps, length, a, b) => {
        const t = { started: 10_000, deadline: 10_000 + length };
        const [early, late] = a <= b ? [a, b] : [b, a];
        const x = nightStepAt(t, steps, early).step;
        const y = nightStepAt(t, steps, late).step;
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThan(steps);
        expect(y).toBeGreaterThanOrEqual(x);
      }));
  });
});

describe('the narrator with a human host (issue 23 point 1)', () => {
  it('follows the host\'s step and does not end the night on the clock', async () => {
    const { beatOf } = await import('../src/narrator/lines.js');
    const { createGame, project } = await import('@mafia/engine');
    const g = createGame({ preset: 'sport', roles: ['don', 'mafia', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'] });
    if (!g.ok) throw new Error('no game');
    const view = project(g.game.state, { kind: 'spectator' });
    const timer = { kind: 'night' as const, started: 0, deadline: 45_000, steps: [0, 15_000, 30_000] };
    expect(beatOf({ view, timer: { ...timer, step: 1, stepAt: 0 } }, 1_000).step).toBe(1);
    expect(beatOf({ view, timer: { ...timer, step: 0, stepAt: 0 } }, 60_000)).toMatchObject({ step: 0, nightOver: false });
    expect(beatOf({ view, timer }, 60_000)).toMatchObject({ step: 2, nightOver: true });
  });
});
