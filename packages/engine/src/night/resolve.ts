import { seatAt, type SeatNo } from '../ids.js';
import type { ActResult, GameState, NightAct } from '../model/state.js';
import { actAt, roleAt, roleIn } from '../roles/registry.js';
import { presetOf } from '../presets/index.js';
import type { ActSpec, NightContext, NightStage, RoleChange, SeatSet } from '../model/role.js';
import { createNightContext, resultsInOrder } from './context.js';
import { resolveMafiaShot } from './mafiaShot.js';
import { resolvePassiveChain, resolvePassiveProtect } from './passives.js';

/**
 * RULES.md §5 "Resolution": one ordered pipeline. Blocks and visits first, then kills are collected,
 * protections cancel them, chained deaths follow, then transformations; information acts (checks)
 * run last so that they can see blocks and the night's deaths ("dead" answers).
 */
export const NIGHT_PIPELINE: readonly NightStage[] = ['block', 'visit', 'kill', 'protect', 'chain', 'transform', 'inform'];

export interface NightOutcome {
  readonly died: SeatNo[];
  readonly results: ActResult[];
  readonly useful: SeatNo[];
  /** R-VOTE-9 / R-VOTE-11 (empty on most nights). */
  readonly alibi: SeatNo[];
  readonly silenced: SeatNo[];
  /** Transformations caused by the night's acts (RULES.md §5: Recruiter, Piter Werewolf). */
  readonly changes: readonly RoleChange[];
}

/** Team resolvers that run once per stage, whatever the number of acts. */
const TEAM_STAGE: Partial<Record<NightStage, (ctx: NightContext) => void>> = {
  kill: resolveMafiaShot,
  // Passive traits (Immortal, club Beauty's host, Kamikaze's revenge): night/passives.ts.
  protect: resolvePassiveProtect,
  chain: resolvePassiveChain,
};

/** TEAM_STAGE by pipeline index (an array read, not a lookup of a missing key per stage). */
const TEAM_BY_INDEX: ((ctx: NightContext) => void)[] = NIGHT_PIPELINE.map((st) => TEAM_STAGE[st] ?? noTeam);
function noTeam(): void {}

const NO_ACTS: readonly NightAct[] = Object.freeze([]);

export function resolveNight(state: GameState): NightOutcome {
  // Acts of players removed during the night no longer count.
  const all = state.night === null ? NO_ACTS : state.night.acts;
  let acts: NightAct[] | readonly NightAct[] = all;
  for (let k = 0; k < all.length; k++) {
    if (!state.alive[all[k].by - 1]) {
      const kept: NightAct[] = [];
      for (let j = 0; j < all.length; j++) if (state.alive[all[j].by - 1]) kept.push(all[j]);
      acts = kept;
      break;
    }
  }
  const ctx = createNightContext(state, acts, roleAt);
  // Each act's spec and its stage's pipeline index (-1: no effect of its own: none, or a team act),
  // looked up once rather than once per stage: specs come in many shapes, so every read of one of
  // their fields is a slow (megamorphic) one.
  const specs = new Array<ActSpec | undefined>(acts.length);
  const stageOf: number[] = [];
  for (let k = 0; k < acts.length; k++) {
    let spec = actAt(state, acts[k].by - 1, acts[k].act);
    // An act whose effect depends on the night (the Cheater's copy) names the spec it acts as.
    if (spec !== undefined && spec.specFor !== undefined) spec = spec.specFor(state, acts[k], roleAt);
    specs[k] = spec;
    stageOf.push(spec === undefined || spec.teamAct ? -1 : NIGHT_PIPELINE.indexOf(spec.stage));
  }
  for (let st = 0; st < NIGHT_PIPELINE.length; st++) {
    const stage = NIGHT_PIPELINE[st];
    const team = TEAM_BY_INDEX[st];
    if (team !== noTeam) team(ctx);
    for (let i = 0; i < acts.length; i++) {
      if (stageOf[i] !== st) continue;
      const act = acts[i];
      const spec = specs[i]!;
      if (ctx.blocked.has(act.by)) {
        ctx.answer(act, 'blocked');
        continue;
      }
      if (spec.resolve !== undefined) spec.resolve(ctx, act);
    }
    if (stage === 'protect') {
      if (state.setup.immune.length > 0) firstVictimImmunity(ctx);
      const targets = ctx.attemptTargets;
      const sources = ctx.attemptSources;
      for (let k = 0; k < targets.length; k++) if (!ctx.isProtected(targets[k], sources[k])) ctx.died.add(targets[k]);
    }
  }
  ctx.creditSaves();
  return { died: seatsOf(ctx.died, state.seats), results: resultsInOrder(ctx), useful: ctx.useful, alibi: seatsOf(ctx.alibi, state.seats), silenced: seatsOf(ctx.silenced, state.seats), changes: ctx.changes };
}

/**
 * R-MOD `first-victim-immunity` (seed 004): the previous game's first night-1 victim is immune on
 * night 1 (a kill on him is a miss) and on day 1 (he cannot be executed: carried as an alibi, R-VOTE-9).
 */
function firstVictimImmunity(ctx: NightContext): void {
  const s = ctx.state;
  if (s.night === null || s.night.n !== 1 || !s.setup.modifications.includes('first-victim-immunity')) return;
  const immune = s.setup.immune;
  for (let k = 0; k < immune.length; k++) {
    if (!s.alive[immune[k] - 1]) continue;
    ctx.saved.add(immune[k]);
    ctx.alibi.add(immune[k]);
  }
}

/** The seats of a set, in seat order. */
function seatsOf(set: SeatSet, seats: number): SeatNo[] {
  const out: SeatNo[] = [];
  for (let i = 0; i < seats; i++) if (set.has(i + 1)) out.push(seatAt(i));
  return out;
}

/** Presets by whether any of their roles has a `required` act (the Cop): most have none. */
const REQUIRED_BY_PRESET = new Map<string, boolean>();

/**
 * A required act (the Cop must shoot, 002) not made tonight by an alive actor who is not blocked:
 * `[seat, act]`, or null. The night cannot end then (game/night-commands.ts `endNight`).
 */
export function missingRequiredAct(s: GameState): [SeatNo, string] | null {
  const night = s.night;
  if (night === null) return null;
  let has = REQUIRED_BY_PRESET.get(s.setup.preset);
  if (has === undefined) {
    has = false;
    const preset = presetOf(s.setup.preset);
    for (const id of preset?.roles ?? []) {
      const def = roleIn(s.setup.preset, id);
      if (def !== undefined && def.acts.some((a) => a.required === true)) has = true;
    }
    REQUIRED_BY_PRESET.set(s.setup.preset, has);
  }
  if (!has) return null;
  const acts = night.acts;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i]) continue;
    const specs = roleAt(s, i).acts;
    for (let k = 0; k < specs.length; k++) {
      const spec = specs[k];
      if (spec.required !== true) continue;
      if (night.n === 1 && !spec.onCheckingFirstNight && s.options.firstNight !== 'active') continue;
      const seat = seatAt(i);
      if (spec.availableOn !== undefined && !spec.availableOn(s, night.n, seat)) continue;
      let done = false;
      for (let j = 0; j < acts.length; j++) {
        const a = acts[j];
        if ((a.by === seat && a.act === spec.act) || (a.act === 'block' && a.target === seat)) done = true;
      }
      if (!done) return [seat, spec.act];
    }
  }
  return null;
}
