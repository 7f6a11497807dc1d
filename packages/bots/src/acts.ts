import { presetOf, type ActKind, type Command, type GameView, type Pending, type PresetId, type RoleId, type SeatNo } from '@mafia/engine';
import type { Rng } from './bot.js';

type ActDecision = Extract<Pending, { kind: 'act' }>;

/**
 * Completes a bot's night act into a legal command: a target the act's limits forbid tonight (the
 * Doctor's "not twice in a row", a second self-heal…) is swapped for a random allowed one; a compare
 * gets a second, different target; a guess names a role. Null when no target is allowed.
 */
export function actCommand(view: GameView, pending: ActDecision, rng: Rng, act: ActKind, target: SeatNo | 0): Command | null {
  const forbidden = pending.forbidden;
  const seat = pending.seat;
  if (target === 0 || (forbidden !== undefined && forbidden.includes(target))) {
    if (forbidden === undefined) return null;
    const pool: SeatNo[] = [];
    for (const s of view.seats) if (s.alive && s.seat !== seat && !forbidden.includes(s.seat)) pool.push(s.seat);
    if (pool.length === 0) return null;
    target = rng.pick(pool);
  }
  if (pending.needsTarget2 === true) {
    const pool: SeatNo[] = [];
    for (const s of view.seats) if (s.alive && s.seat !== target) pool.push(s.seat);
    if (pool.length === 0) return null;
    const target2 = rng.pick(pool);
    return pending.needsRole === true
      ? { type: 'act', by: seat, act, target, target2, role: guessRole(view, rng) }
      : { type: 'act', by: seat, act, target, target2 };
  }
  if (pending.needsRole === true) return { type: 'act', by: seat, act, target, role: guessRole(view, rng) };
  return { type: 'act', by: seat, act, target };
}

/** A guess (Piter Beauty, УГАДАЙКА, Werewolf) names one of the preset's roles (public: the preset's role list), at random. */
function guessRole(view: GameView, rng: Rng): RoleId {
  const roles = presetOf(view.preset as PresetId)?.roles;
  return roles === undefined || roles.length === 0 ? 'civilian' : rng.pick(roles);
}
