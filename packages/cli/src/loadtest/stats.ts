/** Latency samples in milliseconds and their percentiles (nearest rank). */
export class Latencies {
  private readonly samples: number[] = [];

  add(ms: number): void {
    this.samples.push(ms);
  }

  get count(): number {
    return this.samples.length;
  }

  /** The samples from `from` on (a worker thread sends its new ones to the main thread). */
  slice(from = 0): number[] {
    return this.samples.slice(from);
  }

  addAll(ms: readonly number[]): void {
    for (const x of ms) this.samples.push(x);
  }

  /**
   * Nearest-rank percentiles of the samples from `from` on (all of them by default). The load test's
   * progress line asks for the last few seconds' only: sorting every sample every few seconds would
   * stall its event loop for tens of milliseconds, and that stall would be in the latencies it measures.
   */
  percentiles(from = 0): { p50: number; p95: number; p99: number; max: number } {
    const s = this.samples.slice(from).sort((a, b) => a - b);
    const at = (p: number) => (s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]);
    const r = (x: number) => Math.round(x * 10) / 10;
    return { p50: r(at(50)), p95: r(at(95)), p99: r(at(99)), max: r(s.length ? s[s.length - 1] : 0) };
  }
}

/** Counts by key (error codes, refusal codes). */
export class Tally {
  readonly counts: Record<string, number> = {};
  add(key: string): void {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }
  /** Adds another tally's counts (a worker thread's, at its end). */
  merge(counts: Readonly<Record<string, number>>): void {
    for (const [k, n] of Object.entries(counts)) this.counts[k] = (this.counts[k] ?? 0) + n;
  }

  get total(): number {
    return Object.values(this.counts).reduce((a, b) => a + b, 0);
  }
}
