#!/usr/bin/env node
// The engine benchmark (npm run bench): `mafia simulate --preset classic --players 10 --games 40000
// --bots random --seed 1`, three times in one process after a warm-up, with the median.
//
// Why this shape: the machine is shared and noisy (±15% from one run to the next), and the first few
// thousand games of a process run before V8 has optimised the engine. So the script warms up on
// 5,000 games of another seed, then measures three runs of the very same 40,000 games and prints
// each run and their median (the figure to quote). When the yardstick ../shared/bench/reference-sim.mjs
// is beside the repository, it is run right before the measured runs, so that a figure can be read
// against what the machine does at that moment.
//
// Every run must give the same winners (seed 1: the same games): the script checks it, so that a
// speed-up can never come from playing other games.
//
// `npm run bench -- --presets` also measures every other preset at 10 seats the same way (warm-up,
// median of three runs) and prints its phases/s as a fraction of classic's (issue 3: at least 0.5),
// and fiim's as a fraction of sport's, the table it plays by other rules (issue 13: at least 0.9).
//
// `npm run bench -- --bots` also measures the heuristic bots: sport at 10 seats, heuristic bots on
// every seat, 10,000 games three times after a warm-up, their median in games per second on this one
// core (issue 27: at least 2,000), with the same determinism check.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulate } from '../packages/bots/dist/index.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reference = path.resolve(repoRoot, '..', 'shared', 'bench', 'reference-sim.mjs');
const TABLE = { preset: 'classic', players: 10, bots: 'random' };
const GAMES = 40_000;
const RUNS = 3;

function referenceFigure() {
  if (!existsSync(reference)) return null;
  const r = spawnSync(process.execPath, [reference, '200000'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  try {
    return Math.round(JSON.parse(r.stdout.trim().split('\n').pop()).phasesPerSecond);
  } catch {
    return null;
  }
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ref = referenceFigure();
if (ref !== null) console.log(`reference-sim (the machine's yardstick right now): ${fmt(ref)} phases/s`);

simulate({ ...TABLE, games: 5_000, seed: 'warm-up' });

const runs = [];
for (let k = 0; k < RUNS; k++) {
  const r = simulate({ ...TABLE, games: GAMES, seed: 1 });
  const wins = Object.entries(r.winRates).map(([team, w]) => `${team} ${w.wins}`).join(', ');
  runs.push(r);
  console.log(`run ${k + 1}: ${fmt(r.phasesPerSecond)} phases/s, ${fmt(r.gamesPerSecond)} games/s, ${r.meanPhases.toFixed(2)} phases/game (${wins})`);
}
const same = runs.every((r) => JSON.stringify(r.winRates) === JSON.stringify(runs[0].winRates));
if (!same) {
  console.error('bench: the runs played different games (winners differ): the simulation is not deterministic');
  process.exit(1);
}
const sorted = runs.map((r) => r.phasesPerSecond).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`median: ${fmt(median)} phases/s (classic, 10 seats, random bots, ${fmt(GAMES)} games, seed 1; bots' projections included)`);
if (ref !== null) console.log(`median / reference-sim: ${(median / ref).toFixed(3)}`);

if (process.argv.includes('--presets')) {
  const PRESETS = ['sport', 'fiim', 'club', 'tabletop', 'party', 'piter', 'extended'];
  const PRESET_GAMES = 20_000;
  const medians = {};
  for (const preset of PRESETS) {
    const table = { preset, players: 10, bots: 'random' };
    simulate({ ...table, games: 3_000, seed: 'warm-up' });
    const rates = [];
    for (let k = 0; k < RUNS; k++) rates.push(simulate({ ...table, games: PRESET_GAMES, seed: 1 }).phasesPerSecond);
    rates.sort((a, b) => a - b);
    const m = rates[Math.floor(rates.length / 2)];
    medians[preset] = m;
    console.log(`${preset.padEnd(8)} median ${fmt(m)} phases/s (runs ${rates.map(fmt).join(' · ')}): ${(m / median).toFixed(2)} × classic`);
  }
  // The ratio of issue 13 from runs taken in turns (sport, fiim, fiim, sport, …), so that a change in
  // the machine's load between the two presets' blocks above does not pass for a difference.
  const turns = { sport: [], fiim: [] };
  for (let k = 0; k < 5; k++) {
    for (const preset of k % 2 === 0 ? ['sport', 'fiim'] : ['fiim', 'sport']) {
      turns[preset].push(simulate({ preset, players: 10, bots: 'random', games: PRESET_GAMES, seed: 1 }).phasesPerSecond);
    }
  }
  const mid = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(`in turns: sport median ${fmt(mid(turns.sport))} (${turns.sport.map(fmt).join(' · ')}), fiim median ${fmt(mid(turns.fiim))} (${turns.fiim.map(fmt).join(' · ')})`);
  console.log(`fiim / sport: ${(mid(turns.fiim) / mid(turns.sport)).toFixed(2)} in turns, ${(medians.fiim / medians.sport).toFixed(2)} in blocks (issue 13: at least 0.9)`);
}

if (process.argv.includes('--bots')) {
  const table = { preset: 'sport', players: 10, bots: 'heuristic' };
  const BOT_GAMES = 10_000;
  simulate({ ...table, games: 2_000, seed: 'warm-up' });
  const botRuns = [];
  for (let k = 0; k < RUNS; k++) {
    const r = simulate({ ...table, games: BOT_GAMES, seed: 1 });
    botRuns.push(r);
    console.log(`heuristic run ${k + 1}: ${fmt(r.gamesPerSecond)} games/s, ${fmt(r.phasesPerSecond)} phases/s, ${r.meanPhases.toFixed(2)} phases/game (town ${r.winRates.town.wins}, mafia ${r.winRates.mafia.wins})`);
  }
  if (!botRuns.every((r) => JSON.stringify(r.winRates) === JSON.stringify(botRuns[0].winRates))) {
    console.error('bench: the heuristic runs played different games (winners differ): the bots are not deterministic');
    process.exit(1);
  }
  const games = botRuns.map((r) => r.gamesPerSecond).sort((a, b) => a - b);
  console.log(`heuristic median: ${fmt(games[Math.floor(games.length / 2)])} games/s (sport, 10 seats, heuristic bots, ${fmt(BOT_GAMES)} games, seed 1, one core; issue 27: at least 2,000)`);
}
