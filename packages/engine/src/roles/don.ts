import type { RoleDef } from './types.js';
import { mafiaShot } from './mafia.js';

/** Don (Дон): mafia; each night checks one player: "is he the Commissar?". */
export const don: RoleDef = {
  id: 'don',
  team: 'mafia',
  name: { en: 'Don', ru: 'Дон' },
  summary: 'Mafia. Shoots with the team and each night asks the host whether one player is the Commissar.',
  appearsBlack: () => true,
  hostileShooter: true,
  acts: [
    mafiaShot,
    {
      act: 'check',
      stage: 'inform',
      onCheckingFirstNight: true,
      mayTargetSelf: false,
      resolve(ctx, act) {
        const role = ctx.state.roles[act.target - 1];
        ctx.answer(act, role === 'commissar' || role === 'sheriff' ? 'yes' : 'no');
      },
    },
  ],
  rules: ['R-NIGHT-1'],
};
