import { createBot, type Bot } from '@mafia/bots';
import { decide, foldLog, nextHostCommand, pendingDecisions, project, type Command, type GameState } from '@mafia/engine';
import { gamesOfLog } from '../src/room/games.js';
import type { Storage } from '../src/storage/types.js';

/** The state of a room's latest game, folded from its durable log (what a restarted server would load). */
export async function latestState(storage: Storage, roomId: string): Promise<GameState> {
  const game = gamesOfLog(await storage.readLog(roomId)).at(-1);
  if (!game) throw new Error(`room ${roomId} has not started a game`);
  return foldLog(game.events);
}

/**
 * Plays a room's game to its end through its host's connection, the way `playGame` (packages/bots)
 * plays a simulated one: each seat's bot decides from its own view, the host sends what it
 * decided (the host enters the seats' acts, nominations and votes), and when no seat has anything
 * more to decide the host moves the game on (`nextHostCommand`). Resolves with the final state.
 */
export async function playToTheEnd(host: { command(c: Command): Promise<void> }, state: () => Promise<GameState>, seed = 1, kind: 'random' | 'heuristic' = 'heuristic'): Promise<GameState> {
  const bots = new Map<number, Bot>();
  const passed = new Set<string>();
  let hostSteps = 0;
  for (let commands = 0; commands < 5_000; commands++) {
    const s = await state();
    if (s.phase.kind === 'ended') return s;
    let sent: Command | null = null;
    for (const p of pendingDecisions(s)) {
      const key = `${hostSteps}:${p.seat}`;
      if (passed.has(key)) continue;
      const bot = bots.get(p.seat) ?? createBot(kind, p.seat, seed * 100 + p.seat);
      bots.set(p.seat, bot);
      const command = bot.decide(() => project(s, { kind: 'seat', seat: p.seat }), p);
      // A pass, or a move the rules refuse (a random bot may try one): the seat has had its say.
      if (command === null || !decide(s, command).ok) {
        passed.add(key);
        continue;
      }
      sent = command;
      break;
    }
    if (sent === null) {
      sent = nextHostCommand(s);
      hostSteps++;
    }
    if (sent === null) throw new Error('the game is not over and the host has no step to take');
    await host.command(sent);
  }
  throw new Error('the game did not end within 5000 commands');
}
