import type { SeatNo } from '../ids.js';
import type { ActResult, GameState, NightAct } from '../game/state.js';
import { actAt } from '../roles/registry.js';
import type { ActSpec, NightStage } from '../roles/types.js';
import { createNightContext, resultsInOrder, type NightContext, type SeatSet } from './context.js';
import { resolveMafiaShot } from './mafiaShot.js';

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
}

/** Team resolvers that run once per stage, whatever the number of acts. */
const TEAM_STAGE: Partial<Record<NightStage, (ctx: NightContext) => void>> = {
  kill: resolveMafiaShot,
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
  const ctx = createNightContext(state, acts);
  // Each act's spec, looked up once rather than once per stage.
  const specs = new Array<ActSpec | undefined>(acts.length);
  for (let k = 0; k < acts.length; k++) specs[k] = actAt(state, acts[k].by - 1, acts[k].act);
  for (let st = 0; st < NIGHT_PIPELINE.length; st++) {
    const stage = NIGHT_PIPELINE[st];
    const team = TEAM_BY_INDEX[st];
    if (team !== noTeam) team(ctx);
    for (let i = 0; i < acts.length; i++) {
      const act = acts[i];
      const spec = specs[i];
      if (!spec || spec.stage !== stage || spec.teamAct) continue;
      if (ctx.blocked.has(act.by)) {
        ctx.answer(act, 'blocked');
        continue;
      }
      if (spec.resolve !== undefined) spec.resolve(ctx, act);
    }
    if (stage === 'protect') {
      const targets = ctx.attemptTargets;
      for (let k = 0; k < targets.length; k++) if (!ctx.saved.has(targets[k])) ctx.died.add(targets[k]);
    }
  }
  return { died: seatsOf(ctx.died, state.seats), results: resultsInOrder(ctx), useful: ctx.useful, alibi: seatsOf(ctx.alibi, state.seats), silenced: seatsOf(ctx.silenced, state.seats) };
}

/** The seats of a set, in seat order. */
function seatsOf(set: SeatSet, seats: number): SeatNo[] {
  const out: SeatNo[] = [];
  for (let seat = 1; seat <= seats; seat++) if (set.has(seat)) out.push(seat as SeatNo);
  return out;
}
