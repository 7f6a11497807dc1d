import type { RoleDef } from '../model/role.js';
import { ownShot } from './shot.js';

/**
 * Cop (Коп, 002): town; shoots one player every night (kill source 'cop'); must shoot unless blocked
 * (`required`: the night cannot end without his shot unless the Lawyer blocked him; game/night-commands.ts).
 */
export const cop: RoleDef = {
  id: 'cop',
  team: 'town',
  name: { en: 'Cop', ru: 'Коп' },
  summary: 'Town. Shoots one player every night and cannot skip unless blocked (seed 002).',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    ownShot('cop', { required: true }),
  ],
  rules: ['R-ROLE'],
};
