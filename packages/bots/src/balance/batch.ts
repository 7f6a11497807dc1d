import type { BotsSpec } from '../simulate.js';
import { playGame } from '../simulate.js';
import type { BalanceSetup } from './setup.js';
import { countGame, emptyTally, type Tally } from './tally.js';

/** A share of a measurement: games `from` … `from + count − 1` of `setup`, game i seeded `${seed}/${i}` as `simulate` seeds it. */
export interface RunRequest {
  readonly setup: BalanceSetup;
  readonly seed: string;
  readonly from: number;
  readonly count: number;
}

/** Runs a share of games somewhere (this thread, worker threads, web workers) and gives back its tally. */
export type Runner = (r: RunRequest) => Promise<Tally>;

/** The lab's bots: the project's best on every seat (docs/bots.md). */
export const BALANCE_BOTS: BotsSpec = 'heuristic';

/** Plays a share of games here, synchronously: what each worker does with a request. */
export function playShare(r: RunRequest): Tally {
  const t = emptyTally();
  const { setup } = r;
  for (let i = r.from; i < r.from + r.count; i++) {
    countGame(t, playGame({
      preset: setup.preset, players: setup.players, composition: setup.composition, options: setup.options,
      seed: `${r.seed}/${i}`, bots: BALANCE_BOTS,
    }));
  }
  return t;
}

/** A runner on this thread (tests, and a browser without workers). */
export const runHere: Runner = async (r) => playShare(r);
