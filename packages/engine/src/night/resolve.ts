import type { SeatNo } from '../ids.js';
import type { ActResult, GameState } from '../game/state.js';
import { actOf } from '../roles/registry.js';
import type { NightStage } from '../roles/types.js';
import { createNightContext, resultsInOrder, type NightContext } from './context.js';
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
}

/** Team resolvers that run once per stage, whatever the number of acts. */
const TEAM_STAGE: Partial<Record<NightStage, (ctx: NightContext) => void>> = {
  kill: resolveMafiaShot,
};

export function resolveNight(state: GameState): NightOutcome {
  // Acts of players removed during the night no longer count.
  const acts = (state.night?.acts ?? []).filter((a) => state.alive[a.by - 1]);
  const ctx = createNightContext(state, acts);
  // Each act's spec, looked up once rather than once per stage.
  const specs = acts.map((a) => actOf(state.roles[a.by - 1], a.act));
  for (const stage of NIGHT_PIPELINE) {
    TEAM_STAGE[stage]?.(ctx);
    for (let i = 0; i < acts.length; i++) {
      const act = acts[i];
      const spec = specs[i];
      if (!spec || spec.stage !== stage || spec.teamAct) continue;
      if (ctx.blocked.has(act.by)) {
        ctx.answer(act, 'blocked');
        continue;
      }
      spec.resolve?.(ctx, act);
    }
    if (stage === 'protect') {
      for (const [target] of ctx.attempts) if (!ctx.saved.has(target)) ctx.died.add(target);
    }
  }
  const died = [...ctx.died].sort((a, b) => a - b) as SeatNo[];
  return { died, results: resultsInOrder(ctx), useful: ctx.useful };
}
