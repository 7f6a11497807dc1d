/**
 * The server's own account of a load test (issue 28): GET /api/metrics (Prometheus text) read
 * before the games start and after they end, and the difference of its histograms, so that a
 * latency is known stage by stage and known to be the server's.
 */

interface Histogram {
  /** Cumulative counts by upper bound, in the order given (ascending, +Inf last). */
  readonly buckets: [number, number][];
  sum: number;
  count: number;
}

export type Histograms = Map<string, Histogram>;

export interface Quantiles {
  readonly count: number;
  readonly meanMs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  /** The upper bound of the highest bucket anything fell in (the histogram's max, to its bucket); null above the top bucket. */
  readonly maxLeMs: number | null;
}

export interface ServerAccount {
  /** Each stage of a message (apps/server/src/room/stages.ts), over the run. */
  readonly stages: Readonly<Record<string, Quantiles>>;
  /** The room log's group commits over the run. */
  readonly commits: Quantiles | null;
  /** The writes each of those commits held (mean, p50, p95, p99 as counts, in the `…Ms` fields' places). */
  readonly commitWrites: Quantiles | null;
  /** Garbage collection over the run, seconds by kind. */
  readonly gcSeconds: Readonly<Record<string, number>>;
  /** The server's event-loop delay since the first read (prom-client resets it at each read; includes its 10 ms resolution). */
  readonly eventLoopP99Ms: number | null;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})? ([^ ]+)/;

/** The histograms (and plain samples, under their full name) of a Prometheus text exposition. */
export function parseMetrics(text: string): { histograms: Histograms; samples: Map<string, number> } {
  const histograms: Histograms = new Map();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const [, name, labelText = '', raw] = m;
    const value = Number(raw);
    const labels = [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!] as const);
    const key = (base: string) => `${base}{${labels.filter(([k]) => k !== 'le').map(([k, v]) => `${k}=${v}`).join(',')}}`;
    const of = (base: string): Histogram => {
      let h = histograms.get(key(base));
      if (!h) histograms.set(key(base), (h = { buckets: [], sum: 0, count: 0 }));
      return h;
    };
    if (name!.endsWith('_bucket')) {
      const le = labels.find(([k]) => k === 'le')?.[1];
      of(name!.slice(0, -'_bucket'.length)).buckets.push([le === '+Inf' ? Infinity : Number(le), value]);
    } else if (name!.endsWith('_sum')) of(name!.slice(0, -'_sum'.length)).sum = value;
    else if (name!.endsWith('_count')) of(name!.slice(0, -'_count'.length)).count = value;
    else samples.set(key(name!), value);
  }
  // A `_sum` or `_count` of a summary or a counter made a "histogram" without buckets: not one.
  for (const [k, h] of histograms) if (h.buckets.length === 0) histograms.delete(k);
  return { histograms, samples };
}

/** What was observed between two reads of the same histogram. */
export function since(after: Histogram, before: Histogram | undefined): Histogram {
  if (!before) return after;
  return {
    buckets: after.buckets.map(([le, n], i) => [le, n - (before.buckets[i]?.[1] ?? 0)]),
    sum: after.sum - before.sum,
    count: after.count - before.count,
  };
}

/** Prometheus's histogram_quantile: linear within the bucket the rank falls in (seconds). */
export function quantile(h: Histogram, q: number): number {
  if (h.count === 0) return 0;
  const rank = q * h.count;
  let lower = 0;
  let below = 0;
  for (const [le, n] of h.buckets) {
    if (n >= rank) {
      if (le === Infinity) return lower;
      return lower + (le - lower) * ((rank - below) / Math.max(1, n - below));
    }
    lower = le;
    below = n;
  }
  return lower;
}

/** The upper bound of the highest bucket that holds an observation (seconds); Infinity above the top bound, 0 when empty. */
export function maxBound(h: Histogram): number {
  for (const [le, n] of h.buckets) if (n >= h.count && h.count > 0) return le;
  return h.count > 0 ? Infinity : 0;
}

/** The server's stages in the order a message goes through them (apps/server/src/room/stages.ts). */
const STAGE_ORDER = ['parse', 'wait', 'engine', 'durable', 'projection', 'serialise', 'send', 'total'];
const order = (stage: string): number => (STAGE_ORDER.indexOf(stage) + STAGE_ORDER.length + 1) % (STAGE_ORDER.length + 1);

const ms = (s: number): number => Math.round(s * 10_000) / 10;
/** `unit`: 1000 for seconds shown as milliseconds, 1 for a count shown as it is. */
export function quantilesOf(h: Histogram, unit = 1000): Quantiles {
  const r = (v: number) => Math.round(v * unit * 10) / 10;
  const max = maxBound(h);
  return {
    count: h.count, meanMs: h.count ? r(h.sum / h.count) : 0, p50Ms: r(quantile(h, 0.5)), p95Ms: r(quantile(h, 0.95)), p99Ms: r(quantile(h, 0.99)),
    maxLeMs: max === Infinity ? null : r(max),
  };
}

/** The run's account from the two reads of /api/metrics. */
export function accountOf(beforeText: string, afterText: string): ServerAccount {
  const before = parseMetrics(beforeText);
  const after = parseMetrics(afterText);
  const stages: Record<string, Quantiles> = {};
  let commits: Quantiles | null = null;
  let commitWrites: Quantiles | null = null;
  const gcSeconds: Record<string, number> = {};
  for (const [key, h] of after.histograms) {
    const stage = /^mafia_message_stage_seconds\{stage=(\w+)\}$/.exec(key)?.[1];
    if (stage) stages[stage] = quantilesOf(since(h, before.histograms.get(key)));
    const kind = /^nodejs_gc_duration_seconds\{kind=(\w+)\}$/.exec(key)?.[1];
    if (kind) gcSeconds[kind] = Math.round(since(h, before.histograms.get(key)).sum * 100) / 100;
    if (key === 'mafia_storage_commit_seconds{}') commits = quantilesOf(since(h, before.histograms.get(key)));
    if (key === 'mafia_storage_commit_writes{}') commitWrites = quantilesOf(since(h, before.histograms.get(key)), 1);
  }
  const sorted = Object.fromEntries(Object.entries(stages).sort(([a], [b]) => order(a) - order(b)));
  const lag = after.samples.get('nodejs_eventloop_lag_p99_seconds{}');
  return { stages: sorted, commits, commitWrites, gcSeconds, eventLoopP99Ms: lag === undefined ? null : ms(lag) };
}

/**
 * GET one of the server's metrics endpoints (with METRICS_TOKEN as a bearer token when given) and
 * read its body with `read`, or why it could not be read (a server elsewhere without the token, an
 * old server, a body not of the expected shape).
 */
export async function readMetricsPath<T>(base: string, path: string, token: string | undefined, read: (r: Response) => Promise<T | { readonly error: string }>): Promise<T | { readonly error: string }> {
  try {
    const r = await fetch(`${base}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    if (!r.ok) return { error: `GET ${path}: ${r.status}` };
    return await read(r);
  } catch (e) {
    return { error: `GET ${path}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** GET /api/metrics (Prometheus text), or why it could not be read. */
export const readMetrics = (base: string, token: string | undefined): Promise<string | { readonly error: string }> =>
  readMetricsPath(base, '/api/metrics', token, (r) => r.text());
