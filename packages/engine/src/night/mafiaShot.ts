import type { SeatNo } from '../ids.js';
import type { NightAct } from '../game/state.js';
import type { NightContext } from './context.js';

/**
 * The mafia's one shot of the night.
 * R-NIGHT-2 (unanimous): every alive mafia member must shoot the same seat; any disagreement or a
 * missing gesture is a miss. R-NIGHT-3 (open choice): the most named seat; on a tie the Don decides.
 */
export function resolveMafiaShot(ctx: NightContext): void {
  const s = ctx.state;
  const shooters: SeatNo[] = [];
  for (let i = 0; i < s.seats; i++) if (s.alive[i] && s.teams[i] === 'mafia') shooters.push((i + 1) as SeatNo);
  const shots: NightAct[] = ctx.acts.filter((a) => a.act === 'kill' && s.teams[a.by - 1] === 'mafia');
  if (shooters.length === 0 || shots.length === 0) return;
  let target: number | null = null;
  if (s.options.mafiaShot === 'unanimous') {
    if (shots.length !== shooters.length) return;
    const first = shots[0].target;
    if (shots.every((a) => a.target === first)) target = first;
  } else {
    const counts = new Map<number, number>();
    for (const a of shots) counts.set(a.target, (counts.get(a.target) ?? 0) + 1);
    const best = Math.max(...counts.values());
    const top = [...counts].filter(([, c]) => c === best).map(([t]) => t);
    if (top.length === 1) target = top[0];
    else {
      const don = shots.find((a) => s.roles[a.by - 1] === 'don');
      target = don ? don.target : null;
    }
  }
  if (target !== null) addAttempt(ctx, target, 'mafia');
}

export function addAttempt(ctx: NightContext, target: number, source: string): void {
  const list = ctx.attempts.get(target);
  if (list) list.push(source);
  else ctx.attempts.set(target, [source]);
}
