import type { ActKind } from '../ids.js';
import type { GameState, NightAct } from '../model/state.js';
import type { ActSpec, RoleDef, RoleLookup } from '../model/role.js';
import { actSpecAt, isShooter } from './limits.js';

/** Active abilities the Cheater copies (shot, heal, block/visit, and the other one-target effects). */
const COPYABLE: readonly ActKind[] = ['kill', 'heal', 'block', 'visit', 'alibi', 'silence'];

/** The copied team shot: one attempt of the Cheater's own. */
const copiedShot: ActSpec = {
  act: 'kill',
  stage: 'kill',
  onCheckingFirstNight: false,
  mayTargetSelf: true,
  resolve(ctx, act) {
    if (act.target2 !== undefined) ctx.attempt(act.target2, 'cheater');
  },
};

/** Derived specs, one per copied spec (made once). */
const derived = new Map<ActSpec, ActSpec>();

function copyOf(spec: ActSpec): ActSpec {
  if (spec.teamAct === 'mafia') return copiedShot;
  let d = derived.get(spec);
  if (d === undefined) {
    const inner = spec.resolve;
    d = {
      act: spec.act,
      stage: spec.stage,
      onCheckingFirstNight: false,
      mayTargetSelf: true,
      resolve(ctx, act) {
        if (inner === undefined || act.target2 === undefined) return;
        inner(ctx, { by: act.by, act: spec.act, target: act.target2 });
      },
    };
    derived.set(spec, d);
  }
  return d;
}

/** The first active ability of the seat `act.target` (its current role), as the Cheater's copy. */
function copySpec(state: GameState, act: NightAct, roleAt: RoleLookup): ActSpec | undefined {
  const i = act.target - 1;
  for (const kind of COPYABLE) {
    const spec = actSpecAt(state, i, kind, roleAt);
    if (spec === undefined) continue;
    if (spec.availableOn !== undefined && !spec.availableOn(state, state.night === null ? 0 : state.night.n, act.target)) continue;
    return copyOf(spec);
  }
  return undefined;
}

/**
 * Cheater (Шулер, Piter, solo): each night copies the active ability of `target` (a shot, a heal, a
 * block or visit…) and applies it to `target2` (anyone, himself included); passive traits
 * (immortality, checks) are not copied, and a player without an active ability gives nothing. Wins
 * when left alone against two non-shooting roles.
 */
export const cheater: RoleDef = {
  id: 'cheater',
  team: 'solo',
  name: { en: 'Cheater', ru: 'Шулер' },
  summary: 'Solo (Piter). Each night copies one player\'s active ability onto a target of his choice; wins alone against two non-shooters.',
  appearsBlack: () => false,
  // He shoots only with a borrowed shot: once the other hostile shooters are gone the town has won.
  hostileShooter: false,
  acts: [
    {
      act: 'copy',
      stage: 'kill',
      onCheckingFirstNight: false,
      mayTargetSelf: true,
      needsTarget2: true,
      specFor: copySpec,
    },
  ],
  soloWin(state, seat, roleAt) {
    let others = 0;
    for (let i = 0; i < state.seats; i++) {
      if (!state.alive[i] || i === seat - 1) continue;
      others++;
      if (isShooter(state, i, roleAt)) return false;
    }
    return others === 2;
  },
  rules: ['R-ROLE'],
};
