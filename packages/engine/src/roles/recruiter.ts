import type { RoleDef } from '../model/role.js';
import { mafiaShot } from './mafia.js';
import { mafiaTeamGuess } from './beauty.js';
import { aliveMafia, timesUsed } from './limits.js';

/**
 * Recruiter (Вербовщик, Piter): ordinary mafia; once 3 or fewer mafia remain he may, once per game,
 * recruit a town player at night: at the end of the night that player becomes ordinary mafia (his old
 * role is gone) and in the morning the host announces which role turned mafia (RoleAnnounced, no
 * seat). A recruit aimed at a player who is not town, or who dies that night, does nothing (and is spent).
 */
export const recruiter: RoleDef = {
  id: 'recruiter',
  team: 'mafia',
  name: { en: 'Recruiter', ru: 'Вербовщик' },
  summary: 'Mafia (Piter). With 3 or fewer mafia alive, once per game recruits a town player, who becomes mafia at dawn.',
  appearsBlack: () => true,
  hostileShooter: true,
  acts: [
    mafiaShot,
    mafiaTeamGuess,
    {
      act: 'recruit',
      stage: 'transform',
      onCheckingFirstNight: false,
      mayTargetSelf: false,
      availableOn: (state, _n, seat) => aliveMafia(state) <= 3 && timesUsed(state, seat, 'recruit') === 0,
      resolve(ctx, act) {
        const s = ctx.state;
        const i = act.target - 1;
        if (s.teams[i] !== 'town' || ctx.died.has(act.target)) return;
        ctx.changes.push({ seat: act.target, role: 'mafia', team: 'mafia', reason: 'recruited', announce: s.roles[i] });
      },
    },
  ],
  rules: ['R-ROLE'],
};
