import type { SeatNo } from '@mafia/engine';
import type { Bot, BotKind } from './bot.js';
import { HeuristicBot } from './heuristic.js';
import { RandomBot } from './random.js';

/** A bot of `kind` for `seat`, seeded: the same seed and the same views give the same decisions. */
export function createBot(kind: BotKind, seat: SeatNo, seed: number): Bot {
  switch (kind) {
    case 'random': return new RandomBot(seat, seed);
    case 'heuristic': return new HeuristicBot(seat, seed);
    default: throw new Error(`unknown bot kind ${JSON.stringify(kind)}; kinds: random, heuristic`);
  }
}
