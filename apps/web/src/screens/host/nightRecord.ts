import type { GameView, RoleId } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { effectiveEntries } from '../../narrator/dayNews';
import { stepOfAct } from '../player/logic';

/** One act recorded tonight, as the host's console lists it under its step. */
export interface StepAct {
  readonly by: number;
  readonly act: string;
  readonly target: number;
  readonly target2?: number;
  readonly role?: RoleId;
  /** `phone`: the seat sent it from its own phone; `host`: the host entered it for the seat. */
  readonly from: 'phone' | 'host';
}

/**
 * The acts recorded tonight (the view's night) and still in force after any undo, grouped by the
 * step of the night script they belong to (index = step; `view.nightSteps`). The step is the one
 * that wakes the actor's role for that act (the host sees every role), so the Don's check is listed
 * under the Don and not under the Commissar. A step with an act in it is one whose acts are in: the
 * night panel says so instead of "nobody acts in this step" (issue 23 point 5).
 */
export function actsByStep(view: GameView, log: readonly LogItem[]): StepAct[][] {
  const out: StepAct[][] = view.nightSteps.map(() => []);
  if (view.phase.kind !== 'night' || out.length === 0) return out;
  const n = view.phase.n;
  let night = -1;
  for (const { e, by } of effectiveEntries(log)) {
    if (e.type === 'NightStarted') night = e.n;
    if (e.type !== 'ActRecorded' || night !== n) continue;
    const a = e.act;
    const role = view.seats[a.by - 1]?.role;
    const step = role ? stepOfAct(view.nightSteps, role, a.act) : out.length - 1;
    out[step]!.push({
      by: a.by, act: a.act, target: a.target, ...(a.target2 ? { target2: a.target2 } : {}), ...(a.role ? { role: a.role } : {}),
      from: by === a.by ? 'phone' : 'host',
    });
  }
  return out;
}
