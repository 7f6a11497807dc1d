import {
  estimateOf, addTally, emptyTally, LabCancelled, setupRefusal, SharePool, suggestChange,
  type BalanceSetup, type Estimate, type LabWorker, type Suggestion,
} from '@mafia/bots';
import type { RoleId } from '@mafia/engine';

/** Games per share: small, so that the first estimate comes after a few games of each worker. */
const SHARE = 25;
/** The first round's games per worker (before the engine is warm a game takes milliseconds); later rounds double. */
const FIRST_ROUND = 8;
const ROUND_MAX = 200;
/** The table's own estimate grows to this many games, then the search for a change starts. */
export const BASE_GAMES = 4000;
/** The seed of every game of the page's lab (game i: `page/i`): the same table always shows the same figures. */
const SEED = 'page';

/** The lab's workers: one per core but one (the page keeps a core), at least one, at most four. */
export function labSize(cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** The browser's Web Workers for the lab. */
export const webWorkers = (): LabWorker[] => Array.from({ length: labSize() }, webWorker);

function webWorker(): LabWorker {
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  return {
    post: (m) => w.postMessage(m),
    listen: (answer, fail) => {
      w.onmessage = (e) => answer(e.data);
      w.onerror = (e) => fail(new Error(e.message || 'the balance worker failed'));
    },
    close: () => w.terminate(),
  };
}

/** What the lab shows of the table being chosen. */
export interface LabReport {
  readonly estimate: Estimate | null;
  /** The search for a change towards even is running. */
  readonly searching: boolean;
  readonly suggestion: Suggestion | null;
  /** The search ended (with or without a suggestion). */
  readonly searched: boolean;
}

/** The table of the form, or null when the engine would not deal it (the form says why on submit). */
export function labSetup(preset: string, seats: number, deck: readonly RoleId[], options: Readonly<Record<string, unknown>>): BalanceSetup | null {
  if (!Number.isInteger(seats) || deck.length !== seats) return null;
  const clean: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(options)) if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) clean[k] = v;
  const setup: BalanceSetup = { preset, players: seats, composition: deck.slice(), options: clean };
  try {
    return setupRefusal(setup) === null ? setup : null;
  } catch {
    return null;
  }
}

/**
 * The create page's balance lab: games of the heuristic bots in Web Workers while the host chooses.
 * `measure` reports the estimate as it narrows (a share at a time), then the suggestion; a new
 * `measure` (the table changed) gives up the old one.
 */
export class PageLab {
  private readonly pool: SharePool;
  private generation = 0;

  constructor(workers: readonly LabWorker[]) {
    this.pool = new SharePool(workers, SHARE);
    this.size = workers.length;
  }

  readonly size: number;

  async measure(setup: BalanceSetup, report: (r: LabReport) => void, games = BASE_GAMES): Promise<void> {
    const generation = ++this.generation;
    this.pool.cancel();
    const live = () => generation === this.generation;
    const tally = emptyTally();
    try {
      // Rounds of games over the workers, each shown at once: a first round of a few games (the first
      // estimate within a blink), then rounds twice as long up to a share's worth per worker.
      let perWorker = FIRST_ROUND;
      for (let from = 0; from < games && live(); ) {
        const count = Math.min(perWorker * this.size, games - from);
        addTally(tally, await this.pool.run({ setup, seed: SEED, from, count }));
        from += count;
        perWorker = Math.min(perWorker * 2, ROUND_MAX);
        if (live()) report({ estimate: estimateOf(tally), searching: false, suggestion: null, searched: false });
      }
      if (!live()) return;
      const estimate = estimateOf(tally);
      if (estimate.verdict === 'fair') return report({ estimate, searching: false, suggestion: null, searched: true });
      report({ estimate, searching: true, suggestion: null, searched: false });
      const found = await suggestChange(setup, estimate, this.pool.run, { seed: SEED, screenGames: 400, confirmGames: 1200 });
      if (live()) report({ estimate, searching: false, suggestion: found.suggestion, searched: true });
    } catch (e) {
      if (!(e instanceof LabCancelled)) throw e;
    }
  }

  close(): void {
    this.generation++;
    void this.pool.close();
  }
}

