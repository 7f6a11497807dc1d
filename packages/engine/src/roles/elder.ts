import type { RoleDef } from '../model/role.js';

/**
 * Elder (Староста, Piter, seed 000): meets the host on night 1 only; has immunity at every day vote:
 * he can never be executed (R-VOTE-10). The day flow checks it once the vote is decided
 * (day/flow.ts `resolveExecution`): the day then ends with no execution, outcome `elder`.
 */
export const elder: RoleDef = {
  id: 'elder',
  team: 'town',
  name: { en: 'Elder', ru: 'Староста' },
  summary: 'Town. No night action. Can never be executed by the day vote.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [],
  rules: ['R-VOTE-10'],
};
