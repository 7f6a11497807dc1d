import type { SeatNo } from '@mafia/engine';
import type { Bot, BotKind } from './bot.js';
import { HeuristicBot } from './heuristic.js';
import { RandomBot } from './random.js';

/**
 * A bot of `kind` for `seat`, seeded: the same seed and the same views give the same decisions.
 * `journal`: the heuristic bot keeps what it did and why (the review of a practice game).
 */
export function createBot(kind: BotKind, seat: SeatNo, seed: number, o: { readonly journal?: boolean } = {}): Bot {
  switch (kind) {
    case 'random': return new RandomBot(seat, seed);
    case 'heuristic': return new HeuristicBot(seat, seed, o);
    default: throw new Error(`unknown bot kind ${JSON.stringify(kind)}; kinds: random, heuristic`);
  }
}
