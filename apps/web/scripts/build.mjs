#!/usr/bin/env node
// The web app's build (`npm run build -w apps/web`): its type check, then Vite (with the Brotli and
// gzip precompression). Skipped when every input is byte for byte what the last build in dist/ was
// made from: `npm install` builds (prepare) and `npm test`/`npm start` build again, and a second
// type check, bundle and Brotli-11 pass over identical inputs only costs CI minutes.
// The inputs: everything under apps/web but dist/, node_modules/ and the tests (test/, e2e/ with its
// screenshots: neither type-checked by `tsc -p .` nor bundled), the built workspace
// packages the app bundles (packages/*/dist, which tsc -b has just brought up to date), the lock
// file and root configs, Node's version and any VITE_*/NODE_ENV variable. `--force` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..', '..');
const stamp = join(web, 'dist', '.vite', 'inputs.sha256');

/** Every file under `dir` (sorted, recursively), but for the named folders directly in `dir`. */
function files(dir, skipTop = new Set()) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!skipTop.has(e.name)) out.push(...files(p));
    } else if (e.isFile()) out.push(p);
  }
  return out;
}

export function inputsHash() {
  const h = createHash('sha256');
  const packages = readdirSync(join(root, 'packages')).sort().map((p) => join(root, 'packages', p, 'dist'));
  const all = [
    ...files(web, new Set(['dist', 'node_modules', 'test', 'e2e'])),
    ...packages.flatMap((d) => files(d)),
    ...['package.json', 'package-lock.json', 'tsconfig.base.json'].map((f) => join(root, f)).filter((f) => existsSync(f)),
  ];
  for (const f of all) {
    h.update(relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  }
  const env = Object.keys(process.env).filter((k) => k.startsWith('VITE_') || k === 'NODE_ENV').sort();
  h.update(`node ${process.version}\0`);
  for (const k of env) h.update(`${k}=${process.env[k]}\0`);
  return h.digest('hex');
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: web, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const hash = inputsHash();
const built = existsSync(join(web, 'dist', 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
if (built && !process.argv.includes('--force')) {
  console.log('web: dist/ is up to date with its inputs, not rebuilt (--force rebuilds)');
} else {
  run('npx', ['tsc', '--noEmit', '-p', '.']);
  run('npx', ['vite', 'build']);
  writeFileSync(stamp, `${hash}\n`);
}
