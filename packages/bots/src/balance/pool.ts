import { addTally, emptyTally, type Tally } from './tally.js';
import { playShare, type RunRequest, type Runner } from './batch.js';

/** The pool's word to a worker: play this share. */
export interface ToLabWorker { readonly id: number; readonly request: RunRequest }
/** A worker's answer: the share's tally, or why it failed. */
export type FromLabWorker = { readonly id: number; readonly tally: Tally } | { readonly id: number; readonly error: string };

/** One worker as the pool sees it: a Node worker thread (the CLI) or a browser Web Worker (the create page). */
export interface LabWorker {
  post(m: ToLabWorker): void;
  /** Set once by the pool: every answer of the worker, and a failure of the worker itself. */
  listen(answer: (m: FromLabWorker) => void, fail: (e: Error) => void): void;
  close(): void | Promise<unknown>;
}

/** What a worker does with a share (worker.ts of the CLI, the web's worker): plays it and answers. */
export function answerShare(m: ToLabWorker): FromLabWorker {
  try {
    return { id: m.id, tally: playShare(m.request) };
  } catch (e) {
    return { id: m.id, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Work given up by `cancel` (the create page's table changed): its promises reject with this. */
export class LabCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

interface Job {
  readonly request: RunRequest;
  readonly done: (t: Tally) => void;
  readonly fail: (e: Error) => void;
}

/**
 * The balance lab's games on workers: every request is cut into shares of games that idle workers
 * take from one queue, so the cores stay busy however the requests come. Results do not depend on
 * the number of workers: game i is seeded by its number.
 */
export class SharePool {
  private readonly idle: LabWorker[];
  private readonly queue: Job[] = [];
  /** Shares being played; `dropped`: given up by `cancel`, the answer is thrown away when it comes. */
  private readonly busy = new Map<number, { job: Job; dropped: boolean }>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(private readonly workers: readonly LabWorker[], private readonly share: number) {
    this.idle = workers.slice();
    for (const w of workers) w.listen((m) => this.answer(w, m), (e) => this.fatal(e));
  }

  readonly run: Runner = (r) => {
    const shares: Promise<Tally>[] = [];
    for (let from = r.from; from < r.from + r.count; from += this.share) {
      const request: RunRequest = { ...r, from, count: Math.min(this.share, r.from + r.count - from) };
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

  /** Gives up every share not answered yet (their promises reject with LabCancelled); the workers stay. */
  cancel(): void {
    const gone = new LabCancelled();
    for (const job of this.queue.splice(0)) job.fail(gone);
    // A share a worker is playing cannot be stopped: its promise rejects now, its answer is dropped.
    for (const b of this.busy.values()) {
      if (!b.dropped) b.job.fail(gone);
      b.dropped = true;
    }
  }

  private pump(): void {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      const id = this.nextId++;
      this.busy.set(id, { job, dropped: false });
      worker.post({ id, request: job.request });
    }
  }

  private answer(worker: LabWorker, m: FromLabWorker): void {
    const b = this.busy.get(m.id);
    this.busy.delete(m.id);
    this.idle.push(worker);
    if (b && !b.dropped) {
      if ('tally' in m) b.job.done(m.tally);
      else b.job.fail(new Error(m.error));
    }
    this.pump();
  }

  private fatal(e: Error): void {
    this.failure = e;
    for (const b of this.busy.values()) if (!b.dropped) b.job.fail(e);
    for (const job of this.queue.splice(0)) job.fail(e);
    this.busy.clear();
  }

  async close(): Promise<void> {
    this.cancel();
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
