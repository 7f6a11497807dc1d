import { availableParallelism } from 'node:os';
import {
  balanceSetup, BalanceSetupError, changeText, compositionText, estimateOf, suggestChange,
  type BalanceSetup, type Estimate, type SearchReport,
} from '@mafia/bots';
import { OPTION_SPECS, type OptionName } from '@mafia/engine';
import { BalancePool } from './balance/pool.js';
import { parseFlags, wholeNumber } from './flags.js';
import { UsageError } from './io.js';

const USAGE = 'usage: mafia balance --preset P --players N [--roles ROLE=COUNT,…] [--option K=V …] [--games G] [--seed S] [--workers W] [--no-suggest] [--json]';
const MAX_GAMES = 10_000_000;

export interface BalanceArgs {
  readonly preset: string;
  readonly players: number;
  readonly roles: Readonly<Record<string, number>>;
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly games: number;
  readonly seed: string;
  readonly workers: number;
  readonly suggest: boolean;
  readonly json: boolean;
}

const bad = (message: string) => new UsageError(message, 'bad-argument');

/** `don=1,mafia=3`: role → count; a civilian count, when given, must make the seats add up. */
function parseRoles(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(',')) {
    const m = /^\s*([a-z-]+)\s*=\s*(\d+)\s*$/.exec(part);
    if (!m) throw bad(`--roles takes ROLE=COUNT pairs separated by commas (e.g. don=1,mafia=3), got ${JSON.stringify(part)}`);
    if (out[m[1]] !== undefined) throw bad(`--roles names ${m[1]} twice`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

/** `revealOnDeath=true`, `firstNight=checks`, `speechSeconds=45`: typed by the option's own kind. */
function parseOption(text: string, into: Record<string, string | number | boolean>): void {
  const at = text.indexOf('=');
  if (at <= 0) throw bad(`--option takes NAME=VALUE (e.g. revealOnDeath=true), got ${JSON.stringify(text)}`);
  const name = text.slice(0, at);
  const raw = text.slice(at + 1);
  if (into[name] !== undefined) throw bad(`--option sets ${name} twice`);
  const spec = Object.prototype.hasOwnProperty.call(OPTION_SPECS, name) ? OPTION_SPECS[name as OptionName] : undefined;
  if (spec?.kind === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw bad(`--option ${name} is true or false, got ${JSON.stringify(raw)}`);
    into[name] = raw === 'true';
  } else if (spec?.kind === 'integer' || spec?.kind === 'number') {
    if (raw.trim() === '' || !Number.isFinite(Number(raw))) throw bad(`--option ${name} is a number, got ${JSON.stringify(raw)}`);
    into[name] = Number(raw);
  } else into[name] = raw; // enums and strings; the engine checks the value, and refuses an unknown name
}

export function parseBalanceArgs(args: readonly string[]): BalanceArgs {
  const { values, lists, switches } = parseFlags(args, {
    usage: USAGE,
    values: ['preset', 'players', 'roles', 'option', 'games', 'seed', 'workers'],
    repeatable: ['option'],
    switches: ['json', 'no-suggest'],
    required: ['preset', 'players'],
  });
  const options: Record<string, string | number | boolean> = {};
  for (const o of lists.option ?? []) parseOption(o, options);
  const seed = values.seed ?? '1';
  if (seed === '') throw bad('--seed must not be empty');
  return {
    preset: values.preset!,
    players: wholeNumber('players', values.players!, 1, 1000),
    roles: values.roles === undefined ? {} : parseRoles(values.roles),
    options,
    games: values.games === undefined ? 10_000 : wholeNumber('games', values.games, 1, MAX_GAMES),
    seed,
    workers: values.workers === undefined ? availableParallelism() : wholeNumber('workers', values.workers, 1, 64),
    suggest: !switches['no-suggest'],
    json: switches.json,
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
/** `1 worker`, `2 workers`: the CLI's English counts. */
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

const VERDICT_TEXT = { fair: 'fair', 'favours-town': 'favours the town', 'favours-mafia': 'favours the mafia' } as const;

/** `revealOnDeath=true, firstNight=checks`: the options set over the preset's defaults ('' for none). */
const optionsText = (s: BalanceSetup): string => Object.entries(s.options).map(([k, v]) => `${k}=${String(v)}`).join(', ');

function setupLines(s: BalanceSetup): string[] {
  return [`${s.preset}, ${s.players} players: ${compositionText(s.composition)}`, `options: ${optionsText(s) || "the preset's defaults"}`];
}

function estimateLines(e: Estimate, indent: string): string[] {
  const width = Math.max(...Object.keys(e.sides).map((k) => k.length));
  return Object.entries(e.sides).map(([k, w]) => `${indent}${k.padEnd(width)}  ${pct(w.rate).padStart(6)}  [${pct(w.low)} – ${pct(w.high)}]  ${w.wins} games`);
}

export interface BalanceResult {
  readonly setup: BalanceSetup;
  readonly estimate: Estimate;
  readonly seconds: number;
  readonly search: SearchReport | null;
  readonly searchSeconds: number;
}

export function humanBalance(a: BalanceArgs, r: BalanceResult): string {
  const e = r.estimate;
  const lines = [
    ...setupLines(r.setup),
    `${e.games.toLocaleString('en-US')} games, heuristic bots, seed ${a.seed}: ${r.seconds.toFixed(2)} s on ${count(a.workers, 'worker')}, ${Math.round(e.games / r.seconds).toLocaleString('en-US')} games/s`,
    'win rates (95% Wilson interval):',
    ...estimateLines(e, '  '),
    `mean length: ${e.meanPhases.toFixed(2)} phases (nights and days)`,
    `verdict: ${VERDICT_TEXT[e.verdict]} (the town wins ${pct(e.town)}; fair is 45–55%)`,
  ];
  const s = r.search;
  if (s) {
    const tried = `tried ${count(s.tried, 'change')}, ${s.games.toLocaleString('en-US')} games, ${r.searchSeconds.toFixed(1)} s`;
    // A fair table is not searched (suggestChange): nothing was tried, and nothing is missing.
    if (e.verdict === 'fair') lines.push('suggestion: none needed, the table is fair');
    else if (!s.suggestion) lines.push(`suggestion: none of the changes tried brings it nearer even (${tried})`);
    else {
      const g = s.suggestion;
      lines.push(`suggestion: ${g.changes.map(changeText).join(' and ')} → town ${pct(g.estimate.town)} [${pct(g.estimate.sides.town.low)} – ${pct(g.estimate.sides.town.high)}], ${VERDICT_TEXT[g.estimate.verdict]} (${tried})`);
      const opts = optionsText(g.setup);
      lines.push(`  that table: ${compositionText(g.setup.composition)}${opts ? `; ${opts}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function jsonBalance(a: BalanceArgs, r: BalanceResult): string {
  const round = (x: number) => Number(x.toFixed(4));
  const est = (e: Estimate) => ({
    games: e.games, town: round(e.town), verdict: e.verdict, meanPhases: round(e.meanPhases),
    sides: Object.fromEntries(Object.entries(e.sides).map(([k, w]) => [k, { wins: w.wins, rate: round(w.rate), low: round(w.low), high: round(w.high) }])),
  });
  const g = r.search?.suggestion ?? null;
  return JSON.stringify({
    setup: r.setup, seed: a.seed, seconds: round(r.seconds), workers: a.workers, ...est(r.estimate),
    suggestion: g ? { changes: g.changes, text: g.changes.map(changeText), setup: g.setup, ...est(g.estimate) } : null,
    tried: r.search?.tried ?? 0,
  });
}

/** `mafia balance`: the sides' win rates of a table with the heuristic bots, a verdict and the smallest change found towards even. */
export async function balanceCommand(args: string[]): Promise<number> {
  const a = parseBalanceArgs(args);
  let setup: BalanceSetup;
  try {
    setup = balanceSetup(a.preset, a.players, a.roles, a.options);
  } catch (e) {
    if (e instanceof BalanceSetupError) throw new UsageError(e.message, e.code);
    throw e;
  }
  const pool = new BalancePool(a.workers);
  try {
    const t0 = performance.now();
    const estimate = estimateOf(await pool.run({ setup, seed: a.seed, from: 0, count: a.games }));
    const seconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const search = a.suggest ? await suggestChange(setup, estimate, pool.run, { seed: a.seed }) : null;
    const result: BalanceResult = { setup, estimate, seconds, search, searchSeconds: (performance.now() - t1) / 1000 };
    process.stdout.write(a.json ? `${jsonBalance(a, result)}\n` : humanBalance(a, result));
    if (estimate.unfinished > 0 || estimate.illegal > 0) {
      process.stderr.write(`mafia balance: ${estimate.unfinished} game(s) hit the phase cap, ${estimate.illegal} illegal bot command(s)\n`);
      return 1;
    }
    return 0;
  } finally {
    await pool.close();
  }
}
