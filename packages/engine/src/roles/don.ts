import type { RoleDef } from '../model/role.js';
import { mafiaShot } from './mafia.js';

/**
 * Whom the Don's check finds ("is he the Commissar?", the Sheriff in 004): the Commissar and the
 * detective Sheriff, not the JustMafia shooter. Also what his card and the host's line name
 * (view/variants.ts).
 */
export const isDonsQuarry = (def: RoleDef): boolean => def.id === 'commissar' || (def.id === 'sheriff' && def.acts.some((a) => a.act === 'check'));

/** Don (Дон): mafia; each night checks one player: "is he the Commissar?". */
export const don: RoleDef = {
  id: 'don',
  variant: 'classic',
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
        ctx.answer(act, isDonsQuarry(ctx.roleAt(act.target - 1)) ? 'yes' : 'no');
      },
    },
  ],
  rules: ['R-NIGHT-1'],
};
