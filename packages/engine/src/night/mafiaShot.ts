import { seatNo } from '../ids.js';
import type { NightContext } from '../model/role.js';
import { actAt } from '../roles/registry.js';

/**
 * The mafia's one shot of the night.
 * R-NIGHT-2 (unanimous): every alive mafia member must shoot the same seat; any disagreement or a
 * missing gesture is a miss. R-NIGHT-3 (open choice): the seat they agree on; when they disagree the
 * Don's shot decides; without a shot of the Don the most named seat, a tie being a miss.
 */
export function resolveMafiaShot(ctx: NightContext): void {
  const s = ctx.state;
  let shooters = 0;
  for (let i = 0; i < s.seats; i++) if (s.alive[i] && s.teams[i] === 'mafia' && shootsWithTeam(s, i)) shooters++;
  const acts = ctx.acts;
  let shots = 0;
  let first = 0;
  let same = true;
  for (let k = 0; k < acts.length; k++) {
    const a = acts[k];
    if (a.act !== 'kill' || s.teams[a.by - 1] !== 'mafia') continue;
    if (shots === 0) first = a.target;
    else if (a.target !== first) same = false;
    shots++;
  }
  if (shooters === 0 || shots === 0) return;
  // R-FIIM-11: a member who shoots twice makes the night a miss.
  if (s.options.fiim && shotTwice(acts, s.teams)) return;
  let target: number | null = null;
  if (s.options.mafiaShot === 'unanimous') {
    if (shots !== shooters) return;
    if (same) target = first;
  } else if (same) {
    target = first;
  } else {
    // R-NIGHT-3 (000: the Don "принимает окончательное решение, если мафия не может прийти к согласию";
    // Piter: "решающий голос"): when the mafia disagree, the Don's shot decides, whatever the count.
    for (let k = 0; k < acts.length; k++) {
      const a = acts[k];
      if (a.act === 'kill' && s.teams[a.by - 1] === 'mafia' && s.roles[a.by - 1] === 'don') {
        target = a.target;
        break;
      }
    }
  }
  if (target === null && s.options.mafiaShot === 'open' && !same) {
    // Without the Don's shot (no Don, or he named nobody): the most named seat; a tie is a miss.
    // Shots per target seat (index = seat), the best count, and how many targets share it.
    const counts = new Array<number>(s.seats + 1);
    for (let t = 0; t <= s.seats; t++) counts[t] = 0;
    let best = 0;
    for (let k = 0; k < acts.length; k++) {
      const a = acts[k];
      if (a.act !== 'kill' || s.teams[a.by - 1] !== 'mafia') continue;
      const c = ++counts[a.target];
      if (c > best) best = c;
    }
    let top = 0;
    let only = 0;
    for (let t = 1; t <= s.seats; t++) {
      if (counts[t] === best) {
        top++;
        only = t;
      }
    }
    if (top === 1) target = only;
  }
  // R-FIIM-11: a shot at a seat already out of the game is a miss.
  if (target !== null && s.alive[target - 1]) addAttempt(ctx, target, 'mafia');
}

/** R-FIIM-11: has any mafia member recorded two shots tonight? */
function shotTwice(acts: NightContext['acts'], teams: NightContext['state']['teams']): boolean {
  for (let k = 0; k < acts.length; k++) {
    const a = acts[k];
    if (a.act !== 'kill' || teams[a.by - 1] !== 'mafia') continue;
    for (let j = k + 1; j < acts.length; j++) if (acts[j].act === 'kill' && acts[j].by === a.by) return true;
  }
  return false;
}

/** Does seat index `i` (a mafia-team member) take part in the team's shot? (The Lover, Black Widow do not.) */
function shootsWithTeam(s: NightContext['state'], i: number): boolean {
  const role = s.roles[i];
  if (role === 'mafia' || role === 'don') return true;
  const spec = actAt(s, i, 'kill');
  return spec !== undefined && spec.teamAct === 'mafia';
}

export function addAttempt(ctx: NightContext, target: number, source: string): void {
  ctx.attempt(seatNo(target), source);
}
