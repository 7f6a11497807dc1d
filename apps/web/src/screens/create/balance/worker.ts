/// <reference lib="webworker" />
import { answerShare, type ToLabWorker } from '@mafia/bots';

// The create page's balance lab (lab.ts): each share of games it is handed is played here, off the
// page's thread, and answered with its tally. Nothing leaves the browser.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<ToLabWorker>) => scope.postMessage(answerShare(e.data));
