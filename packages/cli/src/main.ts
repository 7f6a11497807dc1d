import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './io.js';
import { replayCommand } from './replay.js';

const HELP = `mafia — the Mafia Host command line

  mafia replay FILE|-        replay a game protocol (spec/protocol.md); prints the result JSON
  mafia simulate --preset P --players N --games G [--bots random|heuristic] [--seed S] [--json]
  mafia score --preset fiim [--ci-max X] [--ci-share X] [--json] FILE|- ...
                             tournament standings of fiim games: points, compensation Ci, total per player
  mafia presets [--json]     list presets, their options and recommended compositions
  mafia seating --players N --tables T --games G [--seed S] [--apart A-B,…] [--json]
                             seat an evening: each game's tables (seats → players) and the qualities
  mafia loadtest --url U --rooms R --players N [--think MS] [--step S] [--json]
                             play bot games over WebSockets against a running server; latency, rate, RSS, errors
  mafia audit [--small] [--database sqlite|postgres] [--json]
                             start a real server on 127.0.0.1 and attack it (fuzz, floods, slow readers, secrecy)
  mafia recompute [--db PATH|sqlite:PATH|postgres://…] [--club ID] [--json]
                             rebuild the clubs' points and ratings from their games and ledger (default: the server's database)
`;

type Handler = (args: string[]) => number | Promise<number>;

const COMMANDS: Record<string, () => Promise<Handler>> = {
  replay: async () => replayCommand,
  simulate: async () => (await import('./simulate.js')).simulateCommand,
  score: async () => (await import('./score.js')).scoreCommand,
  presets: async () => (await import('./presets.js')).presetsCommand,
  seating: async () => (await import('./seating.js')).seatingCommand,
  loadtest: async () => (await import('./loadtest.js')).loadtestCommand,
  audit: async () => (await import('./audit.js')).auditCommand,
  recompute: async () => (await import('./recompute.js')).recomputeCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP);
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`mafia: unknown command "${name}"\n\n${HELP}`);
    return 2;
  }
  try {
    return await (await load())(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`mafia ${name}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

/** Run directly (`node packages/cli/dist/main.js …`, as `npm run bench` does): same as the `mafia` launcher. */
function isEntry(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (err: unknown) => {
      process.stderr.write(`mafia: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
