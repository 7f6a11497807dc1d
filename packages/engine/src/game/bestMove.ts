import type { GameOptions } from '../model/options.js';

/** R-SPORT-3: tournament points of a best move that named `mafiaNamed` mafia members. */
export function bestMovePoints(options: GameOptions, mafiaNamed: number): number {
  if (mafiaNamed >= 3) return options.bestMoveThreePoints;
  if (mafiaNamed === 2) return options.bestMoveTwoPoints;
  return 0;
}
