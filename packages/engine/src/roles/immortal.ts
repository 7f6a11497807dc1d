import type { RoleDef } from '../model/role.js';

/**
 * Immortal (Бессмертный, Piter, seed 002): town; meets the host on night 1; survives every night
 * shot (night/passives.ts); dies by execution, by a right guess (Beauty, УГАДАЙКА, Piter Werewolf) or a
 * Werewolf takeover; blocked by the Lawyer he is mortal that night. Left 1-on-1 with a shooter of
 * another team he loses (game/transform.ts `oneOnOneWinner`).
 */
export const immortal: RoleDef = {
  id: 'immortal',
  team: 'town',
  name: { en: 'Immortal', ru: 'Бессмертный' },
  summary: 'Town. Survives every night shot (not a guess; not when blocked); dies by execution.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [],
  rules: ['R-ROLE'],
};
