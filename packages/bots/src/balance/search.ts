import { applyChanges, combinable, singleChanges, type Change } from './changes.js';
import type { Runner } from './batch.js';
import type { BalanceSetup } from './setup.js';
import { addTally, emptyTally, estimateOf, unfairness, type Estimate, type Tally } from './tally.js';

/** A change the lab found that brings the table nearer even, measured. */
export interface Suggestion {
  readonly changes: readonly Change[];
  readonly setup: BalanceSetup;
  readonly estimate: Estimate;
}

export interface SearchReport {
  /** Null when the table is fair already, or no change the lab tried brought it nearer even. */
  readonly suggestion: Suggestion | null;
  /** Setups tried (screened), and the games they took in all. */
  readonly tried: number;
  readonly games: number;
}

export interface SearchOptions {
  readonly seed: string;
  /** Games per candidate in the first, rough pass (default 1,000: an interval of about ±3 points). */
  readonly screenGames?: number;
  /** Games added to each finalist (default 4,000). */
  readonly confirmGames?: number;
  /** Called as candidates are measured: setups tried so far and how many there are. */
  readonly progress?: (done: number, of: number) => void;
}

interface Candidate {
  readonly changes: readonly Change[];
  readonly setup: BalanceSetup;
  readonly tally: Tally;
  /** The tally's figures, made again each time games are added to it. */
  estimate: Estimate;
}

/** How far from even: the fair band first, then the distance from 50 %. */
const distance = (e: Estimate): number => unfairness(e.town) * 10 + Math.abs(e.town - 0.5);
const FINALISTS = 3;
/** Singles combined in pairs when no single step reaches the fair band. */
const PAIR_FROM = 4;

/**
 * The smallest change (one step, else two) that the lab found to bring `base` nearer even. Every
 * candidate plays the same seeds as the base (paired games: an option's effect is not drowned in the
 * deal's luck); the best few are measured again with more games before one is named.
 */
export async function suggestChange(base: BalanceSetup, baseEstimate: Estimate, run: Runner, o: SearchOptions): Promise<SearchReport> {
  if (baseEstimate.verdict === 'fair') return { suggestion: null, tried: 0, games: 0 };
  const screen = o.screenGames ?? 1000;
  const confirm = o.confirmGames ?? 4000;
  let tried = 0;
  let games = 0;
  const measure = async (list: Candidate[], from: number, count: number): Promise<void> => {
    let done = 0;
    await Promise.all(list.map(async (c) => {
      addTally(c.tally, await run({ setup: c.setup, seed: o.seed, from, count }));
      c.estimate = estimateOf(c.tally);
      games += count;
      o.progress?.(++done, list.length);
    }));
  };
  const candidates = (changes: readonly Change[][]): Candidate[] => {
    const out: Candidate[] = [];
    for (const ch of changes) {
      const setup = applyChanges(base, ch);
      if (setup) {
        const tally = emptyTally();
        out.push({ changes: ch, setup, tally, estimate: estimateOf(tally) });
      }
    }
    return out;
  };
  // A candidate whose bots broke a rule or a game that never ended is not a table to recommend.
  const sound = (c: Candidate): boolean => c.tally.unfinished === 0 && c.tally.illegal === 0;
  const better = (c: Candidate): boolean => sound(c) && distance(c.estimate) < distance(baseEstimate);
  const byDistance = (a: Candidate, b: Candidate): number => distance(a.estimate) - distance(b.estimate);

  const singles = candidates(singleChanges(base).map((c) => [c]));
  await measure(singles, 0, screen);
  tried += singles.length;
  let pool = singles.filter(better).sort(byDistance);
  if (!pool.some((c) => c.estimate.verdict === 'fair')) {
    const top = pool.slice(0, PAIR_FROM);
    const pairs: Change[][] = [];
    for (let i = 0; i < top.length; i++) {
      for (let j = i + 1; j < top.length; j++) {
        if (combinable(top[i].changes[0], top[j].changes[0])) pairs.push([top[i].changes[0], top[j].changes[0]]);
      }
    }
    const paired = candidates(pairs);
    await measure(paired, 0, screen);
    tried += paired.length;
    pool = pool.concat(paired.filter(better)).sort(byDistance);
  }
  // Finalists: the fair ones of fewest steps first, else the nearest even.
  const fair = pool.filter((c) => c.estimate.verdict === 'fair');
  const fewest = fair.length ? Math.min(...fair.map((c) => c.changes.length)) : 0;
  const finalists = (fair.length ? fair.filter((c) => c.changes.length === fewest) : pool).slice(0, FINALISTS);
  if (finalists.length === 0) return { suggestion: null, tried, games };
  await measure(finalists, screen, confirm);
  const confirmed = finalists.filter(better);
  const fairNow = confirmed.filter((c) => c.estimate.verdict === 'fair');
  const best = (fairNow.length ? fairNow : confirmed).sort(byDistance)[0];
  if (!best) return { suggestion: null, tried, games };
  return { suggestion: { changes: best.changes, setup: best.setup, estimate: best.estimate }, tried, games };
}
