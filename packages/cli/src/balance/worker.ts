import { parentPort } from 'node:worker_threads';
import { playShare } from '@mafia/bots';
import type { FromBalanceWorker, ToBalanceWorker } from './pool.js';

/** A worker thread of `mafia balance` (pool.ts): plays each share of games it is handed and answers with the tally. */
const port = parentPort!;
port.on('message', (m: ToBalanceWorker) => {
  let answer: FromBalanceWorker;
  try {
    answer = { id: m.id, tally: playShare(m.request) };
  } catch (e) {
    answer = { id: m.id, error: (e as Error).message };
  }
  port.postMessage(answer);
});
