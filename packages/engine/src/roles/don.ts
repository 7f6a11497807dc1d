import type { RoleDef } from './types.js';
import { mafiaShot } from './mafia.js';
import { actSpecAt } from './limits.js';

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
        // "Is he the Commissar?" (the Sheriff in 004): the detective Sheriff only, not the JustMafia shooter.
        const found = role === 'commissar' || (role === 'sheriff' && actSpecAt(ctx.state, act.target - 1, 'check') !== undefined);
        ctx.answer(act, found ? 'yes' : 'no');
      },
    },
  ],
  rules: ['R-NIGHT-1'],
};
