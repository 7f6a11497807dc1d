import { serverSecondsSchema, type ServerSecond } from '@mafia/protocol';
import { readMetricsPath } from './serverMetrics.js';

/**
 * The server's late seconds over a load test (issue 28: event-loop lag sampled with its cause):
 * GET /api/metrics/seconds gives each second's loop delay beside its collections, messages,
 * commits, CPU and the main thread's wait for a core; here the latest seconds are set beside the
 * average second, so that what made them late shows.
 */

/** The means of a set of seconds, of the figures that can make one late. */
export interface SecondMeans {
  readonly lagMaxMs: number;
  readonly gcMs: number;
  readonly majorGcMs: number;
  readonly messages: number;
  readonly broadcasts: number;
  readonly commits: number;
  readonly commitMaxMs: number;
  readonly cpuMs: number;
  readonly mainRunMs: number | null;
  readonly mainWaitMs: number | null;
}

export interface LateSeconds {
  /** Seconds of the run the server kept. */
  readonly seconds: number;
  /** Of them, those whose loop delay reached LATE_MS. */
  readonly late: number;
  readonly all: SecondMeans;
  /** The latest 1% of the seconds (at least five). */
  readonly latest: SecondMeans;
  /** The five latest, from the run's start. */
  readonly worst: readonly (ServerSecond & { readonly offsetSeconds: number })[];
}

export const LATE_MS = 50;

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10);

function meansOf(s: readonly ServerSecond[]): SecondMeans {
  const of = (k: 'lagMaxMs' | 'gcMs' | 'majorGcMs' | 'messages' | 'broadcasts' | 'commits' | 'commitMaxMs' | 'cpuMs') => mean(s.map((x) => x[k]));
  const known = (k: 'mainRunMs' | 'mainWaitMs') => {
    const xs = s.flatMap((x) => (x[k] === null ? [] : [x[k]]));
    return xs.length === 0 ? null : mean(xs);
  };
  return {
    lagMaxMs: of('lagMaxMs'), gcMs: of('gcMs'), majorGcMs: of('majorGcMs'), messages: of('messages'), broadcasts: of('broadcasts'), commits: of('commits'),
    commitMaxMs: of('commitMaxMs'), cpuMs: of('cpuMs'), mainRunMs: known('mainRunMs'), mainWaitMs: known('mainWaitMs'),
  };
}

/** The account of the seconds between `fromMs` and `toMs` (epoch). */
export function lateSecondsOf(all: readonly ServerSecond[], fromMs: number, toMs: number): LateSeconds {
  const run = all.filter((s) => s.at > fromMs && s.at <= toMs + 1000);
  const byLag = [...run].sort((a, b) => b.lagMaxMs - a.lagMaxMs);
  return {
    seconds: run.length,
    late: run.filter((s) => s.lagMaxMs >= LATE_MS).length,
    all: meansOf(run),
    latest: meansOf(byLag.slice(0, Math.max(5, Math.ceil(run.length / 100)))),
    worst: byLag.slice(0, 5).map((s) => ({ ...s, offsetSeconds: Math.round((s.at - fromMs) / 1000) })),
  };
}

/** GET /api/metrics/seconds, or why it could not be read. */
export const readSeconds = (base: string, token: string | undefined): Promise<ServerSecond[] | { readonly error: string }> =>
  readMetricsPath(base, '/api/metrics/seconds', token, async (r) => {
    const parsed = serverSecondsSchema.safeParse(await r.json());
    return parsed.success ? parsed.data.seconds : { error: 'GET /api/metrics/seconds: not the expected shape' };
  });

const main = (m: { mainRunMs: number | null; mainWaitMs: number | null }): string =>
  m.mainRunMs === null ? '' : `, main thread on a core ${m.mainRunMs} ms and waiting for one ${m.mainWaitMs} ms`;

/** The lines `mafia loadtest` prints. */
export function lateSecondsLines(l: LateSeconds | { readonly error: string }): string[] {
  if ('error' in l) return [`the server's seconds: not read (${l.error})`];
  const line = (m: SecondMeans) => `loop max ${m.lagMaxMs} ms; GC ${m.gcMs} ms (full ${m.majorGcMs})${main(m)}, process CPU ${m.cpuMs} ms; ${m.messages} messages, ${m.broadcasts} broadcasts, ${m.commits} commits (longest ${m.commitMaxMs} ms)`;
  return [
    `the server's seconds (its /api/metrics/seconds): ${l.seconds}, the event loop ${LATE_MS} ms late or more in ${l.late}`,
    `  the average second:  ${line(l.all)}`,
    `  the latest 1% (mean): ${line(l.latest)}`,
    ...l.worst.map((s) => `  at ${s.offsetSeconds} s: ${line(s)}`),
  ];
}
