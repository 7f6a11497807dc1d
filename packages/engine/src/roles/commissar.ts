import type { RoleDef } from './types.js';

/** Commissar (Комиссар): each night checks one player: mafia or not (R-CHECK-1). */
export const commissar: RoleDef = {
  id: 'commissar',
  team: 'town',
  name: { en: 'Commissar', ru: 'Комиссар' },
  summary: 'Town. Each night asks the host whether one player is mafia (R-CHECK-1).',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    {
      act: 'check',
      stage: 'inform',
      onCheckingFirstNight: true,
      mayTargetSelf: false,
      resolve(ctx, act) {
        if (ctx.state.options.checkAnswersDead && ctx.died.has(act.target)) {
          ctx.answer(act, 'dead');
          return;
        }
        const black = ctx.appearsBlack(act.target);
        ctx.answer(act, black ? 'yes' : 'no');
        if (black) ctx.found(act.by, act.target);
      },
    },
  ],
  rules: ['R-CHECK-1', 'R-NIGHT-4'],
};
