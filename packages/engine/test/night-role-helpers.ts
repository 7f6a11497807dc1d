/**
 * Helpers for the night-role tests (piter, extended and the club Beauty): a game from a
 * preset and a seat list, nights entered as the host enters them, quiet days, and what a seat is told.
 */
import {
  createGame, HOST, nextHostCommand, project, projectEvent, transition,
  type Command, type Game, type GameEvent, type GameView, type ProjectedEvent, seatNo, type SeatNo,
} from '@mafia/engine';

export const S = (n: number): SeatNo => seatNo(n);

export interface Act { by: number; act: string; target: number; target2?: number; role?: string }

export function game(preset: string, roles: readonly string[], options?: Record<string, unknown>, modifications?: readonly string[]): Game {
  const t = createGame({ preset, roles, ...(options ? { options } : {}), ...(modifications ? { modifications } : {}) });
  if (!t.ok) throw new Error(`createGame failed: ${JSON.stringify(t.error)}`);
  return t.game;
}

/** One command that must be accepted: the next game and the events it caused. */
export function step(g: Game, c: Command): { g: Game; events: readonly GameEvent[] } {
  const t = transition(g, c, HOST);
  if (!t.ok) throw new Error(`command ${JSON.stringify(c)} refused: ${JSON.stringify(t.error)}`);
  return { g: t.game, events: t.events };
}

export const actCmd = (a: Act): Command => ({ type: 'act', by: S(a.by), act: a.act as 'kill', target: S(a.target), ...(a.target2 !== undefined ? { target2: S(a.target2) } : {}), ...(a.role !== undefined ? { role: a.role as 'civilian' } : {}) });

/** The night's acts and its end: the game after it and every event of the night (acts included). */
export function night(g: Game, acts: readonly Act[] = []): { g: Game; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of acts) {
    const r = step(g, actCmd(a));
    g = r.g;
    events.push(...r.events);
  }
  const r = step(g, { type: 'endNight' });
  events.push(...r.events);
  return { g: r.g, events };
}

/** A command that must be refused: the error (the game is unchanged by construction). */
export function refusedAct(g: Game, a: Act): { code: string; rule: string; message: string } {
  const t = transition(g, actCmd(a), HOST);
  if (t.ok) throw new Error(`expected ${JSON.stringify(a)} to be refused`);
  return t.error;
}

/** The host moves the day on (speeches, votes as cast so far, last words) until the night or the end. */
export function passDay(g: Game, extra: readonly Command[] = []): { g: Game; events: GameEvent[] } {
  const events: GameEvent[] = [];
  const pending = [...extra];
  for (let guard = 0; guard < 500 && g.state.phase.kind === 'day'; guard++) {
    let c: Command | null = null;
    const stage = g.state.day?.stage;
    const next = pending.length > 0 ? pending[0].type : null;
    if (next === 'vote' ? stage === 'vote' : next === 'nominate' ? stage === 'speeches' : next !== null) c = pending.shift()!;
    else c = nextHostCommand(g.state);
    if (c === null) break;
    const r = step(g, c);
    g = r.g;
    events.push(...r.events);
  }
  return { g, events };
}

/** What seat `seat` receives of `events` (cut by projectEvent against the state after them). */
export function told(g: Game, events: readonly GameEvent[], seat: number): ProjectedEvent[] {
  const out: ProjectedEvent[] = [];
  for (const e of events) {
    const p = projectEvent(e, g.state, { kind: 'seat', seat: S(seat) });
    if (p !== null) out.push(p);
  }
  return out;
}

export const view = (g: Game, seat: number): GameView => project(g.state, { kind: 'seat', seat: S(seat) });

export const alive = (g: Game): number[] => g.state.alive.flatMap((a, i) => (a ? [i + 1] : []));

export const diedAt = (events: readonly GameEvent[]): readonly SeatNo[] => {
  const e = events.find((x) => x.type === 'NightResolved');
  return e && e.type === 'NightResolved' ? e.died : [];
};

export const resultsOf = (events: readonly GameEvent[]) => {
  const e = events.find((x) => x.type === 'NightResolved');
  return e && e.type === 'NightResolved' ? e.results : [];
};
