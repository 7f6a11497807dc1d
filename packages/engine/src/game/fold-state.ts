import { roleIn } from '../roles/registry.js';
import { filled, NO_PENDING } from './fold-arrays.js';
import type { DayState, GameSetup, GameState, RemovalReason } from '../model/state.js';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * What an event family's fold (game/apply-*.ts) writes through: the fold's private copy of the state
 * and of its day, made at the first write (game/apply.ts `Fold`).
 */
export interface StateWriter {
  /** The state, writable: copied at the first write. */
  m(): Mutable<GameState>;
  /** The day, writable: copied at the first write. */
  d(): Mutable<DayState>;
  /** Replaces the day with a new object (owned) or null. */
  setDay(day: DayState | null): void;
}

/**
 * The dealt teams, built by push: `map` makes arrays of another elements kind once V8 optimizes the
 * caller, which deoptimizes every hot function that reads `teams` (see setup.ts, `modifications`).
 */
function teamsOf(setup: GameSetup): GameState['teams'] {
  const teams: GameState['teams'][number][] = [];
  for (let i = 0; i < setup.roles.length; i++) teams.push(roleIn(setup.preset, setup.roles[i])!.team);
  return teams;
}

export function initialState(setup: GameSetup): GameState {
  const n = setup.roles.length;
  return {
    setup,
    options: setup.options,
    seats: n,
    roles: setup.roles,
    teams: teamsOf(setup),
    alive: filled(n, true),
    fouls: filled(n, 0),
    missNextSpeech: filled(n, false),
    removed: [],
    rng: setup.seed,
    phase: { kind: 'day', n: 0 },
    night: null,
    day: null,
    lastFirstSpeaker: 0,
    quietPhases: 0,
    leftThisPhase: false,
    cancelNextVote: false,
    dayOneLeft: 0,
    firstKill: null,
    bestMove: null,
    checks: [],
    said: [],
    pastActs: [],
    alibi: [],
    silenced: [],
    useful: filled(n, 0),
    techFouls: filled(n, 0),
    removedFor: filled<RemovalReason | null>(n, null),
    pendingRemovals: NO_PENDING,
    teamDefeat: null,
    extraPoints: filled(n, 0),
    quietNights: 0,
    lastLastSpeaker: 0,
    final: null,
    winner: null,
    winners: [],
    seq: 1,
  };
}

/**
 * A shallow copy written out field by field rather than `{ ...s }`: every copy then has the one
 * shape of this literal, where spread copies drift into several shapes and V8's copy becomes
 * megamorphic (several times slower). The return type makes the compiler refuse a missing field.
 */
export function cloneState(s: GameState): Mutable<GameState> {
  return {
    setup: s.setup,
    options: s.options,
    seats: s.seats,
    roles: s.roles,
    teams: s.teams,
    alive: s.alive,
    fouls: s.fouls,
    missNextSpeech: s.missNextSpeech,
    removed: s.removed,
    rng: s.rng,
    phase: s.phase,
    night: s.night,
    day: s.day,
    lastFirstSpeaker: s.lastFirstSpeaker,
    quietPhases: s.quietPhases,
    leftThisPhase: s.leftThisPhase,
    cancelNextVote: s.cancelNextVote,
    dayOneLeft: s.dayOneLeft,
    firstKill: s.firstKill,
    bestMove: s.bestMove,
    checks: s.checks,
    said: s.said,
    pastActs: s.pastActs,
    alibi: s.alibi,
    silenced: s.silenced,
    useful: s.useful,
    techFouls: s.techFouls,
    removedFor: s.removedFor,
    pendingRemovals: s.pendingRemovals,
    teamDefeat: s.teamDefeat,
    extraPoints: s.extraPoints,
    quietNights: s.quietNights,
    lastLastSpeaker: s.lastLastSpeaker,
    final: s.final,
    winner: s.winner,
    winners: s.winners,
    seq: s.seq,
  };
}

/**
 * A spread copy, unlike `cloneState`: it keeps the day's fields listed only where a day starts
 * (apply-day.ts) and, for the public ones, in the day view (view/project.ts). A day is copied at most
 * once per command and never on the simulator's in-place path, so the spread's cost (some 0.3 µs
 * more than a literal) does not show there.
 */
export function cloneDay(d: DayState): Mutable<DayState> {
  return { ...d };
}

/**
 * A copy of a state that a caller may give to `decideInPlace`: the state object and its day are new
 * (arrays and other parts are shared: they are never written into).
 */
export function ownedCopy(s: GameState): GameState {
  const c = cloneState(s);
  if (c.day !== null) c.day = cloneDay(c.day);
  return c;
}
