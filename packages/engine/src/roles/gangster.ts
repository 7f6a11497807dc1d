import type { RoleDef } from '../model/role.js';
import { mafiaShot } from './mafia.js';

/**
 * Gangster (Гангстер, 000 tabletop): wakes after the mafia on night 1 and shoots with them.
 * Decision (RULES §6): a mafia-team member, counted as mafia for parity, black to checks.
 */
export const gangster: RoleDef = {
  id: 'gangster',
  team: 'mafia',
  name: { en: 'Gangster', ru: 'Гангстер' },
  summary: 'Mafia (seed 000 tabletop). Meets the mafia on night 1 and shoots with them; black to checks.',
  appearsBlack: () => true,
  hostileShooter: true,
  acts: [mafiaShot],
  rules: ['R-NIGHT-3', 'R-CHECK-1'],
};
