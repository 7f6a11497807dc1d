import { parentPort, workerData } from 'node:worker_threads';
import { awaitLineAnswers } from './botClient.js';
import { PlayerGroup, type PlayerOptions, type Seat } from './players.js';
import type { FromWorker, ToWorker } from './workers.js';

/**
 * A worker thread of `mafia loadtest --workers N` (workers.ts): its share of the players connect
 * and play in this thread's own event loop; what they measure goes to the main thread every second.
 */
const { seats, options } = workerData as { seats: Seat[]; options: PlayerOptions };
const port = parentPort!;
const post = (m: FromWorker) => port.postMessage(m);
const group = new PlayerGroup(options);
let sentLatencies = 0;
let sentChat = 0;

function progress(): void {
  const l = group.latencies.slice(sentLatencies);
  sentLatencies += l.length;
  const c = group.chat?.latencies.slice(sentChat) ?? [];
  sentChat += c.length;
  post({
    type: 'progress', latencies: l, chatLatencies: c, messages: group.counters.messages, commands: group.counters.commands,
    chatSent: group.chat?.sent ?? 0, chatWritten: group.chat?.written ?? 0, finished: group.finished,
  });
}

let ticker: NodeJS.Timeout | null = null;
let ended = false;
function end(): void {
  if (ended) return;
  ended = true;
  if (ticker) clearInterval(ticker);
  progress();
  post({ type: 'end', refused: group.refused.counts, errors: group.errors.counts, chatRefused: group.chat?.refused.counts ?? {}, loop: group.loopDelay() });
  group.close();
  port.close();
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'start') {
    group.watchLoop();
    ticker = setInterval(progress, 1000);
    void group.done().then(() => awaitLineAnswers(group.chat)).then(end);
  } else if (m.type === 'stop') end();
});

await group.connect(seats);
post({ type: 'connected', connections: group.connections, errors: group.errors.counts });
