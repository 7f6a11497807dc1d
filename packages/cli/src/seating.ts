import { planEvening, SeatingError, SEATING_LIMITS, type EveningPlan } from '@mafia/club';
import { parseFlags, wholeNumber } from './flags.js';
import { printJson, UsageError } from './io.js';

const USAGE = 'usage: mafia seating --players N --tables T --games G [--seed S] [--apart A-B,…] [--json]';
const VALUE_FLAGS = ['players', 'tables', 'games', 'seed', 'apart'] as const;

const HELP = `${USAGE}

Seats an evening (docs/seating.md): players 1…N at T tables for G games, nobody repeating a seat
number while it can be avoided, opponents mixed, the pairs after --apart never at one table.
Prints each game's tables (seats 1… → player numbers) and the three qualities.
  --seed S     the draw's seed (default 1): the same seed gives the same seating
  --apart A-B  players A and B never share a table; several pairs separated by commas
  --json       print one JSON document instead of text
`;

export interface SeatingArgs {
  readonly players: number;
  readonly tables: number;
  readonly games: number;
  readonly seed: string;
  readonly apart: [number, number][];
  readonly json: boolean;
}

function parseApart(text: string, players: number): [number, number][] {
  return text.split(',').map((part) => {
    const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(part);
    if (!m) throw new UsageError(`--apart takes pairs like 3-7,1-12; got ${JSON.stringify(part)}`, 'bad-argument');
    const a = Number(m[1]);
    const b = Number(m[2]);
    for (const x of [a, b]) if (x < 1 || x > players) throw new UsageError(`--apart: there is no player ${x} (players are 1 to ${players})`, 'bad-argument');
    if (a === b) throw new UsageError(`--apart: player ${a} cannot be kept apart from himself`, 'bad-argument');
    return [a, b];
  });
}

/** Parses the command line; every problem is a one-line UsageError. */
export function parseSeatingArgs(args: readonly string[]): SeatingArgs {
  const { values, switches } = parseFlags(args, { usage: USAGE, values: VALUE_FLAGS, switches: ['json'], required: ['players', 'tables', 'games'] });
  const { json } = switches;
  const players = wholeNumber('players', values.players!, 1, SEATING_LIMITS.maxPlayers);
  const tables = wholeNumber('tables', values.tables!, 1, Math.min(SEATING_LIMITS.maxTables, players));
  const games = wholeNumber('games', values.games!, 1, SEATING_LIMITS.maxGames);
  const seats = Math.ceil(players / tables);
  if (seats > SEATING_LIMITS.maxSeats) {
    throw new UsageError(`${players} players at ${tables} table(s) would seat ${seats} at a table; at most ${SEATING_LIMITS.maxSeats} (add --tables)`, 'bad-argument');
  }
  const seed = values.seed ?? '1';
  if (seed === '') throw new UsageError('--seed must not be empty', 'bad-argument');
  const apart = values.apart === undefined ? [] : parseApart(values.apart, players);
  if (apart.length > 0 && tables === 1) throw new UsageError('--apart needs at least two tables', 'bad-argument');
  return { players, tables, games, seed, apart, json };
}

/** The plan with player numbers instead of names, as the CLI prints it. */
export function seatingDocument(args: SeatingArgs, plan: EveningPlan) {
  return {
    players: args.players,
    tables: args.tables,
    games: plan.games.map((game) => game.map((table) => table.map(Number))),
    apart: args.apart,
    seed: args.seed,
    qualities: plan.qualities,
  };
}

function formatText(args: SeatingArgs, plan: EveningPlan): string {
  const q = plan.qualities;
  const seats = Math.max(...plan.games.flatMap((g) => g.map((t) => t.length)));
  const w = Math.max(3, String(args.players).length + 1);
  const pad = (x: string | number) => String(x).padStart(w);
  const lines = [`${args.players} players, ${args.tables} table(s), ${args.games} game(s), seed ${args.seed}` +
    (args.apart.length ? `, apart ${args.apart.map(([a, b]) => `${a}-${b}`).join(',')}` : ''), ''];
  lines.push(`game table${Array.from({ length: seats }, (_, k) => pad(k + 1)).join('')}`);
  plan.games.forEach((game, g) => game.forEach((table, t) => {
    lines.push(`${(t === 0 ? String(g + 1) : '').padStart(4)} ${String(t + 1).padStart(5)}${table.map(pad).join('')}`);
  }));
  const m = q.meetings;
  lines.push('', `qualities: seats ${q.seats.toFixed(1)}%, opponents ${q.opponents.toFixed(1)}%, tables ${q.tables.toFixed(1)}%`);
  lines.push(`seat numbers: ${q.seatRepeats} repeat(s), ${q.seatRepeatsFloor} unavoidable`);
  lines.push(`meetings: ${m.min}–${m.max} per pair, mean ${m.mean.toFixed(2)}, std ${m.std.toFixed(3)} (floor ${m.floor.toFixed(3)}, random draw ${m.random.toFixed(3)})`);
  lines.push(`tables: deviation ${q.tableDeviation.toFixed(2)} (floor ${q.tableDeviationFloor.toFixed(2)})`);
  return `${lines.join('\n')}\n`;
}

/** `mafia seating --players N --tables T --games G [--seed S] [--apart A-B,…] [--json]`. */
export function seatingCommand(args: string[]): number {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  const parsed = parseSeatingArgs(args);
  const names = Array.from({ length: parsed.players }, (_, i) => String(i + 1));
  let plan: EveningPlan;
  try {
    plan = planEvening({
      players: names,
      tables: parsed.tables,
      games: parsed.games,
      seed: parsed.seed,
      apart: parsed.apart.map(([a, b]) => [String(a), String(b)] as [string, string]),
    });
  } catch (e) {
    if (e instanceof SeatingError) throw new UsageError(e.message, e.code);
    throw e;
  }
  if (parsed.json) printJson(seatingDocument(parsed, plan));
  else process.stdout.write(formatText(parsed, plan));
  return 0;
}
