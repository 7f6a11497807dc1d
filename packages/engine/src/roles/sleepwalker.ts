import type { RoleDef } from '../model/role.js';

/**
 * Sleepwalker (Лунатик, 000): town spy who wakes with the mafia and sees them; takes no part in
 * their choice and has no act. Decision: the mafia do not learn who he is (his goal is to hint them
 * to the town "without being caught"). The projection shows him the mafia (view/project.ts).
 */
export const sleepwalker: RoleDef = {
  id: 'sleepwalker',
  team: 'town',
  name: { en: 'Sleepwalker', ru: 'Лунатик' },
  summary: 'Town. Wakes with the mafia and sees who they are, without a part in their choice; the mafia do not see him.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [],
  seesMafia: true,
  rules: ['R-ROLE'],
};
