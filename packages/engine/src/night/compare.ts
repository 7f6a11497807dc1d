import type { SeatNo } from '../ids.js';
import type { GameState, NightAct } from '../model/state.js';
import type { NightContext } from '../model/role.js';

/**
 * R-CHECK-2: a Journalist's or Sherlock's comparison: same team or not. Town and mafia compare by
 * team; a solo player differs from everybody, even another solo, except:
 * - `bonnie-and-clyde`: the two Maniacs are one team (both the Journalist and Sherlock);
 * - Sherlock (002): a Maniac matches a second Maniac; the Werewolf counts as town (its team while it
 *   has not turned).
 */
export function sameSide(s: GameState, a: SeatNo, b: SeatNo, sherlock: boolean): boolean {
  if (a === b) return true;
  const ta = s.teams[a - 1];
  const tb = s.teams[b - 1];
  if (ta !== 'solo' && tb !== 'solo') return ta === tb;
  if (ta !== tb) return false;
  const bothManiacs = s.roles[a - 1] === 'maniac' && s.roles[b - 1] === 'maniac';
  if (!bothManiacs) return false;
  return sherlock || s.setup.modifications.includes('bonnie-and-clyde');
}

/** Resolves a compare act (inform stage): `dead` when the option says so and a target died tonight. */
export function resolveCompare(ctx: NightContext, act: NightAct, sherlock: boolean): void {
  const t2 = act.target2;
  // The compare act names two seats: its spec refuses one without target2 when it is made.
  if (t2 === undefined) throw new Error(`seat ${act.by}'s compare act has no second target`);
  if (ctx.state.options.checkAnswersDead && (ctx.died.has(act.target) || ctx.died.has(t2))) {
    ctx.answer(act, 'dead');
    return;
  }
  ctx.answer(act, sameSide(ctx.state, act.target, t2, sherlock) ? 'same' : 'different');
}
