import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import type { ServerSecond } from '@mafia/protocol';

/** How many seconds the log keeps: a load test's run, or the last quarter of an hour. */
export const SECONDS_KEPT = 900;

/** The main thread's schedstat (Linux): time on a core and time runnable but waiting for one, ns. */
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

function readSchedstat(): [number, number] | null {
  try {
    const [run, wait] = readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? [run!, wait!] : null;
  } catch {
    return null;
  }
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

/** The resolution every event-loop delay monitor of the server samples at (ms). */
export const LOOP_RESOLUTION_MS = 10;

/** A monitor's figure (ns) as lateness (ms): its histogram holds the time between its ticks, so the tick is taken off. */
export const lateMs = (ns: number): number => round(Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS));

const noWork = () => ({ messages: 0, broadcasts: 0, commits: 0, writes: 0, commitMaxMs: 0, gcMs: 0, majorGcMs: 0 });
/** V8's full collections (NODE_PERFORMANCE_GC_MAJOR). */
const GC_MAJOR = 4;

/**
 * The event loop's delay second by second, beside what ran in that second (issue 28: lag sampled
 * with its cause): collections, messages, broadcasts, commits, the process's CPU and the main
 * thread's wait for a core. A late second then says whether the collector, a burst of work or
 * another thread holding the cores made it late.
 */
export class SecondLog {
  private readonly kept: ServerSecond[] = [];
  private readonly delay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  private readonly gc = new PerformanceObserver((list) => this.collected(list.getEntries()));
  private timer: NodeJS.Timeout | null = null;
  private work = noWork();
  private cpu = process.cpuUsage();
  private sched = readSchedstat();

  start(): void {
    if (this.timer) return;
    this.delay.enable();
    this.gc.observe({ entryTypes: ['gc'] });
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.delay.disable();
    this.gc.disconnect();
  }

  message(): void {
    this.work.messages++;
  }

  broadcast(): void {
    this.work.broadcasts++;
  }

  commit(ms: number, writes: number): void {
    this.work.commits++;
    this.work.writes += writes;
    this.work.commitMaxMs = Math.max(this.work.commitMaxMs, ms);
  }

  /** The seconds kept, oldest first. */
  seconds(): ServerSecond[] {
    return [...this.kept];
  }

  private collected(entries: readonly PerformanceEntry[]): void {
    for (const e of entries) {
      this.work.gcMs += e.duration;
      const detail: unknown = Reflect.get(e, 'detail');
      const kind = typeof detail === 'object' && detail !== null ? Reflect.get(detail, 'kind') : undefined;
      if (kind === GC_MAJOR) this.work.majorGcMs += e.duration;
    }
  }

  private tick(): void {
    const cpu = process.cpuUsage(this.cpu);
    this.cpu = process.cpuUsage();
    const sched = readSchedstat();
    const before = this.sched;
    this.sched = sched;
    const w = this.work;
    this.kept.push({
      at: Date.now(),
      lagMaxMs: lateMs(this.delay.max), lagP99Ms: lateMs(this.delay.percentile(99)),
      gcMs: round(w.gcMs), majorGcMs: round(w.majorGcMs),
      messages: w.messages, broadcasts: w.broadcasts, commits: w.commits, writes: w.writes, commitMaxMs: round(w.commitMaxMs),
      cpuMs: round((cpu.user + cpu.system) / 1000),
      mainRunMs: sched && before ? round((sched[0] - before[0]) / 1e6) : null,
      mainWaitMs: sched && before ? round((sched[1] - before[1]) / 1e6) : null,
    });
    if (this.kept.length > SECONDS_KEPT) this.kept.shift();
    this.delay.reset();
    this.work = noWork();
  }
}
