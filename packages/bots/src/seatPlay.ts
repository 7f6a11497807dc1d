import type { Command, GameView, Pending } from '@mafia/engine';
import { viewOf, type Bot } from './bot.js';

/**
 * The decisions a bot playing a seat over the wire has tried on one frame (numbered `seq`), each
 * once: a refused command is not sent again and again on the same frame, and a newer frame starts
 * afresh (so the set stays small).
 */
export interface TriedDecisions {
  seq: number;
  readonly keys: Set<string>;
}

export const triedDecisions = (): TriedDecisions => ({ seq: -1, keys: new Set() });

/**
 * The next command of a bot that plays its seat from the frames the server sends that seat (the
 * server's bot seats, apps/server botSeat.ts, and the load test's clients, packages/cli): a pending
 * decision it has not tried on this frame, else the end of its own turn when the view offers it
 * (`ownTurn`: where the app hosts, a bot has nothing to say, so it ends its speech or last word
 * instead of holding the table for the whole timer); null when nothing is left to try.
 */
export function nextSeatCommand(bot: Bot, seq: number, view: GameView, pending: readonly Pending[], tried: TriedDecisions): Command | null {
  if (seq !== tried.seq) {
    tried.keys.clear();
    tried.seq = seq;
  }
  const once = (key: string): boolean => {
    if (tried.keys.has(key)) return false;
    tried.keys.add(key);
    return true;
  };
  for (const p of pending) {
    if (!once(`${p.kind}:${p.kind === 'act' ? p.acts.join(',') : ''}`)) continue;
    const c = bot.decide(viewOf(view), p);
    if (c !== null) return c;
  }
  if (view.ownTurn !== undefined && once('own')) return { type: view.ownTurn };
  return null;
}
