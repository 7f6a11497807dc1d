import type { RoleDef } from '../model/role.js';
import type { GameState } from '../model/state.js';
import { resolveCompare } from '../night/compare.js';
import { detectiveCheck } from './check.js';

/** The `sherlock` modification (002) turns the Commissar's check into a comparison (R-CHECK-2). */
const sherlock = (s: GameState): boolean => s.setup.modifications.length > 0 && s.setup.modifications.includes('sherlock');

/** Commissar (Комиссар): each night checks one player: mafia or not (R-CHECK-1). */
export const commissar: RoleDef = {
  id: 'commissar',
  team: 'town',
  name: { en: 'Commissar', ru: 'Комиссар' },
  summary: 'Town. Each night asks the host whether one player is mafia (R-CHECK-1).',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    detectiveCheck({ availableOn: (s) => !sherlock(s) }),
    {
      // Sherlock (002 modification): compares two players like the Journalist; a Maniac matches
      // only a second Maniac; the Werewolf counts as town.
      act: 'compare',
      stage: 'inform',
      onCheckingFirstNight: true,
      mayTargetSelf: true,
      needsTarget2: true,
      availableOn: (s) => sherlock(s),
      validate(_s, act) {
        return act.target2 === act.target ? { rule: 'R-CHECK-2', message: `Sherlock (seat ${act.by}) compares two different players` } : null;
      },
      resolve(ctx, act) {
        resolveCompare(ctx, act, true);
      },
    },
  ],
  rules: ['R-CHECK-1', 'R-CHECK-2', 'R-NIGHT-4'],
};
