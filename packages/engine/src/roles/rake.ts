import type { RoleDef } from '../model/role.js';

/**
 * Rake (Повеса, Piter, seed 000): meets the host on night 1 only. When executed by the day vote he
 * takes one of the players who voted against him into jail with him, his choice, even a protected
 * player or the Elder (R-ROLE). The day flow opens his choice (day/flow.ts `openRakeChoice`,
 * command `rakeTakes`, protocol field `rakeTakes`).
 */
export const rake: RoleDef = {
  id: 'rake',
  team: 'town',
  name: { en: 'Rake', ru: 'Повеса' },
  summary: 'Town. No night action. Executed by day, he takes one of his voters along.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [],
  rules: ['R-ROLE'],
};
