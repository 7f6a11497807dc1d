import type { RoleDef } from '../model/role.js';

/** Civilian (Мирный житель): no night action; votes with the town. */
export const civilian: RoleDef = {
  id: 'civilian',
  team: 'town',
  name: { en: 'Civilian', ru: 'Мирный житель' },
  summary: 'No night action. Finds the mafia by talking and voting.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [],
  rules: ['R-TEAM'],
};
