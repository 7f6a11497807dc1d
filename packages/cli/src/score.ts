import { compensation, DEFAULT_COMPENSATION, roundPoints, type CompensationOptions } from '@mafia/engine';
import { parseFlags } from './flags.js';
import { printJson, UsageError } from './io.js';
import { loadGame, ScoreFileError, type ScoredSeat } from './score/games.js';
import { formatTable, type PlayerScore } from './score/table.js';

export type { PlayerScore } from './score/table.js';

const USAGE = 'usage: mafia score --preset fiim [--ci-max X] [--ci-share X] [--json] FILE|- ...';

const HELP = `${USAGE}

Adds up the tournament points of a series of fiim games (RULES.md R-FIIM-16) per player and the
compensation Ci = min(ci-max, ci-share·K / max(1, round(ci-share·N))) for his K games marked
shotFirstNight out of N. Each FILE is a mafia-protocol/1 protocol with "names" (replayed through
the engine) or a mafia-result/1 result with a top-level "names" array added; - is standard input.
  --ci-max X     the most compensation a player gets (default ${DEFAULT_COMPENSATION.max})
  --ci-share X   the share of games in the formula, above 0 and at most 1 (default ${DEFAULT_COMPENSATION.share})
  --json         print one JSON document instead of the table
`;

export interface ScoreArgs {
  readonly files: readonly string[];
  readonly compensation: CompensationOptions;
  readonly json: boolean;
}


/** The compensation options: [min, max] and whether the lower bound itself is allowed. */
const NUMBERS = { 'ci-max': [0, 10, true], 'ci-share': [0, 1, false] } as const;

function number(flag: keyof typeof NUMBERS, text: string): number {
  const [min, max, minAllowed] = NUMBERS[flag];
  const n = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(n) || n > max || n < min || (!minAllowed && n === min)) {
    const from = minAllowed ? `from ${min}` : `above ${min}`;
    throw new UsageError(`--${flag} must be a number ${from} to ${max}, got ${JSON.stringify(text)}`, 'bad-argument');
  }
  return n;
}

/** Parses the command line; every problem is a one-line UsageError. */
export function parseScoreArgs(args: readonly string[]): ScoreArgs {
  const { values: v, switches: { json }, positionals } = parseFlags(args, { usage: USAGE, values: ['preset', 'ci-max', 'ci-share'], switches: ['json'], positionals: true, required: ['preset'] });
  const files: string[] = [];
  for (const a of positionals) {
    if (files.includes(a)) throw new UsageError(a === '-' ? 'standard input (-) can be read only once' : `${a} is given twice`, 'bad-argument');
    files.push(a);
  }
  // Only fiim games carry tournament points (R-FIIM-16); other presets score per evening (RULES.md §9).
  if (v.preset !== 'fiim') throw new UsageError(`--preset must be fiim (the only preset with tournament points, R-FIIM-16), got ${JSON.stringify(v.preset)}`, 'bad-argument');
  if (files.length === 0) throw new UsageError(`no files to score; ${USAGE}`, 'bad-argument');
  const max = v['ci-max'] === undefined ? DEFAULT_COMPENSATION.max : number('ci-max', v['ci-max']);
  const share = v['ci-share'] === undefined ? DEFAULT_COMPENSATION.share : number('ci-share', v['ci-share']);
  return { files, compensation: { max, share }, json };
}

/** R-FIIM-16: per player, the sum of his tournament points and his compensation, best total first. */
export function standings(games: readonly (readonly ScoredSeat[])[], o: CompensationOptions): PlayerScore[] {
  const acc = new Map<string, { games: number; points: number; marked: number }>();
  for (const game of games) {
    for (const seat of game) {
      const a = acc.get(seat.name) ?? { games: 0, points: 0, marked: 0 };
      a.games++;
      a.points += seat.points;
      if (seat.marked) a.marked++;
      acc.set(seat.name, a);
    }
  }
  const players = [...acc].map(([name, a]): PlayerScore => {
    const points = roundPoints(a.points);
    const ci = compensation(a.marked, a.games, o);
    return { name, games: a.games, points, marked: a.marked, ci, total: roundPoints(points + ci) };
  });
  return players.sort((x, y) => y.total - x.total || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

/** `mafia score`: the standings, exit 0; a bad argument or file: a message (or `{"error": …}` with --json), exit 2. */
export function scoreCommand(args: string[]): number {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  const json = args.includes('--json');
  try {
    const a = parseScoreArgs(args);
    const players = standings(a.files.map(loadGame), a.compensation);
    if (a.json) printJson({ preset: 'fiim', games: a.files.length, compensation: a.compensation, players });
    else process.stdout.write(formatTable(players));
    return 0;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (!json) throw e;
    const f = e instanceof ScoreFileError ? e : undefined;
    printJson({ error: { code: e.code, message: e.message, ...(f ? { file: f.file } : {}), ...(f?.rule ? { rule: f.rule } : {}), ...(f?.path ? { path: f.path } : {}) } });
    return 2;
  }
}
