import type { RoleDef } from '../model/role.js';
import { visitAct } from './visit.js';

/** Girl (Девушка лёгкого поведения, 002): town; gives one player (not herself) an alibi for the next vote (R-VOTE-9). */
export const girl: RoleDef = {
  id: 'girl',
  team: 'town',
  name: { en: 'Girl', ru: 'Девушка лёгкого поведения' },
  summary: 'Town. Each night gives one other player an alibi: he cannot be executed at the next day\'s vote (R-VOTE-9).',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    visitAct('alibi', {}, (ctx, act) => ctx.alibi.add(act.target)),
  ],
  rules: ['R-VOTE-9'],
};
