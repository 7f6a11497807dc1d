import { fail, RuleViolation, type RuleError } from '../errors.js';
import { createGame, type Game } from '../game/game.js';
import type { Command } from '../game/commands.js';
import { buildResult, type ProtocolResult } from './result.js';
import { dayStep } from './replay-day.js';
import { checkPenaltyShape, extraPointsOf, penaltiesOf } from './replay-fields.js';
import { expectPhase, onlyInFiim, Replayer } from './replayer.js';
import { expectArray, expectInt, expectObject, expectSeat, onlyKeys } from './shape.js';
import { checkSaid } from './replay-said.js';

export type ReplayOutcome = { readonly ok: true; readonly result: ProtocolResult } | { readonly ok: false; readonly error: RuleError };

const TOP_KEYS = ['format', 'preset', 'options', 'seats', 'names', 'modifications', 'immune', 'steps'];
const NIGHT_KEYS = ['night', 'acts', 'fouls', 'techFouls', 'removed', 'teamDefeat', 'extraPoints', 'said'];
const ACT_KEYS = ['by', 'act', 'target', 'target2', 'role'];
const FIIM_NIGHT_KEYS = ['fouls', 'techFouls', 'removed', 'teamDefeat', 'extraPoints'];

/**
 * Replays a game protocol (spec/protocol.md) through the engine, as `mafia replay` does.
 * The protocol is a script of host commands: every rule the engine enforces applies to it.
 */
export function replayProtocol(doc: unknown): ReplayOutcome {
  try {
    return { ok: true, result: replay(doc) };
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, error: e.error };
    throw e;
  }
}

function replay(doc: unknown): ProtocolResult {
  const p = expectObject(doc, 'protocol');
  onlyKeys(p, TOP_KEYS, '');
  if (p.format !== undefined && p.format !== 'mafia-protocol/1') {
    fail('bad-format', 'INPUT', `format must be "mafia-protocol/1", got ${JSON.stringify(p.format)}`, 'format');
  }
  if (p.preset === undefined) fail('bad-field', 'INPUT', 'the protocol needs a "preset"', 'preset');
  if (p.seats === undefined) fail('bad-field', 'INPUT', 'the protocol needs "seats" (a role id per seat)', 'seats');
  if (p.options !== undefined) expectObject(p.options, 'options');
  expectArray(p.seats, 'seats');
  if (p.names !== undefined) expectArray(p.names, 'names');
  if (p.modifications !== undefined) expectArray(p.modifications, 'modifications');
  if (p.immune !== undefined) expectArray(p.immune, 'immune');
  const created = createGame({
    preset: p.preset as string,
    options: p.options as Record<string, unknown> | undefined,
    roles: p.seats as string[],
    names: p.names as string[] | undefined,
    modifications: p.modifications as string[] | undefined,
    immune: p.immune as number[] | undefined,
  });
  if (!created.ok) throw new RuleViolation(created.error);
  return replaySteps(created.game, p.steps === undefined ? [] : expectArray(p.steps, 'steps'));
}

/**
 * Replays protocol steps on a game already set up (the protocol's `steps`). Exported for tests that
 * set a game up by other means than a protocol's header.
 */
export function replayGame(game: Game, steps: readonly unknown[]): ReplayOutcome {
  try {
    return { ok: true, result: replaySteps(game, steps) };
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, error: e.error };
    throw e;
  }
}

function replaySteps(game: Game, steps: readonly unknown[]): ProtocolResult {
  const r = new Replayer(game);
  steps.forEach((raw, i) => {
    const path = `steps[${i}]`;
    const step = expectObject(raw, path);
    const before = r.timeline.length;
    if ('night' in step) nightStep(r, step, path);
    else if ('day' in step) dayStep(r, step, path);
    else fail('bad-step', 'INPUT', `${path} must have "night" or "day"`, path);
    if (r.timeline.length !== before + 1) fail('incomplete-step', 'INPUT', `${path} did not complete its ${'night' in step ? 'night' : 'day'}`, path);
  });
  return buildResult(r.state, r.timeline, r.roles);
}


function nightStep(r: Replayer, step: Record<string, unknown>, path: string): void {
  onlyKeys(step, NIGHT_KEYS, path);
  const n = expectInt(step.night, `${path}.night`);
  expectPhase(r, 'night', n, `${path}.night`);
  onlyInFiim(r, step, FIIM_NIGHT_KEYS, path);
  // What was said changes no rule: its shape is checked, then it is left out (replay-said.ts).
  checkSaid(r.state, step, path, null);
  r.aliveAtNight = r.state.alive;
  checkPenaltyShape(step, path);
  const acts = step.acts === undefined ? [] : expectArray(step.acts, `${path}.acts`);
  acts.forEach((raw, j) => {
    const ap = `${path}.acts[${j}]`;
    const a = expectObject(raw, ap);
    onlyKeys(a, ACT_KEYS, ap);
    if (typeof a.act !== 'string') fail('bad-field', 'INPUT', `${ap}.act must be an ability name`, `${ap}.act`);
    const cmd: Command = {
      type: 'act',
      by: expectSeat(a.by, `${ap}.by`),
      act: a.act as Command extends infer C ? (C extends { type: 'act'; act: infer K } ? K : never) : never,
      target: expectSeat(a.target, `${ap}.target`),
      ...(a.target2 !== undefined ? { target2: expectSeat(a.target2, `${ap}.target2`) } : {}),
      ...(a.role !== undefined ? { role: a.role as never } : {}),
    };
    r.run(cmd, ap);
  });
  // R-FIIM-11/12/15/16: fouls, removals, a team defeat and extra points given during the night (the
  // engine applies the removals when the night ends, after its shot).
  const penalties = penaltiesOf(step, path);
  for (const p of penalties) r.run(p.cmd, p.path);
  const extras = extraPointsOf(step, path);
  r.run({ type: 'endNight' }, path);
  const s = r.state;
  if (penalties.length > 0 && s.phase.kind === 'ended' && s.final !== null && s.options.gameEndSpeech === 'no') {
    fail('no-final-minute', 'R-FIIM-13', `${penalties[0].path}: the night's shot decided the game and option gameEndSpeech is "no": the game ended at once, so no foul or removal can follow`, penalties[0].path);
  }
  for (const p of extras) r.run(p.cmd, p.path);
}
