import type { RoleDef } from '../model/role.js';

/**
 * Student (Студент, seeds 000, 002): town until the first shooting role leaves the game (a mafia
 * member, a Cop or shooting Sheriff, a Maniac…); then he takes that teacher's role, abilities and team
 * at once (game/transform.ts, RoleChanged) and wins with that team.
 */
export const student: RoleDef = {
  id: 'student',
  team: 'town',
  name: { en: 'Student', ru: 'Студент' },
  summary: 'Town until the first shooting role leaves; then takes that role, its abilities and its team.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [],
  rules: ['R-ROLE'],
};
