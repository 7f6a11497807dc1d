import type { ActSpec, RoleDef } from '../model/role.js';

/** The mafia shot: every mafia-team member submits one `kill`; the team resolver decides (R-NIGHT-2/3). */
export const mafiaShot: ActSpec = {
  act: 'kill',
  stage: 'kill',
  teamAct: 'mafia',
  onCheckingFirstNight: false,
  mayTargetSelf: true,
};

/** Mafia (Мафия): shoots with the team at night; knows the teammates. */
export const mafia: RoleDef = {
  id: 'mafia',
  variant: 'classic',
  team: 'mafia',
  name: { en: 'Mafia', ru: 'Мафия' },
  summary: 'Shoots with the team at night (R-NIGHT-2). Knows the teammates.',
  appearsBlack: () => true,
  hostileShooter: true,
  acts: [mafiaShot],
  rules: ['R-NIGHT-2', 'R-CHECK-1'],
};
