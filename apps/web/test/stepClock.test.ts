import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nightStepAt } from '../src/night/stepClock.js';

describe('the night step clock (R-NIGHT-4)', () => {
  const timer = { started: 1_000, deadline: 31_000 };

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
