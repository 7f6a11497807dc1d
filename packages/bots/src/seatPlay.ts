import type { Command, GameView, Pending, Statement } from '@mafia/engine';
import { viewOf, type Bot } from './bot.js';

/**
 * The decisions a bot playing a seat over the wire has tried on one frame (numbered `seq`), each
 * once: a refused command is not sent again and again on the same frame, and a newer frame starts
 * afresh (so the set stays small).
 */
export interface TriedDecisions {
  seq: number;
  readonly keys: Set<string>;
  /** The turn to talk the bot was last asked about (day, stage, round, speaker), and what it has yet to say in it. */
  turn: string;
  readonly saying: Statement[];
}

export const triedDecisions = (): TriedDecisions => ({ seq: -1, keys: new Set(), turn: '', saying: [] });

/**
 * The seat's own turn to talk now (its speech, defence or last word; at night the mafia's meeting,
 * once a night), named so that it is asked once; null otherwise.
 */
function turnOf(view: GameView): string | null {
  if (view.phase.kind === 'night') return view.me?.team === 'mafia' && view.me.alive ? `night:${view.phase.n}` : null;
  const day = view.day;
  if (view.ownTurn === undefined || !day) return null;
  return `${day.n}:${day.stage}:${day.round}:${day.speaker ?? day.lastWords[0] ?? ''}`;
}

/**
 * The next command of a bot that plays its seat from the frames the server sends that seat (the
 * server's bot seats, apps/server botSeat.ts, and the load test's clients, packages/cli): a pending
 * decision it has not tried on this frame, else the end of its own turn when the view offers it
 * (`ownTurn`: where the app hosts, a bot says its statements first, one a frame, then ends its
 * speech or last word instead of holding the table for the whole timer); null when nothing is left
 * to try.
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
  // Its turn to talk: what it says first (a statement a frame: each one is answered by a new frame),
  // asked once per turn (talk.ts in the simulator does the same).
  const turn = turnOf(view);
  const say = view.phase.kind === 'night' ? bot.meet : bot.speak;
  if (turn !== null && say) {
    if (turn !== tried.turn) {
      tried.turn = turn;
      tried.saying.length = 0;
      tried.saying.push(...say.call(bot, viewOf(view)));
    }
    // One statement a frame; while more are to come the turn is not ended (the next frame says them).
    if (tried.saying.length > 0) return once('say') ? { type: 'statement', by: view.me!.seat, statement: tried.saying.shift()! } : null;
  }
  for (const p of pending) {
    if (!once(`${p.kind}:${p.kind === 'act' ? p.acts.join(',') : ''}`)) continue;
    const c = bot.decide(viewOf(view), p);
    if (c !== null) return c;
  }
  if (view.ownTurn !== undefined && once('own')) return { type: view.ownTurn };
  return null;
}
