import { seatNo, type RoleId, type SeatNo } from '../ids.js';
import type { GameEvent } from '../game/events.js';
import type { ActResult, DayOutcome, GameState, NightAct, Tally, Winner } from '../model/state.js';
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

/** An act's fields as a protocol writes them (`target2` and `role` only when set). */
export function actFields(a: NightAct): NightAct {
  const out: { -readonly [K in keyof NightAct]: NightAct[K] } = { by: a.by, act: a.act, target: a.target };
  if (a.target2 !== undefined) out.target2 = a.target2;
  if (a.role !== undefined) out.role = a.role;
  return out;
}

/** A night's act result as the timeline lists it: the act's fields and its answer, nothing else. */
const stripResult = (r: ActResult): ActResult => ({ ...actFields(r), answer: r.answer });

type Phase = { readonly kind: 'night' | 'day'; readonly n: number };

/**
 * Builds a result's timeline (and the seats whose role changed) from a game's events, in order: what
 * `replayProtocol` collects while it replays and what `gameResult` folds from a game's own log, so
 * that the two give the same result.
 */
export class TimelineCollector {
  readonly timeline: TimelineEntry[] = [];
  /** Seats whose role changed (RoleChanged events), with the latest role. */
  readonly roles: Record<string, RoleId> = {};

  /**
   * `phase`: the phase the next events happen in (null before the first phase or once the game
   * ended); NightStarted and DayStarted move it on (R-FIIM-12: a removal after its phase was resolved).
   */
  constructor(private readonly fiim: boolean, private phase: Phase | null) {}

  add(e: GameEvent): void {
    switch (e.type) {
      case 'NightResolved':
        this.timeline.push({ night: e.n, died: e.died, results: e.results.map(stripResult) });
        break;
      case 'DayResolved':
        this.timeline.push({ day: e.n, left: e.left, by: e.by, tally: e.tally });
        break;
      case 'RakeTook': {
        // The Rake's companion leaves with him: the day's `left` lists both.
        const last = this.timeline[this.timeline.length - 1];
        if (last && 'day' in last) this.addToLast(e.target);
        break;
      }
      case 'PlayerDied':
        // A departure by a role's own rule (the Piter Werewolf at 5 players) joins the phase's list.
        this.addToLast(e.seat);
        break;
      case 'RoleChanged':
        this.roles[e.seat] = e.role;
        break;
      case 'NightStarted':
        this.phase = { kind: 'night', n: e.n };
        break;
      case 'DayStarted':
        this.phase = { kind: 'day', n: e.n };
        break;
      case 'PlayerRemoved':
        // R-FIIM-12: a removal after the phase was resolved (at the night's end, in the last words, a
        // team defeat at the end of the step) joins that phase's list.
        // Elsewhere only a removal after another one ended the speeches and cancelled the vote (the
        // replay holds that day's evening for the entries written after it).
        if (this.fiim || this.lastIsRemovedDay()) this.addToResolvedPhase(e.seat);
        break;
      default:
        break;
    }
  }

  /** Adds a seat to the last entry's list: a day's `left` or a night's `died`. */
  private addToLast(seat: SeatNo): void {
    const k = this.timeline.length - 1;
    const last = this.timeline[k];
    if (!last) return;
    if ('day' in last) this.timeline[k] = { ...last, left: [...last.left, seat].sort((a, b) => a - b) };
    else this.timeline[k] = { ...last, died: [...last.died, seat].sort((a, b) => a - b) };
  }

  private lastIsRemovedDay(): boolean {
    const last = this.timeline[this.timeline.length - 1];
    return last !== undefined && 'day' in last && last.by === 'removed';
  }

  private addToResolvedPhase(seat: SeatNo): void {
    const last = this.timeline[this.timeline.length - 1];
    const p = this.phase;
    if (!last || p === null) return;
    const same = 'day' in last ? p.kind === 'day' && last.day === p.n && !last.left.includes(seat) : p.kind === 'night' && last.night === p.n && !last.died.includes(seat);
    if (same) this.addToLast(seat);
  }
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
    else if (s.winner === 'maniac' && s.winners.includes(seatNo(i + 1))) points += 7;
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
    if (s.alive[i]) alive.push(seatNo(i + 1));
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
