// R-FIIM-16: the tournament points of one `fiim` game (mafiaratings scoring «ФИИМ», version 3; every
// number is an option), and the tournament compensation (Ci) over a series of games.
import { seatAt, type SeatNo } from '../ids.js';
import type { GameState } from '../model/state.js';

/** Rounds away the floating-point dust of sums like 1 + 0.25 − 0.5 (points have at most 4 decimals). */
export const roundPoints = (x: number): number => Math.round(x * 10000) / 10000 + 0;

/**
 * Points per seat: the winning team's players get `winPoints` (a draw: nobody); a town victim's best
 * move on night 2 naming 3 (2) mafia gets `bestMoveThreePoints` (`bestMoveTwoPoints`) with `legacy:
 * first`; a removal by fouls, technical fouls or disqualification costs `removalPoints` (leaving the
 * table: nothing); the offender of a team defeat gets `teamDefeatPoints` in all; plus the referee's
 * extra points. Every seat is listed.
 */
export function tournamentScores(s: GameState): Record<string, number> {
  const o = s.options;
  const out: Record<string, number> = {};
  const bm = s.bestMove;
  for (let i = 0; i < s.seats; i++) {
    const seat = seatAt(i);
    let p = 0;
    if (s.winner !== null && s.winner !== 'draw' && s.winners.includes(seat)) p += o.winPoints;
    if (bm !== null && bm.by === seat && o.legacy === 'first' && s.teams[i] === 'town') {
      const black = bm.named.filter((x) => s.teams[x - 1] === 'mafia').length;
      if (black >= 3) p += o.bestMoveThreePoints;
      else if (black === 2) p += o.bestMoveTwoPoints;
    }
    if (s.teamDefeat === seat) p += o.teamDefeatPoints;
    else if (removedWithPenalty(s, i)) p += o.removalPoints;
    p += s.extraPoints[i];
    out[seat] = roundPoints(p);
  }
  return out;
}

/** A removal (or a count that would have removed, R-FIIM-13) by fouls, technical fouls or disqualification. */
function removedWithPenalty(s: GameState, i: number): boolean {
  const why = s.removedFor[i];
  if (why === 'fouls' || why === 'tech-fouls' || why === 'disqualified' || why === 'host') return true;
  return (s.options.foulsToRemove > 0 && s.fouls[i] >= s.options.foulsToRemove) || s.techFouls[i] >= 2;
}

/** R-FIIM-16: the town players shot on night 2 whose team lost (a draw is not a loss): marked for Ci. */
export function shotFirstNight(s: GameState): SeatNo[] {
  if (s.winner === null || s.winner === 'draw' || s.winner === 'town') return [];
  const out: SeatNo[] = [];
  const fk = s.firstKill;
  if (fk === null || fk.night !== 2) return out;
  for (const v of fk.victims) if (s.setup.roles[v - 1] !== undefined && s.teams[v - 1] === 'town') out.push(v);
  return out.sort((a, b) => a - b);
}

/** The tournament options of the compensation: Ci = min(`max`, `share`·K / max(1, round(`share`·N))). */
export interface CompensationOptions {
  readonly max: number;
  readonly share: number;
}

export const DEFAULT_COMPENSATION: CompensationOptions = { max: 0.4, share: 0.4 };

/**
 * R-FIIM-16: a player's compensation points for a tournament: `marked` of his `games` were marked
 * (`shotFirstNight`). Added once per tournament.
 */
export function compensation(marked: number, games: number, o: CompensationOptions = DEFAULT_COMPENSATION): number {
  if (marked <= 0) return 0;
  return roundPoints(Math.min(o.max, (o.share * marked) / Math.max(1, Math.round(o.share * games))));
}
