#!/usr/bin/env node
// The bundle budget (a benchmark, not a test): the gzip size of the JavaScript a phone loads on first
// opening the player route /r/:code/play — the entry chunk and its static imports, plus the player
// screen's lazy chunk and its static imports — from Vite's build manifest (dist/.vite/manifest.json).
// Exits 1 when it is over the budget. `npm run size -w apps/web` builds first.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 200 * 1000; // 200 kB (gzip)
export const ROUTE_MODULE = 'src/screens/player/index.tsx';

/**
 * The chunks a route loads first: each start key's file and, recursively, its static `imports`
 * (never its `dynamicImports`: other screens load only when opened). Returns manifest keys in load order.
 */
export function firstLoadChunks(manifest, starts) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const s of starts) visit(s);
  return [...seen];
}

export function entryKey(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('the build manifest has no entry chunk');
  return key;
}

export function measure(dist, routeModule = ROUTE_MODULE) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const keys = firstLoadChunks(manifest, [entryKey(manifest), routeModule]);
  const files = keys.map((k) => {
    const file = manifest[k].file;
    const raw = readFileSync(join(dist, file));
    return { key: k, file, bytes: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  return { files, bytes: files.reduce((s, f) => s + f.bytes, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const route = process.argv[2] ?? ROUTE_MODULE;
  const m = measure(dist, route);
  console.log(`First load of the player route (/r/:code/play, ${route}):`);
  for (const f of m.files) console.log(`  ${f.file.padEnd(40)} ${kB(f.bytes).padStart(10)}  gzip ${kB(f.gzip).padStart(9)}`);
  console.log(`  ${'total'.padEnd(40)} ${kB(m.bytes).padStart(10)}  gzip ${kB(m.gzip).padStart(9)}   budget ${kB(BUDGET_BYTES)} gzip`);
  if (m.gzip > BUDGET_BYTES) {
    console.error(`over the budget by ${kB(m.gzip - BUDGET_BYTES)}`);
    process.exit(1);
  }
  console.log(`within the budget (${kB(BUDGET_BYTES - m.gzip)} left)`);
}
