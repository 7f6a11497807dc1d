import type { Logger } from 'pino';

/**
 * Refusals counted per code, not logged one line each: a flood of bad messages would otherwise be
 * a flood of log lines (disk, and the event loop's time). /api/health shows the totals; at most one
 * summary line per interval says what was refused since the last one.
 */
export class RefusalCounter {
  private readonly totals = new Map<string, number>();
  private recent = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly log: Logger, intervalMs = 60_000) {
    this.timer = setInterval(() => this.summarize(), intervalMs);
    this.timer.unref();
  }

  count(code: string): void {
    this.totals.set(code, (this.totals.get(code) ?? 0) + 1);
    this.recent.set(code, (this.recent.get(code) ?? 0) + 1);
  }

  /** Every refusal since the server started, by code (the codes are the server's own: a bounded set). */
  snapshot(): Record<string, number> {
    return Object.fromEntries(this.totals);
  }

  /** One line for everything refused since the last summary, if anything was. */
  summarize(): void {
    if (this.recent.size === 0) return;
    this.log.warn({ refused: Object.fromEntries(this.recent) }, 'refused messages');
    this.recent = new Map();
  }

  close(): void {
    clearInterval(this.timer);
    this.summarize();
  }
}
