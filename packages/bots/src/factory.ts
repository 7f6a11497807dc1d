import type { SeatNo } from '@mafia/engine';
import type { Bot, BotKind } from './bot.js';
import { HeuristicBot } from './heuristic.js';
import { RandomBot } from './random.js';

/**
 * A bot of `kind` for `seat`, seeded: the same seed and the same views give the same decisions.
 * `journal`: the heuristic bot keeps what it did and why (the review of a practice game);
 * `opinions`: it also says whom it suspects, trusts and will vote for (a room's bots: opinions.ts).
 */
export function createBot(kind: BotKind, seat: SeatNo, seed: number, o: { readonly journal?: boolean; readonly opinions?: boolean } = {}): Bot {
  switch (kind) {
    case 'random': return new RandomBot(seat, seed);
    case 'heuristic': return new HeuristicBot(seat, seed, o);
    default: throw new Error(`unknown bot kind ${JSON.stringify(kind)}; kinds: random, heuristic`);
  }
}
