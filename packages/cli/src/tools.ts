/**
 * What the server app's own tools (apps/server/src/tools: `audit`, `recompute`) share with this
 * command line: its flag parser and usage errors, the way a command is run as a process, and the
 * loopback HTTP client and the bot client the load test drives a server with. The tools live in the
 * server app because they start it or open its database; a package never imports an app, so the
 * dependency runs this way: the app imports this entry (`@mafia/cli/tools`).
 */
export { parseFlags, wholeNumber, type FlagSpec, type Flags } from './flags.js';
export { printJson, UsageError } from './io.js';
export { httpRequest, loopbackAddress, type HttpAnswer, type HttpAsk } from './loopback.js';
export { BotClient, type ChatCounters, type ChatLine, type ChatWriter, type SignalCounters, type SignalMessage, type SignalWriter } from './loadtest/botClient.js';
export { Latencies, Tally } from './loadtest/stats.js';
export { runAsProcess, runCommand } from './entry.js';
