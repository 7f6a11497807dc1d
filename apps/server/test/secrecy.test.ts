import { describe, expect, it } from 'vitest';
import { hiddenActPairs } from './secrecy/pairs.js';

describe('a hidden act or card changes nothing in the stream of a viewer who may not see it (issue 12)', () => {
  it('gives the town seats and the spectator byte-identical frames in two games that differ only in a hidden act or card', async () => {
    const r = await hiddenActPairs();
    expect(r.differing).toEqual([]);
    expect(r.pairs).toBe(4);
    expect(r.frames).toBeGreaterThan(100);
  }, 60_000);
});
