import type { RoleDef } from '../model/role.js';
import { aliveMafia, isRoleId, refuse } from './limits.js';
import { ownShot } from './shot.js';

/**
 * Werewolf, town variant (Оборотень: JustMafia 000, seed 002): acts as a civilian and is seen as town
 * while any mafia remains; when the whole mafia is gone he turns (game/transform.ts: RoleChanged to
 * team solo), kills at night and plays for himself. He wins 1-on-1 (parity presets, 000) or alone
 * (majority presets, 002). He does not turn if turning would give him an immediate win (002).
 */
export const werewolfTown: RoleDef = {
  id: 'werewolf',
  variant: 'town',
  team: 'town',
  name: { en: 'Werewolf', ru: 'Оборотень' },
  summary: 'Town while any mafia remains; then turns, kills at night and plays for himself.',
  appearsBlack: (state, seat) => state.teams[seat - 1] !== 'town',
  hostileShooter: true,
  acts: [
    // Once turned (solo), when the whole mafia is gone.
    ownShot('werewolf', { availableOn: (state, _n, seat) => state.teams[seat - 1] === 'solo' }),
  ],
  soloWin(state, seat) {
    if (state.teams[seat - 1] !== 'solo' || aliveMafia(state) > 0) return false;
    let others = 0;
    for (let i = 0; i < state.seats; i++) if (state.alive[i] && i !== seat - 1) others++;
    return state.options.mafiaWin === 'parity' ? others <= 1 : others === 0;
  },
  rules: ['R-ROLE'],
};

/** The Piter Werewolf lives only while this many players or more remain. */
export const PITER_WEREWOLF_MIN_ALIVE = 6;

/**
 * Werewolf, Piter variant (Оборотень, solo): alive only while 6 or more players remain (dies at 5:
 * night/passives.ts, game/transform.ts). Each night may point at a player and name his role: if right,
 * he becomes that role (and its team) at the end of the night and the previous owner dies — even the
 * Immortal, the Kamikaze, the Beauty (kill source `guess`). A wrong guess does nothing.
 */
export const werewolfPiter: RoleDef = {
  id: 'werewolf',
  variant: 'piter',
  team: 'solo',
  name: { en: 'Werewolf', ru: 'Оборотень' },
  summary: 'Solo (Piter). Each night may name a player\'s role: if right, he takes the role and the owner dies. Dies when 5 remain.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    {
      act: 'guess',
      stage: 'kill',
      onCheckingFirstNight: false,
      mayTargetSelf: false,
      needsRole: true,
      validate: (_state, act) => (act.role === undefined || isRoleId(act.role) ? null : refuse('R-ROLE', `a guess names a role id, not ${JSON.stringify(act.role)}`)),
      resolve(ctx, act) {
        const s = ctx.state;
        if (s.roles[act.target - 1] !== act.role) {
          ctx.answer(act, 'wrong');
          return;
        }
        ctx.answer(act, 'right');
        ctx.attempt(act.target, 'guess');
        ctx.changes.push({ seat: act.by, role: act.role, team: s.teams[act.target - 1], reason: 'werewolf-guess' });
      },
    },
  ],
  rules: ['R-ROLE'],
};
