// Test files: where each rule id is cited, with the enclosing it()/test() name.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { scanTests } from './scan-tests.mjs';

/** The same id inside test source: also after `_` or a digit-free word edge (test names like `vote_R-VOTE-3`). */
const CITED_ID = /(?<![A-Za-z0-9])R-[A-Z]+(?:-[A-Z0-9]+)*(?![A-Za-z0-9])/g;

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (entry.isFile() && entry.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** packages/*\/test/**\/*.test.ts, sorted. */
export function testFiles(root) {
  const pkgs = path.join(root, 'packages');
  if (!existsSync(pkgs)) return [];
  const out = [];
  for (const pkg of readdirSync(pkgs, { withFileTypes: true })) {
    if (pkg.isDirectory()) walk(path.join(pkgs, pkg.name, 'test'), out);
  }
  return out.sort();
}

/** Where `pos` sits: the innermost enclosing test, else a test right after the comment holding it, else the suite. */
export function locate(scan, pos, src) {
  const enclosing = (kind) => scan.calls
    .filter((c) => c.kind === kind && c.start <= pos && pos < c.close)
    .sort((a, b) => b.start - a.start)[0];
  const test = enclosing('test');
  if (test) return { test: test.name };
  const comment = scan.comments.find(([s, e]) => s <= pos && pos < e);
  if (comment) {
    // A comment just above a test (only whitespace and other comments between) describes that test.
    let j = comment[1];
    for (;;) {
      while (j < src.length && /\s/.test(src[j])) j++;
      const next = scan.comments.find(([s]) => s === j);
      if (!next) break;
      j = next[1];
    }
    const after = scan.calls.find((c) => c.kind === 'test' && c.start === j);
    if (after) return { test: after.name };
  }
  const suite = enclosing('suite');
  if (suite) return { suite: suite.name };
  return {};
}

/** id → [{ file, tests: Set<name>, suites: Set<name>, bare: boolean }] */
export function citations(files, root) {
  const byId = new Map();
  for (const file of files) {
    const src = readFileSync(file, 'utf8');
    const matches = [...src.matchAll(CITED_ID)];
    if (!matches.length) continue;
    const scan = scanTests(src);
    const rel = path.relative(root, file).split(path.sep).join('/');
    for (const m of matches) {
      const where = locate(scan, m.index, src);
      let list = byId.get(m[0]);
      if (!list) byId.set(m[0], (list = []));
      let entry = list.find((x) => x.file === rel);
      if (!entry) list.push((entry = { file: rel, tests: new Set(), suites: new Set(), bare: false }));
      if (where.test) entry.tests.add(where.test);
      else if (where.suite) entry.suites.add(where.suite);
      else entry.bare = true;
    }
  }
  return byId;
}
