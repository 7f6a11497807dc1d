export { BOT_KINDS, isBotKind, Rng, viewOf, type Bot, type BotKind, type ViewSource } from './bot.js';
export { createBot } from './factory.js';
export { nextSeatCommand, triedDecisions, type TriedDecisions } from './seatPlay.js';
export { RandomBot } from './random.js';
export { HeuristicBot } from './heuristic.js';
export {
  simulate, playGame, wilson, SetupError,
  type SimulateOptions, type SimulateResult, type WinRate, type GameRecord, type GameOptionsForSim, type BotsSpec, type BotFactory,
} from './simulate.js';
export { FollowUpCount, type FollowUp } from './followUp.js';
export * from './balance/index.js';
export type { JournalEntry, Reason } from './journal.js';
