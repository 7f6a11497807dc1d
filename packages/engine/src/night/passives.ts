import { seatAt, type SeatNo } from '../ids.js';
import { roleAt } from '../roles/registry.js';
import { beautyClub } from '../roles/beauty.js';
import { PITER_WEREWOLF_MIN_ALIVE, werewolfPiter } from '../roles/werewolf.js';
import type { NightContext } from '../model/role.js';
import { traits } from '../game/traits.js';

/**
 * Passive traits of the issue-3 roles, run once per night at their pipeline stage (RULES.md §5):
 * the Immortal at `protect`; the club Beauty's host, the Kamikaze's revenge and the Piter Werewolf's
 * death at 5 players at `chain`. Presets without these roles skip them (game/traits.ts); tables
 * without them pay one pass over the role list.
 */

/** Immortality saves from every night kill but a guess. */
const notGuess = (source: string): boolean => source !== 'guess';

export function resolvePassiveProtect(ctx: NightContext): void {
  const s = ctx.state;
  if (!traits(s).immortal) return;
  const roles = s.roles;
  for (let i = 0; i < roles.length; i++) {
    // R-ROLE Immortal: blocked by the Lawyer (extended), he is mortal that night.
    if (roles[i] === 'immortal' && s.alive[i] && !ctx.blocked.has(i + 1)) ctx.protect(seatAt(i), 0, notGuess);
  }
}

export function resolvePassiveChain(ctx: NightContext): void {
  const s = ctx.state;
  if (!traits(s).chain) return;
  const roles = s.roles;
  let any = false;
  for (let i = 0; i < roles.length; i++) {
    const r = roles[i];
    if (r === 'kamikaze' || r === 'beauty' || r === 'werewolf') any = true;
  }
  if (!any) return;
  for (let i = 0; i < roles.length; i++) if (roles[i] === 'kamikaze' && ctx.died.has(i + 1)) kamikazeRevenge(ctx, seatAt(i));
  // The club Beauty killed: her host dies with her.
  const acts = ctx.acts;
  for (let k = 0; k < acts.length; k++) {
    const a = acts[k];
    if (a.act === 'visit' && ctx.died.has(a.by) && !ctx.blocked.has(a.by) && roleAt(s, a.by - 1) === beautyClub) ctx.died.add(a.target);
  }
  // The Piter Werewolf lives only while 6 or more players remain.
  let left = 0;
  for (let i = 0; i < s.seats; i++) if (s.alive[i] && !ctx.died.has(i + 1)) left++;
  if (left < PITER_WEREWOLF_MIN_ALIVE) {
    for (let i = 0; i < roles.length; i++) {
      if (roles[i] === 'werewolf' && s.alive[i] && roleAt(s, i) === werewolfPiter) ctx.died.add(i + 1);
    }
  }
}

/**
 * R-ROLE Kamikaze: killed at night (by a shot, not a guess), his killers die (only those whose shot was
 * not cancelled by a heal): from the mafia one
 * member, the lowest seat among those who shot at him (the lowest mafia shooter when none did, i.e.
 * the Don's decision); any other shooter himself; a Cheater who shot him with a copied shot.
 */
function kamikazeRevenge(ctx: NightContext, seat: SeatNo): void {
  const s = ctx.state;
  const targets = ctx.attemptTargets;
  const sources = ctx.attemptSources;
  const acts = ctx.acts;
  for (let k = 0; k < targets.length; k++) {
    if (targets[k] !== seat) continue;
    const source = sources[k];
    // A guess kills without revenge; a shot that a heal cancelled did not kill him (R-ROLE Kamikaze:
    // "those who killed him" die): healed from the mafia's shot and then guessed, nobody goes with him.
    if (source === 'guess' || ctx.isProtected(seat, source)) continue;
    if (source === 'mafia') {
      let killer = 0;
      for (let j = 0; j < acts.length; j++) {
        const a = acts[j];
        if (a.act === 'kill' && a.target === seat && s.teams[a.by - 1] === 'mafia' && (killer === 0 || a.by < killer)) killer = a.by;
      }
      if (killer === 0) {
        for (let j = 0; j < acts.length; j++) {
          const a = acts[j];
          if (a.act === 'kill' && s.teams[a.by - 1] === 'mafia' && (killer === 0 || a.by < killer)) killer = a.by;
        }
      }
      if (killer > 0) ctx.died.add(killer);
      continue;
    }
    for (let j = 0; j < acts.length; j++) {
      const a = acts[j];
      if (a.act === 'kill' && a.target === seat && s.teams[a.by - 1] !== 'mafia') ctx.died.add(a.by);
      if (a.act === 'copy' && a.target2 === seat && source === 'cheater') ctx.died.add(a.by);
    }
  }
}
