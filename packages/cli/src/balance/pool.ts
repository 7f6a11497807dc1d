import { Worker } from 'node:worker_threads';
import { addTally, emptyTally, type RunRequest, type Runner, type Tally } from '@mafia/bots';

/** A worker's answer to share `id`: its tally, or why it failed. */
export type FromBalanceWorker = { readonly id: number; readonly tally: Tally } | { readonly id: number; readonly error: string };
export interface ToBalanceWorker { readonly id: number; readonly request: RunRequest }

/** Games per share handed to a worker: small enough that two workers finish together, big enough that messages cost nothing. */
const SHARE = 250;

/**
 * The compiled worker: from the built CLI it sits beside this file; from the TypeScript sources
 * (the tests) the build's copy is used (`npm test` builds first).
 */
const workerFile = (): URL => new URL(import.meta.url.endsWith('.ts') ? import.meta.url.replace(/\/src\/balance\/pool\.ts$/, '/dist/balance/worker.js') : './worker.js', import.meta.url);

interface Job {
  readonly request: RunRequest;
  readonly done: (t: Tally) => void;
  readonly fail: (e: Error) => void;
}

/**
 * `mafia balance`'s games on worker threads (one per core by default): every request is cut into
 * shares of games that idle workers take from one queue, so the cores stay busy however the
 * requests come. Results do not depend on the number of workers: game i is seeded by its number.
 */
export class BalancePool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly busy = new Map<number, Job>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) {
      const w = new Worker(workerFile());
      w.on('message', (m: FromBalanceWorker) => this.answer(w, m));
      w.on('error', (e) => this.fatal(e));
      this.workers.push(w);
      this.idle.push(w);
    }
  }

  readonly run: Runner = (r) => {
    const shares: Promise<Tally>[] = [];
    for (let from = r.from; from < r.from + r.count; from += SHARE) {
      const request: RunRequest = { ...r, from, count: Math.min(SHARE, r.from + r.count - from) };
      shares.push(new Promise<Tally>((done, fail) => {
        if (this.failure) return fail(this.failure);
        this.queue.push({ request, done, fail });
      }));
    }
    this.pump();
    return Promise.all(shares).then((tallies) => {
      const t = emptyTally();
      for (const x of tallies) addTally(t, x);
      return t;
    });
  };

  private pump(): void {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.pop()!;
      const job = this.queue.shift()!;
      const id = this.nextId++;
      this.busy.set(id, job);
      w.postMessage({ id, request: job.request } satisfies ToBalanceWorker);
    }
  }

  private answer(w: Worker, m: FromBalanceWorker): void {
    const job = this.busy.get(m.id);
    this.busy.delete(m.id);
    this.idle.push(w);
    if (job) {
      if ('tally' in m) job.done(m.tally);
      else job.fail(new Error(m.error));
    }
    this.pump();
  }

  private fatal(e: Error): void {
    this.failure = e;
    for (const job of [...this.busy.values(), ...this.queue]) job.fail(e);
    this.busy.clear();
    this.queue.length = 0;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
