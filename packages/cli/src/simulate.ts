import { BOT_KINDS, isBotKind, SetupError, simulate, type BotKind, type BotsSpec, type SimulateResult } from '@mafia/bots';
import { createGame } from '@mafia/engine';
import { parseFlags, wholeNumber } from './flags.js';
import { UsageError } from './io.js';

export interface SimulateArgs {
  readonly preset: string;
  readonly players: number;
  readonly games: number;
  readonly bots: BotKind;
  /** Each side's bots (`--town`, `--mafia`, `--others`); a side not named plays `bots`. */
  readonly sides: { readonly town: BotKind; readonly mafia: BotKind; readonly solo: BotKind };
  readonly seed: string;
  readonly json: boolean;
}

const USAGE = 'usage: mafia simulate --preset P --players N --games G [--bots random|heuristic] [--town K] [--mafia K] [--others K] [--seed S] [--json]';
const VALUE_FLAGS = ['preset', 'players', 'games', 'bots', 'town', 'mafia', 'others', 'seed'] as const;

function botKind(flag: string, value: string): BotKind {
  if (!isBotKind(value)) throw new UsageError(`unknown bots kind ${JSON.stringify(value)} for --${flag}; kinds: ${BOT_KINDS.join(', ')}`, 'bad-argument');
  return value;
}
const MAX_PLAYERS = 1000;
const MAX_GAMES = 100_000_000;

/** Parses the command line; every problem is a one-line UsageError. */
export function parseSimulateArgs(args: readonly string[]): SimulateArgs {
  const { values, switches } = parseFlags(args, { usage: USAGE, values: VALUE_FLAGS, switches: ['json'], required: ['preset', 'players', 'games'] });
  const { json } = switches;
  const bots = botKind('bots', values.bots ?? 'random');
  const sides = {
    town: values.town === undefined ? bots : botKind('town', values.town),
    mafia: values.mafia === undefined ? bots : botKind('mafia', values.mafia),
    solo: values.others === undefined ? bots : botKind('others', values.others),
  };
  const seed = values.seed ?? '1';
  if (seed === '') throw new UsageError('--seed must not be empty', 'bad-argument');
  return {
    preset: values.preset!,
    players: wholeNumber('players', values.players!, 1, MAX_PLAYERS),
    games: wholeNumber('games', values.games!, 1, MAX_GAMES),
    bots,
    sides,
    seed,
    json,
  };
}

/** The bots of every seat: one kind, or a kind per side when the sides differ (the harness deals them by the dealt team). */
export function botsSpec(a: SimulateArgs): BotsSpec {
  const { town, mafia, solo } = a.sides;
  return town === mafia && mafia === solo ? town : { town, mafia, solo };
}

/** How the report names the bots: `heuristic bots`, or each side's. */
function botsText(a: SimulateArgs): string {
  const { town, mafia, solo } = a.sides;
  if (town === mafia && mafia === solo) return `${town} bots`;
  return `town ${town}, mafia ${mafia}, others ${solo}`;
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));
const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;

/** The one-line JSON form: exactly games, seconds, gamesPerSecond, phasesPerSecond, meanPhases, winRates. */
export function jsonSummary(r: SimulateResult): string {
  const winRates: Record<string, { wins: number; rate: number; low: number; high: number }> = {};
  for (const [k, w] of Object.entries(r.winRates)) winRates[k] = { wins: w.wins, rate: round(w.rate, 4), low: round(w.low, 4), high: round(w.high, 4) };
  return JSON.stringify({
    games: r.games,
    seconds: round(r.seconds, 3),
    gamesPerSecond: Math.round(r.gamesPerSecond),
    phasesPerSecond: Math.round(r.phasesPerSecond),
    meanPhases: round(r.meanPhases, 3),
    winRates,
  });
}

export function humanSummary(a: SimulateArgs, r: SimulateResult): string {
  const lines = [`${a.preset}, ${a.players} players, ${r.games} games, ${botsText(a)}, seed ${a.seed}`, 'win rates (95% Wilson interval):'];
  const width = Math.max(...Object.keys(r.winRates).map((k) => k.length));
  for (const [k, w] of Object.entries(r.winRates)) {
    lines.push(`  ${k.padEnd(width)}  ${pct(w.rate).padStart(7)}  [${pct(w.low)} – ${pct(w.high)}]  ${w.wins} games`);
  }
  lines.push(`mean game length: ${r.meanPhases.toFixed(2)} phases (nights and days)`);
  const f = r.followUp;
  if (f.blackChecks > 0) lines.push(`the town's checker found a mafioso on night 2 or 3 ${f.blackChecks} times; a mafioso went the next day ${f.executedNextDay} times (${pct(f.executedNextDay / f.blackChecks)})`);
  lines.push(`speed: ${r.seconds.toFixed(3)} s, ${Math.round(r.gamesPerSecond).toLocaleString('en-US')} games/s, ${Math.round(r.phasesPerSecond).toLocaleString('en-US')} phases/s`);
  return `${lines.join('\n')}\n`;
}

/** `mafia simulate`: plays bot games and prints win rates, game length and speed. */
export function simulateCommand(args: string[]): number {
  const a = parseSimulateArgs(args);
  // The engine decides which presets and player counts exist; its refusal is a usage error.
  const probe = createGame({ preset: a.preset, players: a.players, seed: a.seed });
  if (!probe.ok) throw new UsageError(probe.error.message, probe.error.code);
  let r: SimulateResult;
  try {
    r = simulate({ preset: a.preset, players: a.players, games: a.games, bots: botsSpec(a), seed: a.seed });
  } catch (e) {
    if (e instanceof SetupError) throw new UsageError(e.message, e.error.code);
    throw e;
  }
  process.stdout.write(a.json ? `${jsonSummary(r)}\n` : humanSummary(a, r));
  if (r.unfinished > 0 || r.illegalCommands > 0) {
    process.stderr.write(`mafia simulate: ${r.unfinished} game(s) hit the phase cap, ${r.illegalCommands} illegal bot command(s)\n`);
    return 1;
  }
  return 0;
}
