import { wilson, type GameRecord, type WinRate } from '../simulate.js';

/** Games counted by who won: what workers send back and the lab adds up. Plain data (it crosses threads). */
export interface Tally {
  games: number;
  phases: number;
  /** Games stopped at the phase cap (or stuck): a bot or rule bug, never silently a side's win. */
  unfinished: number;
  illegal: number;
  /** Winner (`town`, `mafia`, `draw`, or a solo role's id) → games. */
  wins: Record<string, number>;
}

export const emptyTally = (): Tally => ({ games: 0, phases: 0, unfinished: 0, illegal: 0, wins: {} });

export function countGame(t: Tally, r: GameRecord): void {
  t.games++;
  t.phases += r.phases;
  t.illegal += r.illegal;
  if (r.winner === null) t.unfinished++;
  else t.wins[r.winner] = (t.wins[r.winner] ?? 0) + 1;
}

/** `into` += `t`. */
export function addTally(into: Tally, t: Tally): void {
  into.games += t.games;
  into.phases += t.phases;
  into.unfinished += t.unfinished;
  into.illegal += t.illegal;
  for (const [k, n] of Object.entries(t.wins)) into.wins[k] = (into.wins[k] ?? 0) + n;
}

/** Fair when the town wins between 45 % and 55 % of the games (issue 27). */
export const FAIR_TOWN = { low: 0.45, high: 0.55 } as const;
export type Verdict = 'fair' | 'favours-town' | 'favours-mafia';

export function verdictOf(town: number): Verdict {
  if (town < FAIR_TOWN.low) return 'favours-mafia';
  if (town > FAIR_TOWN.high) return 'favours-town';
  return 'fair';
}

/** How far a town rate is from the fair band (0 inside it). */
export const unfairness = (town: number): number => Math.max(0, FAIR_TOWN.low - town, town - FAIR_TOWN.high);

export interface Estimate {
  readonly games: number;
  /** Every side that won a game, and the town and mafia always: rate and 95 % Wilson interval. */
  readonly sides: Readonly<Record<string, WinRate>>;
  readonly town: number;
  readonly meanPhases: number;
  readonly verdict: Verdict;
  readonly unfinished: number;
  readonly illegal: number;
}

export function estimateOf(t: Tally): Estimate {
  const sides: Record<string, WinRate> = {};
  const keys = ['town', 'mafia', ...Object.keys(t.wins).filter((k) => k !== 'town' && k !== 'mafia').sort()];
  for (const k of keys) {
    const wins = t.wins[k] ?? 0;
    const { low, high } = wilson(wins, t.games);
    sides[k] = { wins, rate: t.games ? wins / t.games : 0, low, high };
  }
  const town = sides.town.rate;
  return {
    games: t.games, sides, town, meanPhases: t.games ? t.phases / t.games : 0, verdict: verdictOf(town),
    unfinished: t.unfinished, illegal: t.illegal,
  };
}
