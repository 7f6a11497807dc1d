import type { RoleDef } from '../model/role.js';
import { visitAct } from './visit.js';

/**
 * Black Widow (Чёрная вдова, 002 modification of the Girl): mafia; each night picks a player (self
 * allowed) who must not speak all next day; if he speaks he loses his vote (R-VOTE-11; the host marks
 * it, day side). Acts after the Lawyer: her act resolves at the visit stage, after the block stage.
 * Not a shooter (the `heir` modification may make her one).
 */
export const blackWidow: RoleDef = {
  id: 'black-widow',
  team: 'mafia',
  name: { en: 'Black Widow', ru: 'Чёрная вдова' },
  summary: 'Mafia (002 modification of the Girl). Each night silences one player, herself allowed, for the next day (R-VOTE-11).',
  appearsBlack: () => true,
  hostileShooter: false,
  acts: [
    visitAct('silence', { mayTargetSelf: true }, (ctx, act) => ctx.silenced.add(act.target)),
  ],
  rules: ['R-VOTE-11', 'R-MOD'],
};
