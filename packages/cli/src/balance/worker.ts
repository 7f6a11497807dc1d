import { parentPort } from 'node:worker_threads';
import { answerShare, type ToLabWorker } from '@mafia/bots';

/** A worker thread of `mafia balance` (pool.ts): plays each share of games it is handed and answers with the tally. */
const port = parentPort!;
port.on('message', (m: ToLabWorker) => port.postMessage(answerShare(m)));
