import type { RoleDef } from '../model/role.js';
import { resolveCompare } from '../night/compare.js';

/** Journalist (Журналист, 000): town; each night compares two players: same team or not (R-CHECK-2). */
export const journalist: RoleDef = {
  id: 'journalist',
  team: 'town',
  name: { en: 'Journalist', ru: 'Журналист' },
  summary: 'Town. Each night shows the host two players and learns whether they play for the same side; a solo player is "different" from everybody (R-CHECK-2).',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    {
      act: 'compare',
      stage: 'inform',
      onCheckingFirstNight: true,
      mayTargetSelf: true,
      needsTarget2: true,
      validate(_s, act) {
        return act.target2 === act.target ? { rule: 'R-CHECK-2', message: `the Journalist (seat ${act.by}) compares two different players` } : null;
      },
      resolve(ctx, act) {
        resolveCompare(ctx, act, false);
      },
    },
  ],
  rules: ['R-CHECK-2'],
};
