import type { ActSpec } from '../model/role.js';

/**
 * The detective's night check (R-CHECK-1) that the Commissar and the club Sheriff share: the host
 * answers whether one other player is mafia. `extra` adds the role's own limits (`availableOn`).
 */
export function detectiveCheck(extra: Pick<ActSpec, 'availableOn'> = {}): ActSpec {
  return {
    act: 'check',
    stage: 'inform',
    onCheckingFirstNight: true,
    mayTargetSelf: false,
    ...extra,
    resolve(ctx, act) {
      // R-ROLE Commissar (000, "убитого гангстерами"): "dead" (crossed arms) only for a player the
      // mafia killed that night.
      if (ctx.state.options.checkAnswersDead && ctx.killedByMafia(act.target)) {
        ctx.answer(act, 'dead');
        return;
      }
      const black = ctx.appearsBlack(act.target);
      ctx.answer(act, black ? 'yes' : 'no');
      // Scoring (RULES §9 "found a mafioso"): a black answer on a solo (a turned Werewolf, the Maniac
      // shown black by R-CHECK-3) is not one.
      if (black && ctx.state.teams[act.target - 1] === 'mafia') ctx.found(act.by, act.target);
    },
  };
}
