import type { GameView, RemovalReason } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { effectiveEvents, type SetupOf } from './logic';

/**
 * The host console's view of the federation's penalties and points (preset `fiim`, R-FIIM-11..16),
 * read from the host's log like the rest of logic.ts: the engine's own events say what was given.
 */

export const isFiim = (setup: SetupOf | null): boolean => setup?.options.fiim === true;

/** What the referee has recorded this game, seat by seat (index = seat − 1). */
export interface FiimRecord {
  readonly techFouls: readonly number[];
  readonly extraPoints: readonly number[];
  /** Why a seat was removed, also where the removal waits for dawn or counts for the points only. */
  readonly removed: readonly (RemovalReason | null)[];
  readonly teamDefeat: number | null;
  /** R-FIIM-13: the seats with the final minute once a vote or a shot decided the game; null otherwise. */
  readonly final: readonly number[] | null;
}

/** Adds two point amounts without the floating-point dust (0.1 + 0.2), as the engine's roundPoints. */
const add = (a: number, b: number): number => Math.round((a + b) * 10000) / 10000;

export function fiimRecord(log: readonly LogItem[], seats: number): FiimRecord {
  const techFouls = Array<number>(seats).fill(0);
  const extraPoints = Array<number>(seats).fill(0);
  const removed = Array<RemovalReason | null>(seats).fill(null);
  let teamDefeat: number | null = null;
  let final: readonly number[] | null = null;
  for (const e of effectiveEvents(log)) {
    if (e.type === 'TechFouled') techFouls[e.seat - 1] = e.total;
    else if (e.type === 'ExtraPointsGiven') extraPoints[e.seat - 1] = add(extraPoints[e.seat - 1]!, e.points);
    else if (e.type === 'PlayerRemoved' || e.type === 'RemovalPending' || e.type === 'PenaltyRecorded') removed[e.seat - 1] ??= e.reason;
    else if (e.type === 'TeamDefeatRecorded') teamDefeat = e.seat;
    else if (e.type === 'GameEnded') final = e.final && e.final.length > 0 ? e.final : null;
  }
  return { techFouls, extraPoints, removed, teamDefeat, final };
}

/**
 * The seats a foul, a technical foul or a removal may be given to now (the engine's penaltyEffect,
 * read from the view). Other presets: the alive players while the game runs. `fiim` (R-FIIM-11, 13):
 * also at night (alive players), a player out of the game during his own last word, and after a vote
 * or a shot decided the game, in the final minute (option gameEndSpeech `yes`): everyone still at the
 * table and the last players out.
 */
export function penaltySeats(view: GameView, setup: SetupOf | null, final: readonly number[] | null): Set<number> {
  const out = new Set<number>();
  if (view.phase.kind === 'ended') {
    if (!isFiim(setup) || final === null || setup?.options.gameEndSpeech !== 'yes') return out;
    for (const s of view.seats) if (s.alive || final.includes(s.seat)) out.add(s.seat);
    return out;
  }
  for (const s of view.seats) if (s.alive) out.add(s.seat);
  if (isFiim(setup) && view.phase.kind === 'day') for (const seat of view.day?.lastWords ?? []) out.add(seat);
  return out;
}

/** A team defeat may be given while the game runs, and in the final minute (R-FIIM-13, R-FIIM-15); one per game. */
export function teamDefeatOpen(view: GameView, setup: SetupOf | null, record: FiimRecord): boolean {
  if (!isFiim(setup) || record.teamDefeat !== null) return false;
  return view.phase.kind !== 'ended' || (record.final !== null && setup?.options.gameEndSpeech === 'yes');
}

/**
 * The referee's extra points as typed: «+0.3», «-0.2», «−0.2», «0,3». Null unless a number from −10
 * to 10 other than 0 (what the engine takes, R-FIIM-16).
 */
export function parsePoints(text: string): number | null {
  const clean = text.trim().replace(/^−/, '-').replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(clean)) return null;
  const n = Number(clean);
  return Number.isFinite(n) && n !== 0 && Math.abs(n) <= 10 ? n : null;
}
