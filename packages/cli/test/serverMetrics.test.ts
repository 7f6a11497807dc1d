import { describe, expect, it } from 'vitest';
import { accountOf, parseMetrics, quantile } from '../src/loadtest/serverMetrics.js';

/** The load test's reading of the server's /api/metrics (issue 28): histograms, their difference, quantiles. */

const exposition = (stage: Record<string, number[]>, sums: Record<string, number>, gc: number, lag: number) => [
  '# HELP mafia_message_stage_seconds time per stage',
  '# TYPE mafia_message_stage_seconds histogram',
  ...Object.entries(stage).flatMap(([name, counts]) => [
    ...['0.001', '0.01', '0.1', '+Inf'].map((le, i) => `mafia_message_stage_seconds_bucket{le="${le}",stage="${name}"} ${counts[i]}`),
    `mafia_message_stage_seconds_sum{stage="${name}"} ${sums[name]}`,
    `mafia_message_stage_seconds_count{stage="${name}"} ${counts[3]}`,
  ]),
  'mafia_storage_commit_seconds_bucket{le="0.001"} 4',
  'mafia_storage_commit_seconds_bucket{le="+Inf"} 4',
  'mafia_storage_commit_seconds_sum 0.002',
  'mafia_storage_commit_seconds_count 4',
  `nodejs_gc_duration_seconds_bucket{le="1",kind="minor"} 3`,
  `nodejs_gc_duration_seconds_bucket{le="+Inf",kind="minor"} 3`,
  `nodejs_gc_duration_seconds_sum{kind="minor"} ${gc}`,
  `nodejs_gc_duration_seconds_count{kind="minor"} 3`,
  `nodejs_eventloop_lag_p99_seconds ${lag}`,
  'mafia_rooms 12',
].join('\n');

describe('the server account of a load test', () => {
  it('quantile_interpolates_within_the_bucket_the_rank_falls_in', () => {
    const { histograms } = parseMetrics(exposition({ total: [0, 50, 100, 100] }, { total: 2 }, 0, 0));
    const h = histograms.get('mafia_message_stage_seconds{stage=total}')!;
    expect(h.count).toBe(100);
    // Ranks 1-50 fall in (0.001, 0.01], 51-100 in (0.01, 0.1].
    expect(quantile(h, 0.5)).toBeCloseTo(0.01, 10);
    expect(quantile(h, 0.25)).toBeCloseTo(0.0055, 10);
    expect(quantile(h, 0.99)).toBeCloseTo(0.01 + 0.09 * (49 / 50), 10);
  });

  it('accounts_for_what_was_observed_between_the_two_reads_only', () => {
    const before = exposition({ total: [10, 10, 10, 10], wait: [5, 5, 5, 5] }, { total: 0.005, wait: 0.001 }, 0.1, 0.05);
    const after = exposition({ total: [10, 10, 110, 110], wait: [105, 105, 105, 105], parse: [7, 7, 7, 7] }, { total: 5.005, wait: 0.051, parse: 0.0007 }, 0.35, 0.0123);
    const a = accountOf(before, after);
    // The ten fast commands before the run do not count: its hundred took 10-100 ms.
    expect(a.stages.total).toEqual({ count: 100, meanMs: 50, p50Ms: 55, p95Ms: 95.5, p99Ms: 99.1, maxLeMs: 100 });
    expect(a.stages.wait!.count).toBe(100);
    expect(a.stages.wait!.meanMs).toBe(0.5);
    expect(a.stages.parse!.count).toBe(7);
    // In the order a message goes through the stages, whatever order the server printed them in.
    expect(Object.keys(a.stages)).toEqual(['parse', 'wait', 'total']);
    expect(a.commits).toEqual({ count: 0, meanMs: 0, p50Ms: 0, p95Ms: 0, p99Ms: 0, maxLeMs: 0 });
    expect(a.commitWrites).toBeNull();
    expect(a.gcSeconds).toEqual({ minor: 0.25 });
    expect(a.eventLoopP99Ms).toBe(12.3);
  });

  it('max_is_the_bound_of_the_highest_bucket_anything_fell_in', () => {
    const before = exposition({ total: [0, 0, 0, 0] }, { total: 0 }, 0, 0);
    expect(accountOf(before, exposition({ total: [3, 4, 4, 4] }, { total: 0.01 }, 0, 0)).stages.total!.maxLeMs).toBe(10);
    // One observation above the top bound: no bound to give.
    expect(accountOf(before, exposition({ total: [3, 4, 4, 5] }, { total: 2 }, 0, 0)).stages.total!.maxLeMs).toBeNull();
  });

  it('a_histogram_without_buckets_is_not_taken_for_one', () => {
    const { histograms, samples } = parseMetrics('process_cpu_seconds_total 3\nfoo_sum 1\nfoo_count 2\nmafia_rooms 12');
    expect([...histograms.keys()]).toEqual([]);
    expect(samples.get('mafia_rooms{}')).toBe(12);
  });
});
