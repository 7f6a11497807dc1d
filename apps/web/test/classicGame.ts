import { createGame, nextHostCommand, seatNo, transition, type Command, type Game } from '@mafia/engine';

/** A real classic game for the screens' tests: seat 1 Don, 2 and 3 mafia, 4 Commissar, 5..10 civilians. */
export const ROLES = ['don', 'mafia', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];

export function newGame(): Game {
  const t = createGame({ preset: 'classic', roles: ROLES });
  if (!t.ok) throw new Error(t.error.message);
  return t.game;
}

/** One command by the host (no `by`) or by seat `by`; a refusal fails the test. */
export function run(g: Game, cmd: Command, by?: number): Game {
  const t = transition(g, cmd, by === undefined ? { kind: 'host' } : { kind: 'seat', seat: seatNo(by) });
  if (!t.ok) throw new Error(`${t.error.code}: ${t.error.message}`);
  return t.game;
}

/** The host's steps until the phase is `kind` n. */
export function until(g: Game, kind: 'night' | 'day', n: number): Game {
  for (let k = 0; k < 200; k++) {
    const p = g.state.phase;
    if (p.kind === kind && p.n === n) return g;
    const c = nextHostCommand(g.state);
    if (!c) throw new Error('game over');
    g = run(g, c);
  }
  throw new Error('too many steps');
}
