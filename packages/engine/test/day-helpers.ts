/**
 * Test-only helpers for the day procedures of issue 3 (two-stage R-VOTE-7, circular R-VOTE-8,
 * immunities R-VOTE-9..11, Rake, name-in-blood): a game set up like `classic` but with any voting
 * procedure, modifications and roles (Elder, Rake), so the procedures can be tested before the
 * presets that use them (piter, extended) exist.
 */
import { buildSetup, foldLog, nextHostCommand, pendingDecisions, project, type Game, type GameEvent, type GameSetup, type GameState, type ModificationId, type RoleId, seatAt, seatNo } from '@mafia/engine';
import { RandomBot } from '@mafia/bots';
import { replayGame } from '../src/scoresheet/replay.js';
import { run, TABLE10, type Step } from './helpers.js';

export interface DaySetup {
  readonly roles?: readonly string[];
  readonly voting?: 'sequential' | 'two-stage' | 'circular';
  readonly modifications?: readonly ModificationId[];
  /** Other option overrides (whatever classic lets a user set, and more). */
  readonly options?: Record<string, unknown>;
}

/** A classic-procedure game at night 1 with `voting` and the other overrides in its setup. */
export function dayGame(o: DaySetup = {}): Game {
  const base = buildSetup({ preset: 'classic', roles: [...TABLE10] });
  const setup: GameSetup = {
    ...base,
    roles: [...(o.roles ?? TABLE10)] as RoleId[],
    options: { ...base.options, ...(o.voting ? { voting: o.voting } : {}), ...(o.options ?? {}) },
    modifications: [...(o.modifications ?? [])],
  };
  const log: GameEvent[] = [{ type: 'GameCreated', setup }, { type: 'NightStarted', n: 1 }];
  return { log, state: foldLog(log), batches: [log.length] };
}

/** The same game with its state patched (e.g. the alibi and silence a night gave: R-VOTE-9, R-VOTE-11). */
export function patch(g: Game, p: Partial<GameState>): Game {
  return { ...g, state: { ...g.state, ...p } };
}

/** Alibi and silence as last night gave them (the night roles fill them through NightContext). */
export function afterNight(g: Game, o: { alibi?: number[]; silenced?: number[]; silencers?: [by: number, target: number][] } = {}): Game {
  const n = g.state.phase.kind === 'day' ? g.state.phase.n : 0;
  return patch(g, {
    alibi: (o.alibi ?? []).map(seatNo),
    silenced: (o.silenced ?? []).map(seatNo),
    pastActs: [...g.state.pastActs, ...(o.silencers ?? []).map(([by, target]) => ({ by: seatNo(by), act: 'silence' as const, target: seatNo(target), night: n }))],
  });
}

/** Replays protocol steps on such a game; throws with the engine's error when refused. */
export function stepsOk(g: Game, steps: readonly Step[]) {
  const out = replayGame(g, steps);
  if (!out.ok) throw new Error(`expected valid steps, got ${JSON.stringify(out.error)}`);
  return out.result;
}

/** Replays protocol steps that must be refused; returns the error. */
export function stepsErr(g: Game, steps: readonly Step[]) {
  const out = replayGame(g, steps);
  if (out.ok) throw new Error(`expected a rule error, got ${JSON.stringify(out.result)}`);
  return out.error;
}

/**
 * Plays `g` on with random bots (seeded by `seed`), each deciding from its own view; when no seat
 * has a move the host moves the game on. Stops at the end of the game or after `maxSteps` commands.
 */
export function playWithRandomBots(g: Game, seed: number, maxSteps = 3000): Game {
  const bots = Array.from({ length: g.state.seats }, (_, i) => new RandomBot(seatAt(i), seed * 100 + i));
  let steps = 0;
  while (g.state.phase.kind !== 'ended' && steps++ < maxSteps) {
    let moved = false;
    for (const p of pendingDecisions(g.state)) {
      const c = bots[p.seat - 1].decide(() => project(g.state, { kind: 'seat', seat: p.seat }), p);
      if (c === null) continue;
      g = run(g, c);
      moved = true;
      break;
    }
    if (!moved) g = run(g, nextHostCommand(g.state)!);
  }
  return g;
}
