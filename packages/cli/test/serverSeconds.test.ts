import type { ServerSecond } from '@mafia/protocol';
import { describe, expect, it } from 'vitest';
import { lateSecondsLines, lateSecondsOf } from '../src/loadtest/serverSeconds.js';

/** The load test's account of the server's seconds (issue 28): the latest seconds beside the average one. */

const second = (at: number, lagMaxMs: number, more: Partial<ServerSecond> = {}): ServerSecond => ({
  at, lagMaxMs, lagP99Ms: Math.min(lagMaxMs, 5), gcMs: 2, majorGcMs: 0, messages: 300, broadcasts: 300, commits: 200, writes: 300,
  commitMaxMs: 3, cpuMs: 600, mainRunMs: 450, mainWaitMs: 40, ...more,
});

describe('the server seconds of a load test', () => {
  it('sets_the_latest_seconds_beside_the_average_and_names_their_causes', () => {
    const from = 1_800_000_000_000;
    const seconds = [
      second(from - 5000, 900), // before the run: not counted
      ...Array.from({ length: 200 }, (_, i) => second(from + (i + 1) * 1000, 8)),
      second(from + 201_000, 140, { majorGcMs: 120, gcMs: 125 }),
      second(from + 202_000, 90, { mainWaitMs: 400 }),
    ];
    const l = lateSecondsOf(seconds, from, from + 202_000);
    expect(l.seconds).toBe(202);
    expect(l.late).toBe(2);
    expect(l.worst.map((s) => [s.offsetSeconds, s.lagMaxMs])).toEqual([[201, 140], [202, 90], [1, 8], [2, 8], [3, 8]]);
    // The latest five: two late ones and three ordinary.
    expect(l.latest.majorGcMs).toBe(24);
    expect(l.latest.mainWaitMs).toBe(112);
    expect(l.all.mainWaitMs).toBeCloseTo(41.8, 1);
    const lines = lateSecondsLines(l);
    expect(lines[0]).toContain('in 2');
    expect(lines[3]).toContain('at 201 s: loop max 140 ms; GC 125 ms (full 120)');
  });

  it('without_schedstat_says_nothing_of_the_main_thread', () => {
    const l = lateSecondsOf([second(2000, 60, { mainRunMs: null, mainWaitMs: null })], 1000, 2000);
    expect(l.all.mainWaitMs).toBeNull();
    expect(lateSecondsLines(l)[1]).not.toContain('main thread');
    expect(lateSecondsLines({ error: 'GET /api/metrics/seconds: 403' })).toEqual(["the server's seconds: not read (GET /api/metrics/seconds: 403)"]);
  });
});
