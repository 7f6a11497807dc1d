import type { ClockOptions } from './roomState';

/** The injected clock and timers, with the browser's as defaults. */
export class Timers {
  constructor(private readonly o: ClockOptions) {}

  now(): number {
    return (this.o.now ?? Date.now)();
  }

  timeout(f: () => void, ms: number): unknown {
    return (this.o.setTimeout ?? ((g: () => void, t: number) => globalThis.setTimeout(g, t)))(f, ms);
  }

  clear(t: unknown): void {
    (this.o.clearTimeout ?? ((x: unknown) => globalThis.clearTimeout(x as ReturnType<typeof setTimeout>)))(t);
  }
}

export interface PingOptions {
  /** Ping this often while open (ms; 0 = never); default 25 s. */
  readonly pingEveryMs?: number;
  /** A ping not answered within this drops the connection (ms; 0 = never); default 10 s. */
  readonly pongTimeoutMs?: number;
}

/** What the ping clock needs of the connection. */
export interface PingLink {
  isOpen(): boolean;
  sendPing(): void;
  /** No pong in time: the connection is dead even if the socket does not say so. */
  silent(): void;
}

/**
 * Pings the server while the connection is open, drops it when a pong is late, and works out the
 * server's clock from each pong (the server's `now` against the middle of the round trip).
 */
export class PingClock {
  private pingTimer: unknown = null;
  private pongTimer: unknown = null;
  private pingSentAt = 0;

  constructor(private readonly timers: Timers, private readonly o: PingOptions, private readonly link: PingLink) {}

  ping(): void {
    if (!this.link.isOpen()) return;
    this.pingSentAt = this.timers.now();
    this.link.sendPing();
    const wait = this.o.pongTimeoutMs ?? 10_000;
    if (this.pongTimer === null && wait > 0) {
      this.pongTimer = this.timers.timeout(() => {
        this.pongTimer = null;
        this.link.silent();
      }, wait);
    }
  }

  /** A pong came with the server's clock: returns the server clock minus ours (ms). */
  pong(serverNow: number): number {
    const now = this.timers.now();
    if (this.pongTimer !== null) {
      this.timers.clear(this.pongTimer);
      this.pongTimer = null;
    }
    return this.pingSentAt > 0 ? Math.round(serverNow - (this.pingSentAt + now) / 2) : serverNow - now;
  }

  /** Pings now and then every `pingEveryMs`. */
  start(): void {
    this.stop();
    const every = this.o.pingEveryMs ?? 25_000;
    if (every <= 0) return;
    this.ping();
    const loop = () => {
      this.pingTimer = this.timers.timeout(() => {
        this.ping();
        loop();
      }, every);
    };
    loop();
  }

  stop(): void {
    if (this.pingTimer !== null) this.timers.clear(this.pingTimer);
    if (this.pongTimer !== null) this.timers.clear(this.pongTimer);
    this.pingTimer = this.pongTimer = null;
  }
}
