import type { RoleDef } from '../model/role.js';
import { visitAct } from './visit.js';

/**
 * Lover (Любовница): three variants in seed 000 (RULES §6).
 * - tabletop: town ("light": only the mafia, the Gangster and the Maniac are dark); wakes first on
 *   even nights only (2, 4, 6…) and charms one player (not herself): the mafia cannot kill him that
 *   night (a protection from the source 'mafia' only).
 * - classic: mafia; her target loses his vote next day and cannot be executed that day
 *   (R-VOTE-11 silence and R-VOTE-9 alibi).
 * - JustMafia (party): mafia, no ability.
 */
export const loverTabletop: RoleDef = {
  id: 'lover',
  variant: 'tabletop',
  team: 'town',
  name: { en: 'Lover', ru: 'Любовница' },
  summary: 'Town (seed 000 tabletop). On even nights charms one other player: the mafia cannot kill him that night.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    visitAct('visit', { availableOn: (_s, n) => n % 2 === 0 }, (ctx, act) => ctx.protect(act.target, 0, onlyMafia)),
  ],
  rules: ['R-NIGHT-1', 'R-ROLE'],
};

const onlyMafia = (source: string): boolean => source === 'mafia';

export const loverClassic: RoleDef = {
  id: 'lover',
  variant: 'classic',
  team: 'mafia',
  name: { en: 'Lover', ru: 'Любовница' },
  summary: 'Mafia (seed 000 classic). Each night picks a player who loses his vote next day and cannot be executed that day.',
  appearsBlack: () => true,
  hostileShooter: false,
  acts: [
    visitAct('silence', {}, (ctx, act) => {
      ctx.silenced.add(act.target);
      ctx.alibi.add(act.target);
    }),
  ],
  rules: ['R-VOTE-9', 'R-VOTE-11'],
};

export const loverJustMafia: RoleDef = {
  id: 'lover',
  variant: 'justmafia',
  team: 'mafia',
  name: { en: 'Lover', ru: 'Любовница' },
  summary: 'Mafia (seed 000 JustMafia deck): no ability of her own; knows the mafia and is known to them; does not shoot.',
  appearsBlack: () => true,
  hostileShooter: false,
  acts: [],
  rules: ['R-TEAM'],
};

/** The registry's default: the tabletop Lover. */
export const lover = loverTabletop;
