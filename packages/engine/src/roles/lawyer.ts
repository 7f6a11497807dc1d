import type { RoleDef } from '../model/role.js';
import { visitAct, type VisitLimits } from './visit.js';
import { mafiaShot } from './mafia.js';
import { notSameAsLastNight } from './repeat.js';
import { nightNo, refuse, timesUsed } from './limits.js';

/** The alibi Lawyer gives each player, himself included, at most one alibi per game (R-VOTE-9). */
const oneAlibiPerPlayer: VisitLimits['validate'] = (state, act) =>
  timesUsed(state, act.by, 'alibi', act.target) > 0
    ? refuse('R-VOTE-9', `the Lawyer (seat ${act.by}) has already given seat ${act.target} an alibi: each player at most once per game`)
    : null;

/**
 * Lawyer, alibi variant (Адвокат: Piter, JustMafia party deck): mafia; wakes with the mafia (shoots with
 * the team), then alone, and gives one player protection from the next day's execution (R-VOTE-9).
 * Each player, himself included, at most once per game.
 */
export const lawyerAlibi: RoleDef = {
  id: 'lawyer',
  variant: 'alibi',
  team: 'mafia',
  name: { en: 'Lawyer', ru: 'Адвокат' },
  summary: 'Mafia (Piter). Shoots with the team; each night gives one player an alibi for the next day\'s vote; each player at most once per game.',
  appearsBlack: () => true,
  hostileShooter: true,
  acts: [
    mafiaShot,
    visitAct('alibi', { stage: 'protect', mayTargetSelf: true, validate: oneAlibiPerPlayer }, (ctx, act) => ctx.alibi.add(act.target)),
  ],
  rules: ['R-ROLE', 'R-VOTE-9'],
};

/**
 * Lawyer, block variant (`extended`, seed 002): mafia; blocks one player's ability for the night (a
 * blocked Doctor does not heal, a Cop does not shoot, a Commissar gets `blocked`, an Immortal is mortal
 * that night; blocking one of two Maniacs blocks both). Not the same player two nights in a row. When
 * all mafia shooters are gone he becomes a shooter (game/transform.ts).
 */
export const lawyerBlock: RoleDef = {
  id: 'lawyer',
  variant: 'block',
  team: 'mafia',
  name: { en: 'Lawyer', ru: 'Адвокат' },
  summary: 'Mafia (extended). Blocks one player\'s night ability (not the same player two nights running); becomes a shooter when the mafia shooters are gone.',
  appearsBlack: () => true,
  hostileShooter: false,
  acts: [
    visitAct('block', { stage: 'block', validate: (state, act) => notSameAsLastNight(state, act, 'R-ROLE', 'Lawyer') }, (ctx, act) => {
      const s = ctx.state;
      ctx.blocked.add(act.target);
      // Two Maniacs act as one: blocking one blocks both.
      if (s.roles[act.target - 1] === 'maniac') {
        for (let i = 0; i < s.seats; i++) if (s.alive[i] && s.roles[i] === 'maniac') ctx.blocked.add(i + 1);
      }
    }),
  ],
  rules: ['R-ROLE', 'R-NIGHT'],
};
