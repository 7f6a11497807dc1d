import { Worker } from 'node:worker_threads';
import { SharePool, type LabWorker } from '@mafia/bots';

/** Games per share handed to a worker: small enough that two workers finish together, big enough that messages cost nothing. */
const SHARE = 250;

/**
 * The compiled worker: from the built CLI it sits beside this file; from the TypeScript sources
 * (the tests) the build's copy is used (`npm test` builds first).
 */
const workerFile = (): URL => new URL(import.meta.url.endsWith('.ts') ? import.meta.url.replace(/\/src\/balance\/pool\.ts$/, '/dist/balance/worker.js') : './worker.js', import.meta.url);

function thread(): LabWorker {
  const w = new Worker(workerFile());
  return {
    post: (m) => w.postMessage(m),
    listen: (answer, fail) => {
      w.on('message', answer);
      w.on('error', fail);
    },
    close: () => w.terminate(),
  };
}

/** `mafia balance`'s games on worker threads (one per core by default; the queue is the bots package's SharePool). */
export class BalancePool extends SharePool {
  constructor(readonly size: number) {
    super(Array.from({ length: size }, thread), SHARE);
  }
}
