import type { GameView, SeatNo } from '@mafia/engine';
import { aliveSeats, isNominated, type Rng } from './bot.js';
import { checkerClaimants } from './talking.js';
import type { Side } from './record.js';

/**
 * How often a town player nominates on a quiet day (nobody nominated yet, from day 2): a player he
 * does not trust, at random. A lone nominee leaves without a vote (R-VOTE-4), so the mafia's bloc
 * cannot steer it; a day without a vote is a free night for the mafia. Measured (docs/bots.md):
 * 0.1 and 0.3 leave the town weaker against a mafia that stays silent, 1 changes little past 0.6.
 */
const QUIET_DAY_NOMINATION = 0.6;
/** Suspicion at which a town player nominates (and below which, at −1, he trusts). */
export const SUSPECT = 0.5;
export const TRUSTED = -1;

/**
 * Why a town player nominated (the review of a practice game words it, journal.ts): a suspect, or a
 * nomination that only gives the day a vote: a second candidate on day 1, another beside trusted
 * ones, a quiet day's.
 */
export type NominationMotive = 'suspect' | 'secondCandidate' | 'otherCandidate' | 'quietDay';
export interface Nomination {
  readonly target: SeatNo | 0;
  readonly motive: NominationMotive;
}
const NONE: Nomination = { target: 0, motive: 'suspect' };

/** What the heuristic bot's day decisions read of its seat (heuristic.ts): its knowledge and its dice. */
export interface DayMind {
  readonly seat: SeatNo;
  readonly rng: Rng;
  /** Suspicion from the public record read against known sides (higher = more likely mafia). */
  suspicion(view: GameView): Float64Array;
  /** The side of a seat as far as this seat knows. */
  sideOf(view: GameView, seat: SeatNo): Side | null;
  /** The seat with the highest score among `seats` (random among equals). */
  best(seats: readonly SeatNo[], score: (s: SeatNo) => number): SeatNo | 0;
  /** The Commissar the Don has found, if still alive. */
  foundCommissar(view: GameView): SeatNo | 0;
}

/**
 * The town nominates with a reason: its prime suspect. Without one it nominates only to give the
 * day a vote that can take someone: on day 1 a second candidate, the player it trusts most, when
 * its suspect stands alone (a lone nominee is not voted on then, R-VOTE-4); on any day another
 * candidate when only players it trusts stand; on a quiet day (from day 2, nobody nominated yet) a
 * player it does not trust, at random, on QUIET_DAY_NOMINATION of its speeches.
 */
export function townNominee(m: DayMind, view: GameView): Nomination {
  const open = aliveSeats(view, (s) => s !== m.seat && !isNominated(view, s));
  if (open.length === 0) return NONE;
  const day = view.day!;
  const score = m.suspicion(view);
  const top = m.best(open, (s) => score[s]);
  const suspect = top !== 0 && score[top] >= SUSPECT;
  const noms = day.nominations;
  if (day.n === 1 && noms.length === 1 && score[noms[0][1]] >= SUSPECT && !suspect) return { target: m.best(open, (s) => -score[s]), motive: 'secondCandidate' };
  if (suspect) return { target: top, motive: 'suspect' };
  if (noms.length > 0 && top !== 0 && score[top] > TRUSTED && noms.every(([, t]) => score[t] <= TRUSTED)) return { target: top, motive: 'otherCandidate' };
  if (day.n === 1 || noms.length > 0 || m.rng.next() >= QUIET_DAY_NOMINATION) return NONE;
  const untrusted = open.filter((s) => score[s] > TRUSTED);
  if (untrusted.length > 0) return { target: m.rng.pick(untrusted), motive: 'quietDay' };
  // It trusts everyone left (a checker's reds: the Maniac looks red to the club's Sheriff while the
  // mafia live): anyone but a claimant.
  const claimants = checkerClaimants(view);
  const rest = open.filter((s) => !claimants.includes(s) && score[s] < 50);
  return rest.length > 0 ? { target: m.rng.pick(rest), motive: 'quietDay' } : NONE;
}

/**
 * The mafia nominate nobody: every nomination is read once its target's side is known (record.ts),
 * and a bloc steers a vote without one. The Don nominates the checker he found: the hunt's signal.
 */
export function mafiaNominee(m: DayMind, view: GameView): SeatNo | 0 {
  const commissar = m.foundCommissar(view);
  return commissar !== 0 && !isNominated(view, commissar) ? commissar : 0;
}

export function townVote(m: DayMind, view: GameView, candidates: readonly SeatNo[]): SeatNo {
  const score = m.suspicion(view);
  const day = view.day!;
  // Trust: a candidate pushed by someone who earlier pushed a revealed mafioso.
  // Among candidates it knows nothing against, the town votes for the first nominee: a rule the
  // whole town follows alike (a split town lets the mafia's bloc decide), which the mafia's bloc
  // cannot lead, as it could lead a town that followed the ballots already cast.
  const weight = (s: SeatNo): number => {
    let w = score[s];
    for (const [by, target] of day.nominations) if (target === s && score[by] < 0 && by !== s) w += 1;
    if (s === m.seat) w -= 1000;
    if (candidates[0] === s) w += 0.01;
    return w;
  };
  return m.best(candidates, weight) || candidates[candidates.length - 1];
}

export function mafiaVote(m: DayMind, view: GameView, candidates: readonly SeatNo[]): SeatNo {
  const day = view.day!;
  const commissar = m.foundCommissar(view);
  const red = candidates.filter((s) => view.seats[s - 1].team !== 'mafia');
  if (red.length === 0) return m.rng.pick(candidates);
  if (commissar !== 0 && red.includes(commissar)) return commissar;
  // Follow the votes already on the table; otherwise the first red candidate in nomination order.
  let top = red[0];
  let most = -1;
  for (const s of red) {
    let votes = 0;
    for (const b of day.ballots) if (b === s) votes++;
    if (votes > most) {
      most = votes;
      top = s;
    }
  }
  return top;
}

/**
 * Whether the tied should all leave. `deadlock`: it cast a lift vote yesterday too, so the days end
 * in ties and nobody leaves (a game without nights can go on forever so).
 */
export function liftChoice(m: DayMind, view: GameView, mafia: boolean, deadlock: boolean): boolean {
  const tied = view.day?.candidates ?? [];
  if (mafia) return !tied.some((s) => view.seats[s - 1].team === 'mafia');
  if (tied.includes(m.seat)) {
    // He stays, unless the deadlock is broken by taking his suspects out with him.
    if (!deadlock) return false;
    const score = m.suspicion(view);
    return tied.every((s) => s === m.seat || m.sideOf(view, s) === 'mafia' || score[s] >= SUSPECT);
  }
  const sides = tied.map((s) => m.sideOf(view, s));
  if (sides.includes('town')) return false;
  if (sides.includes('mafia')) return true;
  // Its reading of the tied: all suspects leave, none it trusts does.
  const score = m.suspicion(view);
  if (tied.every((s) => score[s] >= SUSPECT)) return true;
  if (tied.some((s) => score[s] <= TRUSTED)) return false;
  return m.rng.next() < 0.5;
}

/** FIIM's best move (the first night's victim names three seats): the mafia any three reds, the town its top suspects. */
export function bestMove(m: DayMind, view: GameView, mafia: boolean): SeatNo[] {
  const others = aliveSeats(view, (s) => s !== m.seat);
  const pool = others.length >= 3 ? others : view.seats.map((s) => s.seat).filter((s) => s !== m.seat);
  if (mafia) {
    const named = m.rng.sample(pool.filter((s) => view.seats[s - 1].team !== 'mafia'), 3);
    for (const s of pool) if (named.length < 3 && !named.includes(s)) named.push(s);
    return named;
  }
  const score = m.suspicion(view);
  const ranked = m.rng.sample(pool, pool.length).sort((a, b) => score[b] - score[a]);
  return ranked.slice(0, 3);
}
