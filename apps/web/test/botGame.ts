/** Test helper: a whole game of random bots, the host taking its next step whenever no seat acts. */
import { createBot } from '@mafia/bots';
import { createGame, HOST, nextHostCommand, pendingDecisions, project, transition, type Game, type GameEvent, seatAt } from '@mafia/engine';

/**
 * Plays `preset` with `players` random bots from `seed`; `onMoment(game)` is called before every
 * command (and once at the end). Returns every event, in order. Stops after `cap` commands.
 */
export function playWithBots(preset: string, players: number, seed: number, onMoment: (g: Game) => void = () => {}, cap = 4000): GameEvent[] {
  const made = createGame({ preset, players, seed });
  if (!made.ok) throw new Error(`${preset}/${players}: ${made.error.message}`);
  let game: Game = made.game;
  const events: GameEvent[] = [...made.events];
  const bots = Array.from({ length: players }, (_, i) => createBot('random', seatAt(i), seed * 31 + i));
  for (let k = 0; k < cap && game.state.phase.kind !== 'ended'; k++) {
    onMoment(game);
    // Seats act first (a bot may pass); then the host's next step.
    let moved = false;
    for (const p of pendingDecisions(game.state)) {
      const cmd = bots[p.seat - 1]!.decide(() => project(game.state, { kind: 'seat', seat: p.seat }), p);
      const t = cmd ? transition(game, cmd, { kind: 'seat', seat: p.seat }) : null;
      if (t?.ok) {
        game = t.game;
        events.push(...t.events);
        moved = true;
        break;
      }
    }
    if (moved) continue;
    const next = nextHostCommand(game.state);
    if (!next) break;
    const t = transition(game, next, HOST);
    if (!t.ok) throw new Error(`${preset}/${players}: the host's ${next.type} was refused: ${t.error.message}`);
    game = t.game;
    events.push(...t.events);
  }
  onMoment(game);
  return events;
}
