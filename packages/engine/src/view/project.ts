import type { RoleId, SeatNo, Team } from '../ids.js';
import type { GameEvent } from '../game/events.js';
import type { ActResult, BestMove, DayState, GameSetup, GameState, Phase, Winner } from '../game/state.js';

/** Who is looking: a seat, the host (sees everything) or a spectator (sees only public facts). */
export type Viewer = { readonly kind: 'seat'; readonly seat: SeatNo } | { readonly kind: 'host' } | { readonly kind: 'spectator' };

export interface SeatView {
  readonly seat: SeatNo;
  readonly name: string;
  readonly alive: boolean;
  readonly fouls: number;
  /** Present only when this viewer may know the role. */
  readonly role?: RoleId;
  readonly team?: Team;
}

/** Public day facts: nominations, votes and tallies are open at the table. */
export interface DayView {
  readonly n: number;
  readonly emergency: boolean;
  readonly stage: DayState['stage'];
  readonly speaker: SeatNo | null;
  readonly lastWords: readonly SeatNo[];
  readonly nominations: readonly (readonly [SeatNo, SeatNo])[];
  readonly round: number;
  readonly candidates: readonly SeatNo[];
  readonly ballots: readonly number[];
  readonly lift: readonly number[];
  readonly tally: Readonly<Record<string, number>> | null;
  readonly left: readonly SeatNo[];
  readonly voteCancelled: boolean;
}

export interface GameView {
  readonly viewer: Viewer;
  readonly preset: string;
  readonly seq: number;
  readonly phase: Phase;
  readonly seats: readonly SeatView[];
  readonly day: DayView | null;
  /** The viewer's own role (seat viewers). */
  readonly me: { readonly seat: SeatNo; readonly role: RoleId; readonly team: Team; readonly alive: boolean } | null;
  /** Night acts the viewer made tonight (own only). */
  readonly myActs: readonly { readonly act: string; readonly target: SeatNo }[];
  /** Answers the viewer received (own checks only; the host sees all). */
  readonly results: readonly (ActResult & { readonly night: number })[];
  readonly bestMove: BestMove | null;
  readonly winner: Winner | null;
  readonly winners: readonly SeatNo[];
}

/** May `viewer` know the role at `seat`? The single rule behind every hidden-information decision. */
export function canSeeRole(s: GameState, viewer: Viewer, seat: SeatNo): boolean {
  if (viewer.kind === 'host' || s.phase.kind === 'ended') return true;
  if (s.options.revealOnDeath && !s.alive[seat - 1]) return true;
  if (viewer.kind !== 'seat') return false;
  if (viewer.seat === seat) return true;
  // The mafia know each other (R-NIGHT-2, introduction night).
  return s.teams[viewer.seat - 1] === 'mafia' && s.teams[seat - 1] === 'mafia';
}

/**
 * The view of the game for one viewer. Every path from the state to a player goes through here:
 * a town player's view never holds another player's role.
 */
export function project(s: GameState, viewer: Viewer): GameView {
  const seats: SeatView[] = new Array(s.seats);
  for (let i = 0; i < s.seats; i++) {
    const seat = (i + 1) as SeatNo;
    const base = { seat, name: s.setup.names[i] ?? `${seat}`, alive: s.alive[i], fouls: s.fouls[i] };
    seats[i] = canSeeRole(s, viewer, seat) ? { ...base, role: s.roles[i], team: s.teams[i] } : base;
  }
  const mine = viewer.kind === 'seat' ? viewer.seat : null;
  const day = s.day && s.phase.kind === 'day' ? dayView(s.day) : null;
  return {
    viewer,
    preset: s.setup.preset,
    seq: s.seq,
    phase: s.phase,
    seats,
    day,
    me: mine === null ? null : { seat: mine, role: s.roles[mine - 1], team: s.teams[mine - 1], alive: s.alive[mine - 1] },
    myActs: mine === null || !s.night ? [] : s.night.acts.filter((a) => a.by === mine).map((a) => ({ act: a.act, target: a.target })),
    results: viewer.kind === 'host' ? s.checks : mine === null ? [] : s.checks.filter((c) => c.by === mine),
    bestMove: s.bestMove,
    winner: s.winner,
    winners: s.winners,
  };
}

function dayView(d: DayState): DayView {
  return {
    n: d.n,
    emergency: d.emergency,
    stage: d.stage,
    speaker: d.stage === 'speeches' ? d.speakers[d.speakerIndex] ?? null : null,
    lastWords: d.lastWords,
    nominations: d.nominations,
    round: d.round,
    candidates: d.candidates,
    ballots: d.ballots,
    lift: d.lift,
    tally: d.tally,
    left: d.left,
    voteCancelled: d.voteCancelled,
  };
}

/**
 * An event as `viewer` may receive it, or null when he may not see it at all. `state` is the state
 * after the event. Roles, night acts and answers are cut to what the viewer may know.
 */
export type ProjectedEvent =
  | Exclude<GameEvent, { type: 'GameCreated' }>
  | { readonly type: 'GameCreated'; readonly setup: Omit<GameSetup, 'roles' | 'seed'> & { readonly roles: readonly (RoleId | null)[] } };

export function projectEvent(e: GameEvent, state: GameState, viewer: Viewer): ProjectedEvent | null {
  if (viewer.kind === 'host') return e;
  const mine = viewer.kind === 'seat' ? viewer.seat : null;
  switch (e.type) {
    case 'GameCreated': {
      // Hidden roles become null, and the seed (which would let anyone re-deal the cards) stays home.
      const { seed: _seed, ...setup } = e.setup;
      return { type: 'GameCreated', setup: { ...setup, roles: e.setup.roles.map((r, i) => (canSeeRole(state, viewer, (i + 1) as SeatNo) ? r : null)) } };
    }
    case 'ActRecorded':
      return e.act.by === mine ? e : null;
    case 'NightResolved':
      return { ...e, results: e.results.filter((r) => r.by === mine), useful: [] };
    default:
      return e;
  }
}
