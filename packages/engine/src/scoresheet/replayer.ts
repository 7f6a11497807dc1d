import type { RoleId } from '../ids.js';
import { fail, RuleViolation } from '../errors.js';
import { transitionHolding, type Game } from '../game/game.js';
import { HOST, type Command } from '../game/commands.js';
import type { GameEvent } from '../game/events.js';
import { TimelineCollector, type TimelineEntry } from './result.js';

/** A game being replayed from a protocol: each command runs through the engine, its events make the timeline. */
export class Replayer {
  private readonly collector: TimelineCollector;
  /** Who was alive as the last night began (spec/protocol.md "What was said": the morning's victims speak too); null after a day. */
  aliveAtNight: readonly boolean[] | null = null;

  constructor(public game: Game) {
    const p = game.state.phase;
    this.collector = new TimelineCollector(game.state.options.fiim, p.kind === 'ended' ? null : { kind: p.kind, n: p.n });
  }

  /** `holdEvening`: a day the command closes waits at its evening (see Draft.holdEvening). */
  run(cmd: Command, path: string, holdEvening = false): readonly GameEvent[] {
    const t = transitionHolding(this.game, cmd, HOST, holdEvening);
    if (!t.ok) throw new RuleViolation({ ...t.error, path: t.error.path ?? path });
    this.game = t.game;
    for (const e of t.events) this.collector.add(e);
    return t.events;
  }

  get timeline(): readonly TimelineEntry[] {
    return this.collector.timeline;
  }

  /** Seats whose role changed (RoleChanged events), with the latest role. */
  get roles(): Readonly<Record<string, RoleId>> {
    return this.collector.roles;
  }

  get state() {
    return this.game.state;
  }
}

/** A command of a protocol step, with the place it was written (errors name it). */
export interface Entry {
  readonly cmd: Command;
  readonly path: string;
}

/** The protocol's step must be the game's next phase (night or day `n`); otherwise why not. */
export function expectPhase(r: Replayer, kind: 'night' | 'day', n: number, path: string): void {
  const s = r.state;
  if (s.phase.kind === 'ended') fail('game-over', 'R-WIN-0', `${path}: the game is already over (winner: ${s.winner}); no more steps`, path);
  const phase = s.phase;
  const expected = phase.kind === 'night' ? `night ${phase.n}` : `day ${phase.n}`;
  if (phase.kind === kind && phase.n === n) return;
  if (kind === 'night' && !s.options.nights) fail('no-nights', 'R-PHASE-5', `${path}: the ${s.setup.preset} preset has no nights`, path);
  if (kind === 'night' && s.phase.kind === 'day' && s.day?.emergency && s.phase.n === n) {
    fail('emergency-day', 'R-PHASE-4', `${path}: an emergency day ${n} replaces night ${n}`, path);
  }
  fail('wrong-step', 'R-PHASE', `${path}: expected ${expected}, got ${kind} ${n}`, path);
}

/** A tournament field outside `fiim` is an error (spec/protocol.md "Tournament fields"). */
export function onlyInFiim(r: Replayer, step: Record<string, unknown>, keys: readonly string[], path: string): void {
  if (r.state.options.fiim) return;
  for (const k of keys) {
    if (step[k] !== undefined) fail('not-in-preset', 'R-FIIM', `${path}.${k} is a tournament field of the fiim preset (this game: ${r.state.setup.preset})`, `${path}.${k}`);
  }
  if (Array.isArray(step.removed)) {
    step.removed.forEach((x, j) => {
      if (x !== null && typeof x === 'object') fail('not-in-preset', 'R-FIIM-12', `${path}.removed[${j}]: a removal's reason is recorded in the fiim preset only (this game: ${r.state.setup.preset})`, `${path}.removed[${j}]`);
    });
  }
}
