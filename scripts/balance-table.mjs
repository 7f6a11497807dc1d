#!/usr/bin/env node
// docs/balance.md's table (npm run balance:table): every built preset at every player count it has
// a recommended deck for, measured by the balance lab (`mafia balance`'s own code: heuristic bots on
// every seat, game i seeded `${seed}/${i}`, games spread over worker threads) and written between the
// markers of docs/balance.md. Flags: --games G (per row, default 10,000), --seed S (default 1).
//
// The rows are the lab's figures with the project's bots, not a claim about human play: a table the
// bots find even is a table where neither side's best simple play wins most games.

import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { balanceSetup, compositionText, estimateOf } from '../packages/bots/dist/index.js';
import { builtPresets } from '../packages/engine/dist/index.js';
import { BalancePool } from '../packages/cli/dist/balance/pool.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const doc = path.join(root, 'docs', 'balance.md');
const START = '<!-- balance-table:start -->';
const END = '<!-- balance-table:end -->';
const { values } = parseArgs({ options: { games: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' } } });
const games = Number(values.games);
if (!Number.isInteger(games) || games < 1) throw new Error(`--games must be a positive whole number, got ${values.games}`);

const pct = (x) => `${(x * 100).toFixed(1)} %`;
const interval = (w) => `${pct(w.rate)} [${(w.low * 100).toFixed(1)}–${(w.high * 100).toFixed(1)}]`;
const VERDICT = { fair: 'fair', 'favours-town': 'town', 'favours-mafia': 'mafia' };

const pool = new BalancePool(availableParallelism());
const rows = [];
const loads = [];
const t0 = performance.now();
try {
  for (const p of builtPresets()) {
    for (let n = p.minPlayers; n <= p.maxPlayers; n++) {
      if (!p.composition(n)) continue;
      const setup = balanceSetup(p.id, n);
      const t = performance.now();
      const e = estimateOf(await pool.run({ setup, seed: values.seed, from: 0, count: games }));
      loads.push(loadavg()[0]);
      if (e.unfinished || e.illegal) throw new Error(`${p.id} ${n}: ${e.unfinished} unfinished, ${e.illegal} illegal commands`);
      const others = Object.entries(e.sides).filter(([k]) => k !== 'town' && k !== 'mafia' && e.sides[k].wins > 0);
      rows.push(`| ${p.id} | ${n} | ${compositionText(setup.composition)} | ${interval(e.sides.town)} | ${interval(e.sides.mafia)} | ${others.map(([k, w]) => `${k} ${pct(w.rate)}`).join(', ') || '—'} | ${e.meanPhases.toFixed(1)} | **${VERDICT[e.verdict]}** |`);
      process.stderr.write(`${p.id} ${n}: town ${pct(e.town)} (${((performance.now() - t) / 1000).toFixed(1)} s)\n`);
    }
  }
} finally {
  await pool.close();
}
const seconds = (performance.now() - t0) / 1000;
const sorted = loads.slice().sort((a, b) => a - b);
const commit = execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim();
const table = [
  START,
  `Made by \`npm run balance:table\` on ${new Date().toISOString().slice(0, 10)} at ${commit}: ${games.toLocaleString('en-US')} games a row, seed ${values.seed}, ` +
  `heuristic bots on every seat, ${availableParallelism()} worker threads; ${rows.length} rows in ${Math.round(seconds)} s, load average median ${sorted[sorted.length >> 1].toFixed(2)}. ` +
  'Rates with their 95 % Wilson intervals; the verdict is fair when the town wins 45–55 %; "Others" are the solo roles\' wins and draws.',
  '',
  '| Preset | Players | Recommended deck | Town | Mafia | Others | Mean phases | Verdict |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
  END,
].join('\n');
const text = readFileSync(doc, 'utf8');
const a = text.indexOf(START);
const b = text.indexOf(END);
if (a < 0 || b < a) throw new Error(`docs/balance.md has no ${START} … ${END} markers`);
writeFileSync(doc, text.slice(0, a) + table + text.slice(b + END.length));
process.stderr.write(`docs/balance.md: ${rows.length} rows, ${seconds.toFixed(0)} s\n`);
