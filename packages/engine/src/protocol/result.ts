import type { RoleId, SeatNo } from '../ids.js';
import type { ActResult, DayOutcome, GameState, Tally, Winner } from '../game/state.js';
import { shotFirstNight, tournamentScores } from '../game/tournament.js';

export type TimelineEntry =
  | { readonly night: number; readonly died: readonly SeatNo[]; readonly results: readonly ActResult[] }
  | { readonly day: number; readonly left: readonly SeatNo[]; readonly by: DayOutcome; readonly tally: Tally | null };

/** spec/protocol.md "Result". */
export interface ProtocolResult {
  readonly format: 'mafia-result/1';
  readonly winner: Winner | null;
  readonly winners: readonly SeatNo[];
  readonly bestMove: { readonly by: SeatNo; readonly named: readonly SeatNo[]; readonly mafiaNamed: number } | null;
  readonly alive: readonly SeatNo[];
  readonly timeline: readonly TimelineEntry[];
  readonly roles: Readonly<Record<string, RoleId>>;
  readonly scores: Readonly<Record<string, number>>;
  /** R-FIIM-16 (preset `fiim` only): the tournament points per seat. */
  readonly tournamentScores?: Readonly<Record<string, number>>;
  /** R-FIIM-16 (preset `fiim` only): the seats marked for the compensation points. */
  readonly shotFirstNight?: readonly SeatNo[];
}

/**
 * RULES.md §9 (seed 004) points of one game, whatever the preset: win points (mafia win: alive
 * mafia 4, dead 3; maniac win: 7; town win: alive town 3, dead town 2), +1 per useful action,
 * −2 per removal.
 */
export function gameScores(s: GameState): Record<string, number> {
  const scores: Record<string, number> = {};
  for (let i = 0; i < s.seats; i++) {
    const alive = s.alive[i];
    let points = s.useful[i];
    if (s.winner === 'mafia' && s.teams[i] === 'mafia') points += alive ? 4 : 3;
    else if (s.winner === 'town' && s.teams[i] === 'town') points += alive ? 3 : 2;
    // The winning Maniac(s) only (game/win.ts `winningSeats`): not a dead teacher whose role a Student took.
    else if (s.winner === 'maniac' && s.winners.includes((i + 1) as SeatNo)) points += 7;
    points -= 2 * s.removed.filter((r) => r === i + 1).length;
    scores[i + 1] = points;
  }
  return scores;
}

/**
 * `changed`: the seats named by RoleChanged events (a role that changed and changed back is still a
 * change); every seat whose role differs from the dealt one is listed too, with its final role.
 */
export function buildResult(s: GameState, timeline: readonly TimelineEntry[], changed: Readonly<Record<string, RoleId>> = {}): ProtocolResult {
  const alive: SeatNo[] = [];
  const roles: Record<string, RoleId> = {};
  for (let i = 0; i < s.seats; i++) {
    if (s.alive[i]) alive.push((i + 1) as SeatNo);
    if (s.roles[i] !== s.setup.roles[i] || changed[i + 1] !== undefined) roles[i + 1] = s.roles[i];
  }
  // R-FIIM-4 `legacy: no`: he may name three, nothing is recorded.
  const bm = s.options.fiim && s.options.legacy === 'no' ? null : s.bestMove;
  const result: ProtocolResult = {
    format: 'mafia-result/1',
    winner: s.winner,
    winners: s.winners,
    bestMove: bm ? { by: bm.by, named: bm.named, mafiaNamed: bm.named.filter((x) => s.teams[x - 1] === 'mafia').length } : null,
    alive,
    timeline,
    roles,
    scores: gameScores(s),
  };
  if (!s.options.fiim) return result;
  return { ...result, tournamentScores: tournamentScores(s), shotFirstNight: shotFirstNight(s) };
}
