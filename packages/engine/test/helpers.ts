/**
 * Shared helpers for the engine's rule tests: protocol builders (spec/protocol.md) and a small
 * command driver for the things a protocol cannot express.
 */
import { expect } from 'vitest';
import {
  createGame,
  HOST,
  replayProtocol,
  transition,
  type Actor,
  type Command,
  type Game,
  type GameState,
  type ProtocolResult,
  type RuleError,
  seatNo, type SeatNo,
} from '@mafia/engine';

/** Seat number (the engine brands seats so that a count cannot pass for one). */
export const S = (n: number): SeatNo => seatNo(n);

/**
 * Input that is deliberately not a command (an unknown type, null), for the tests of the engine's
 * input checks. The one cast of such input: the engine's own callers are typed, a wire is not.
 */
export const badCommand = (input: unknown): Command => input as Command;

/**
 * The ten-seat table used by most tests (the spec's example):
 * mafia team = 2, 5 (Don), 8; Commissar = 3; civilians = 1, 4, 6, 7, 9, 10.
 */
export const TABLE10 = [
  'civilian', 'mafia', 'commissar', 'civilian', 'don',
  'civilian', 'civilian', 'mafia', 'civilian', 'civilian',
] as const;
export const MAFIA10 = [2, 5, 8];
export const TOWN10 = [1, 3, 4, 6, 7, 9, 10];

export type Step = Record<string, unknown>;

export function protocol(preset: string, seats: readonly string[], steps: readonly Step[], extra: Record<string, unknown> = {}) {
  return { format: 'mafia-protocol/1', preset, seats: [...seats], ...extra, steps: [...steps] };
}

/** Replays a protocol that must be valid; fails the test with the engine's error otherwise. */
export function replayOk(doc: unknown): ProtocolResult {
  const out = replayProtocol(doc);
  if (!out.ok) throw new Error(`expected a valid protocol, got ${JSON.stringify(out.error)}`);
  return out.result;
}

/** Replays a protocol that must be refused; returns the error. */
export function replayErr(doc: unknown): RuleError {
  const out = replayProtocol(doc);
  if (out.ok) throw new Error(`expected a rule error, got a result: ${JSON.stringify(out.result)}`);
  return out.error;
}

/** Kill acts by every listed mafia seat on one target (R-NIGHT-2 unanimous shot). */
export const shot = (target: number, shooters: readonly number[] = MAFIA10) =>
  shooters.map((by) => ({ by, act: 'kill', target }));

export const check = (by: number, target: number) => ({ by, act: 'check', target });

/** `n` copies of a seat: a player's fouls in a day step. */
export const times = (seat: number, n: number): number[] => new Array<number>(n).fill(seat);

// ---------------------------------------------------------------------------------------------
// Command-level driver
// ---------------------------------------------------------------------------------------------

export function newGame(preset: string, roles: readonly string[] = TABLE10, options?: Record<string, unknown>): Game {
  const t = createGame({ preset, roles, ...(options ? { options } : {}) });
  if (!t.ok) throw new Error(`createGame failed: ${JSON.stringify(t.error)}`);
  return t.game;
}

/** Applies commands that must all be accepted. */
export function run(game: Game, ...commands: Command[]): Game {
  let g = game;
  for (const c of commands) {
    const t = transition(g, c, HOST);
    if (!t.ok) throw new Error(`command ${JSON.stringify(c)} refused: ${JSON.stringify(t.error)}`);
    g = t.game;
  }
  return g;
}

/** Sends one command that must be refused; checks that the game is left exactly as it was. */
export function refused(game: Game, command: Command, actor: Actor = HOST): RuleError {
  const before = structuredClone(game);
  const t = transition(game, command, actor);
  expect(t.ok).toBe(false);
  expect(game).toEqual(before);
  if (t.ok) throw new Error('unreachable');
  return t.error;
}

/**
 * Ends every remaining speech of the current day (host), the candidates' defence speeches
 * (R-VOTE-2) included; stops there even when a day follows a day.
 */
export function endSpeeches(game: Game): Game {
  let g = game;
  const n = g.state.day?.n;
  const speaking = () => g.state.day?.stage === 'speeches' || g.state.day?.stage === 'defence';
  while (g.state.phase.kind === 'day' && g.state.day?.n === n && speaking()) g = run(g, { type: 'endSpeech' });
  return g;
}

/** The seat whose speech it is now (null outside the speeches). */
export const speaker = (s: GameState): number | null =>
  s.phase.kind === 'day' && s.day?.stage === 'speeches' ? s.day.speakers[s.day.speakerIndex] ?? null : null;

/** Night acts then the end of the night, as a host enters them. */
export function night(game: Game, acts: readonly { by: number; act: string; target: number }[] = []): Game {
  return run(
    game,
    ...acts.map((a): Command => ({ type: 'act', by: S(a.by), act: a.act as 'kill', target: S(a.target) })),
    { type: 'endNight' },
  );
}

/** The state without its event counter, for comparing a state with a rebuilt one. */
export const withoutSeq = (s: GameState): Omit<GameState, 'seq'> => {
  const { seq: _seq, ...rest } = s;
  return rest;
};

/** A day with nobody nominated: the last words (if any), every speech, and the evening. */
export function quietDay(game: Game): Game {
  let g = game;
  while (g.state.phase.kind === 'day' && g.state.day?.stage === 'lastWords') g = run(g, { type: 'endLastWords' });
  const n = g.state.day?.n;
  g = endSpeeches(g);
  while (g.state.phase.kind === 'day' && g.state.day?.n === n && g.state.day?.stage === 'lastWords') g = run(g, { type: 'endLastWords' });
  return g;
}
