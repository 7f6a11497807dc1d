import { Worker } from 'node:worker_threads';
import { newChatCounters, type ChatCounters } from './botClient.js';
import { PlayerGroup, type LoopDelay, type PlayerOptions, type Seat } from './players.js';
import { Latencies, Tally } from './stats.js';

/** The main thread's word to a worker: the games start (measure from now), or the time is up. */
export type ToWorker = { readonly type: 'start' } | { readonly type: 'stop' };

/** A worker's word: its players are connected; what they measured since the last word; its end. */
export type FromWorker =
  | { readonly type: 'connected'; readonly connections: number; readonly errors: Readonly<Record<string, number>> }
  | {
    readonly type: 'progress'; readonly latencies: number[]; readonly chatLatencies: number[];
    readonly messages: number; readonly commands: number; readonly chatSent: number; readonly chatWritten: number; readonly finished: number;
  }
  | {
    readonly type: 'end'; readonly refused: Readonly<Record<string, number>>; readonly errors: Readonly<Record<string, number>>;
    readonly chatRefused: Readonly<Record<string, number>>; readonly loop: LoopDelay;
  };

/** What run.ts asks of the players, whether they play in its own thread or in worker threads. */
export interface Players {
  readonly latencies: Latencies;
  readonly refused: Tally;
  readonly errors: Tally;
  readonly counters: { messages: number; commands: number };
  readonly chat: ChatCounters | null;
  readonly connections: number;
  readonly finished: number;
  connect(seats: readonly Seat[]): Promise<void>;
  watchLoop(): void;
  done(): Promise<void>;
  /** The time is up: what the players measured so far is gathered (workers: their last word). */
  stop(): Promise<void>;
  loopDelay(): LoopDelay;
  close(): void;
}

/** The players in the load test's own thread (`--workers 1`, the default). */
export function playersHere(o: PlayerOptions): Players {
  const g = new PlayerGroup(o);
  return Object.assign(g, { stop: async () => {} });
}

/**
 * The compiled worker: from the built CLI it sits beside this file; from the TypeScript sources
 * (the tests) the build's copy is used (`npm test` builds first).
 */
const workerFile = (): URL => new URL(import.meta.url.endsWith('.ts') ? import.meta.url.replace(/\/src\/loadtest\/workers\.ts$/, '/dist/loadtest/playerWorker.js') : './playerWorker.js', import.meta.url);

interface Thread {
  readonly worker: Worker;
  latest: Extract<FromWorker, { type: 'progress' }> | null;
  end: Extract<FromWorker, { type: 'end' }> | null;
  ended: Promise<void>;
}

/**
 * The players spread over `n` worker threads (`--workers N`, issue 28), a table's players in one
 * thread: each thread's event loop carries a share of the frames, and the load test's lateness in
 * the latencies it measures is a share's. Latency samples come every second; counts are each
 * thread's latest.
 */
export class WorkerPlayers implements Players {
  readonly latencies = new Latencies();
  readonly refused = new Tally();
  readonly errors = new Tally();
  readonly counters = { messages: 0, commands: 0 };
  readonly chat: ChatCounters | null;
  private threads: Thread[] = [];
  connections = 0;

  constructor(private readonly o: PlayerOptions, private readonly n: number) {
    this.chat = o.chatSeconds ? newChatCounters() : null;
  }

  get finished(): number {
    return this.threads.reduce((a, t) => a + (t.latest?.finished ?? 0), 0);
  }

  async connect(seats: readonly Seat[]): Promise<void> {
    const codes = [...new Set(seats.map((s) => s.code))];
    const share = (i: number) => seats.filter((s) => codes.indexOf(s.code) % this.n === i);
    const options: PlayerOptions = { ...this.o, connectConcurrency: Math.max(1, Math.ceil(this.o.connectConcurrency / this.n)) };
    const connected = Array.from({ length: this.n }, (_, i) => new Promise<number>((resolve, reject) => {
      const worker = new Worker(workerFile(), { workerData: { seats: share(i), options } });
      const t: Thread = { worker, latest: null, end: null, ended: Promise.resolve() };
      t.ended = new Promise<void>((done) => {
        worker.on('message', (m: FromWorker) => {
          if (m.type === 'connected') resolve(m.connections);
          else if (m.type === 'progress') this.progress(t, m);
          else {
            t.end = m;
            this.refused.merge(m.refused);
            this.errors.merge(m.errors);
            this.chat?.refused.merge(m.chatRefused);
            done();
          }
        });
        worker.on('error', (e) => {
          this.errors.add(`worker: ${e.message}`);
          reject(e);
          done();
        });
        worker.on('exit', () => done());
      });
      this.threads.push(t);
    }));
    this.connections = (await Promise.all(connected)).reduce((a, b) => a + b, 0);
  }

  private progress(t: Thread, m: Extract<FromWorker, { type: 'progress' }>): void {
    this.latencies.addAll(m.latencies);
    this.chat?.latencies.addAll(m.chatLatencies);
    t.latest = m;
    const sum = (f: (p: Extract<FromWorker, { type: 'progress' }>) => number) => this.threads.reduce((a, x) => a + (x.latest ? f(x.latest) : 0), 0);
    this.counters.messages = sum((p) => p.messages);
    this.counters.commands = sum((p) => p.commands);
    if (this.chat) {
      this.chat.sent = sum((p) => p.chatSent);
      this.chat.written = sum((p) => p.chatWritten);
    }
  }

  watchLoop(): void {
    for (const t of this.threads) t.worker.postMessage({ type: 'start' } satisfies ToWorker);
  }

  async done(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.ended));
  }

  async stop(): Promise<void> {
    for (const t of this.threads) if (!t.end) t.worker.postMessage({ type: 'stop' } satisfies ToWorker);
    await this.done();
  }

  /** The busiest thread's: its lateness is in the latencies its players measured. */
  loopDelay(): LoopDelay {
    const loops = this.threads.flatMap((t) => (t.end ? [t.end.loop] : []));
    const worst = (f: (l: LoopDelay) => number) => Math.max(0, ...loops.map(f));
    return { p50: worst((l) => l.p50), p99: worst((l) => l.p99), max: worst((l) => l.max) };
  }

  close(): void {
    for (const t of this.threads) void t.worker.terminate();
  }
}
