import type { Team } from '@mafia/engine';

/**
 * Elo with a red and a black rating per member (issue 15, "Ratings"), as sport-mafia rating sites
 * compute it. Red is the town team, black the mafia team. Solo roles (the Maniac and any other
 * role of the engine's team 'solo') are LEFT OUT: their seats do not count in either side's mean
 * and their ratings do not change (a track of their own would rate one player against a table,
 * too few games to mean anything). Their seats still count as players for the K halving.
 *
 * Everything here is pure and keeps full floating-point precision: nothing is rounded inside
 * the fold, so recomputing from the same games gives the same numbers bit for bit. Round only
 * for display.
 */
export type Track = 'red' | 'black';
export type Side = Track | 'solo';
export type GameKind = 'club' | 'tournament';
export type GameWinner = Side | 'draw';

/** Everybody starts at 1000 on each track. */
export const START_RATING = 1000;

/** K_win / K_loss per game kind, for a full table (10 players or more). */
const K_FACTORS: Readonly<Record<GameKind, { readonly win: number; readonly loss: number }>> = {
  club: { win: 4, loss: 3 },
  tournament: { win: 16, loss: 12 },
};

/** Below this many players K is halved (a short table says less about its players). */
const FULL_TABLE = 10;

/** The engine's team → the rating side: town plays red, mafia black, solo is left out. */
export function sideOfTeam(team: Team): Side {
  return team === 'town' ? 'red' : team === 'mafia' ? 'black' : 'solo';
}

/** K_win and K_loss of a game; `players` counts every seat of the game, solo ones included. */
export function kFactors(kind: GameKind, players: number): { win: number; loss: number } {
  const k = K_FACTORS[kind];
  const f = players < FULL_TABLE ? 0.5 : 1;
  return { win: k.win * f, loss: k.loss * f };
}

/** Red's chance to win: 1 / (1 + 10^((mean black − mean red) / 400)). Black's is 1 − this. */
export function redChance(meanRed: number, meanBlack: number): number {
  return 1 / (1 + 10 ** ((meanBlack - meanRed) / 400));
}

/**
 * One side's change for a result, given that side's chance to win:
 * - it won: + K_win·(1 − chance);
 * - it lost (to the other side or to a solo role — a Maniac win makes both red and black
 *   lose): − K_loss·chance;
 * - a draw is half a win: K·(0.5 − chance), K_win when that is positive (better than expected
 *   gains at the win rate) and K_loss when it is negative (worse than expected loses at the
 *   loss rate).
 */
export function sideDelta(outcome: 'win' | 'loss' | 'draw', chance: number, k: { win: number; loss: number }): number {
  if (outcome === 'win') return k.win * (1 - chance);
  if (outcome === 'loss') return -k.loss * chance;
  const d = 0.5 - chance;
  return (d > 0 ? k.win : k.loss) * d;
}
