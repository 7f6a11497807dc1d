import { runAsProcess, runCommand, type Handler } from './entry.js';
import { replayCommand } from './replay.js';

const HELP = `mafia — the Mafia Host command line

  mafia replay FILE|-        replay a game protocol (spec/protocol.md); prints the result JSON
  mafia simulate --preset P --players N --games G [--bots random|heuristic] [--town K] [--mafia K] [--others K] [--seed S] [--json]
  mafia balance --preset P --players N [--roles ROLE=COUNT,…] [--option K=V …] [--games G] [--seed S] [--workers W] [--no-suggest] [--json]
                             the sides' win rates with heuristic bots, a verdict (fair: town 45–55%) and a change towards even
  mafia score --preset fiim [--ci-max X] [--ci-share X] [--json] FILE|- ...
                             tournament standings of fiim games: points, compensation Ci, total per player
  mafia presets [--json]     list presets, their options and recommended compositions
  mafia seating --players N --tables T --games G [--seed S] [--apart A-B,…] [--json]
                             seat an evening: each game's tables (seats → players) and the qualities
  mafia loadtest --url U --rooms R --players N [--think MS] [--step S] [--chat] [--json]
                             play bot games over WebSockets against a running server; latency, rate, RSS, errors

The server's own tools run from the server app (they start it or open its database):
  npm run audit -- [--small] [--database sqlite|postgres] [--json]
                             node apps/server/dist/tools/audit.js: a real server on 127.0.0.1, attacked
  npm run recompute -- [--db PATH|sqlite:PATH|postgres://…] [--club ID] [--json]
                             node apps/server/dist/tools/recompute.js: the clubs' points and ratings rebuilt
  npm run chaos -- [--nodes 3] [--rooms 200] [--kills 20] [--database postgres://…] [--json]
                             node apps/server/dist/tools/chaos.js: several nodes killed at random while bots play
`;

const COMMANDS: Record<string, () => Promise<Handler>> = {
  replay: async () => replayCommand,
  simulate: async () => (await import('./simulate.js')).simulateCommand,
  balance: async () => (await import('./balance.js')).balanceCommand,
  score: async () => (await import('./score.js')).scoreCommand,
  presets: async () => (await import('./presets.js')).presetsCommand,
  seating: async () => (await import('./seating.js')).seatingCommand,
  loadtest: async () => (await import('./loadtest.js')).loadtestCommand,
};

/** Commands that moved to the server app (issue 25: a package never imports an app): where they are now. */
const MOVED: Record<string, string> = {
  audit: 'npm run audit -- … (node apps/server/dist/tools/audit.js)',
  recompute: 'npm run recompute -- … (node apps/server/dist/tools/recompute.js)',
  chaos: 'npm run chaos -- … (node apps/server/dist/tools/chaos.js)',
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP);
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load && MOVED[name] !== undefined) {
    process.stderr.write(`mafia: "${name}" is a tool of the server app now: ${MOVED[name]}\n`);
    return 2;
  }
  if (!load) {
    process.stderr.write(`mafia: unknown command "${name}"\n\n${HELP}`);
    return 2;
  }
  return runCommand(`mafia ${name}`, await load(), rest);
}

// Run directly (`node packages/cli/dist/main.js …`, as `npm run bench` does): same as the `mafia` launcher.
runAsProcess(import.meta.url, 'mafia', main);
