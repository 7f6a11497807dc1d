import type { RoleDef } from '../model/role.js';

/**
 * Kamikaze (Камикадзе, Piter): town; killed at night, his killers die with him; from the mafia one
 * member dies: the lowest seat among the mafia members who shot him (night/passives.ts; also in the
 * open-choice presets, see docs/decisions.md "Issue 3 gaps").
 */
export const kamikaze: RoleDef = {
  id: 'kamikaze',
  team: 'town',
  name: { en: 'Kamikaze', ru: 'Камикадзе' },
  summary: 'Town. Killed at night, he takes his killers with him (one member of the mafia).',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [],
  rules: ['R-ROLE', 'R-NIGHT'],
};
