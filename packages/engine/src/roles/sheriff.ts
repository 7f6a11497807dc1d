import type { RoleDef } from '../model/role.js';
import { detectiveCheck } from './check.js';
import { ownShot } from './shot.js';

/**
 * Sheriff (Шериф): two different roles (RULES §6).
 * - 004 club: the detective (the Commissar's job): thumbs up = town, down = mafia; sees the Maniac
 *   per R-CHECK-3 (the Maniac's variant). The Don's check "is he the sheriff?" answers yes.
 * - 000 JustMafia extended deck: an armed town player who may shoot one player each night (kill
 *   source 'sheriff'); unlike the Cop he may skip a night.
 */
export const sheriffDetective: RoleDef = {
  id: 'sheriff',
  variant: 'detective',
  team: 'town',
  name: { en: 'Sheriff', ru: 'Шериф' },
  summary: 'Town detective (seed 004). Each night asks the host whether one player is mafia; the Maniac shows town while any mafia lives, black after (R-CHECK-3).',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    // As the Commissar's check; the Maniac's look per R-CHECK-3 lives in `appearsBlack` (roles/maniac.ts).
    detectiveCheck(),
  ],
  rules: ['R-CHECK-1', 'R-CHECK-3'],
};

export const sheriffShooter: RoleDef = {
  id: 'sheriff',
  variant: 'shooter',
  team: 'town',
  name: { en: 'Sheriff', ru: 'Шериф' },
  summary: 'Armed town player (seed 000 JustMafia): may shoot one player each night; his victim dies like any other; may skip a night.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [ownShot('sheriff')],
  rules: ['R-ROLE'],
};

/** The registry's default: the club detective. */
export const sheriff = sheriffDetective;
