import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { BotClient, newChatCounters, type ChatCounters } from './botClient.js';
import { dayChat } from './chat.js';
import { Latencies, Tally } from './stats.js';

/** One player of the load test: his table, seat and bot seed. */
export interface Seat {
  readonly code: string;
  /** The table's loopback address (addresses.ts). */
  readonly address: string;
  readonly seat: number;
  readonly seed: number;
  /** The WebSocket URL this player connects to, when the run spreads its tables over several (`--url A,B`). */
  readonly ws?: string;
}

export interface PlayerOptions {
  readonly ws: string;
  readonly thinkMs: number;
  /** Connections opened at once while the rooms fill. */
  readonly connectConcurrency: number;
  /** A chat line per living player every this many seconds by day (`--chat`). */
  readonly chatSeconds?: number;
}

/** How late an event loop ran (ms), from a histogram sampling every 10 ms (the 10 ms taken off). */
export interface LoopDelay {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** Runs `job` over `items` with at most `limit` at a time. */
export async function pool<T>(items: readonly T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await job(items[next++]);
  }));
}

/** The load test's players check one view in this many they act on by the strict schema (botClient.ts `read`). */
const STRICT_EVERY = 10;

/**
 * The bot players of one thread of the load test: they connect, play every game the server deals
 * them, and count what happened. The load test runs one group in its own thread, or one in each of
 * its worker threads (`--workers`: playerWorker.ts) so that no single event loop's delay is in
 * every latency it measures.
 */
export class PlayerGroup {
  readonly latencies = new Latencies();
  readonly refused = new Tally();
  readonly errors = new Tally();
  readonly counters = { messages: 0, commands: 0 };
  readonly chat: ChatCounters | null;
  private readonly bots: BotClient[] = [];
  private loop: IntervalHistogram | null = null;

  constructor(private readonly o: PlayerOptions) {
    this.chat = o.chatSeconds ? newChatCounters() : null;
  }

  /** Connects every seat (a seat that cannot connect is counted as an error, not retried). */
  async connect(seats: readonly Seat[]): Promise<void> {
    const { chat, o } = this;
    await pool(seats, o.connectConcurrency, async ({ code, address, seat, seed, ws }) => {
      const talk = chat && o.chatSeconds ? { chat: dayChat(seat, o.chatSeconds * 1000), chatEveryMs: o.chatSeconds * 1000, chatCounters: chat } : {};
      const b = new BotClient({ ws: ws ?? o.ws, localAddress: address, code, seat, seed, thinkMs: o.thinkMs, latencies: this.latencies, refused: this.refused, errors: this.errors, counters: this.counters, strictEvery: STRICT_EVERY, ...talk });
      try {
        await b.connect();
        this.bots.push(b);
      } catch (e) {
        this.errors.add(`connect: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  }

  get connections(): number {
    return this.bots.length;
  }

  get finished(): number {
    let n = 0;
    for (const b of this.bots) if (b.ended) n++;
    return n;
  }

  /** Resolves when every connected player's game is over. */
  done(): Promise<void> {
    return Promise.all(this.bots.map((b) => b.done)).then(() => {});
  }

  /** From now on this thread's event-loop delay is measured (its lateness is inside every latency it measures). */
  watchLoop(): void {
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
  }

  loopDelay(): LoopDelay {
    const h = this.loop;
    if (!h) return { p50: 0, p99: 0, max: 0 };
    h.disable();
    // The histogram holds the time between its 10 ms ticks: the lateness is that minus 10 ms.
    const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - 10) * 10) / 10);
    return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
  }

  close(): void {
    for (const b of this.bots) b.close();
  }
}
