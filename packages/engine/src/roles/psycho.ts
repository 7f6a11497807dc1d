import type { RoleDef } from '../model/role.js';
import { ownShot } from './shot.js';

/**
 * Psycho (Псих, Piter): town until he is nominated for a vote (game/transform.ts `afterNominated`:
 * RoleChanged to team solo); from the next night he kills and plays for himself; wins when left
 * 1-on-1 with any town role. Never nominated, he stays a civilian.
 */
export const psycho: RoleDef = {
  id: 'psycho',
  team: 'town',
  name: { en: 'Psycho', ru: 'Псих' },
  summary: 'Town until nominated; from the next night kills and plays for himself; wins 1-on-1 with a town role.',
  appearsBlack: () => false,
  hostileShooter: true,
  acts: [
    // From the night after his nomination (he is solo then).
    ownShot('psycho', { availableOn: (state, _n, seat) => state.teams[seat - 1] === 'solo' }),
  ],
  soloWin(state, seat) {
    if (state.teams[seat - 1] !== 'solo') return false;
    let others = 0;
    let town = 0;
    for (let i = 0; i < state.seats; i++) {
      if (!state.alive[i] || i === seat - 1) continue;
      others++;
      if (state.teams[i] === 'town') town++;
    }
    return others === 1 && town === 1;
  },
  rules: ['R-ROLE'],
};
