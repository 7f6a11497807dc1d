#!/usr/bin/env node
// Rules coverage: which rule ids of RULES.md each built preset lists, and which tests cite them.
//
//   node scripts/rules-coverage.mjs        (npm run rules:coverage; npm test runs it after vitest)
//
// Reads ../shared/RULES.md (beside the repository), the built engine (packages/engine/dist) and
// the test files packages/*/test/**/*.test.ts. Writes docs/rules-coverage.md and prints a one-line
// summary. Exit 1 when a rule id that a built preset lists has no test citing it (or is not in
// RULES.md); exit 2 when an input is missing. Rule ids that no built preset lists are reported as
// "not built yet" and never fail.
//
// The parts: rules-coverage/rules-md.mjs (RULES.md's ids and titles), rules-coverage/scan-tests.mjs
// and rules-coverage/citations.mjs (where tests cite them), rules-coverage/report.mjs (the markdown).

import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseRules } from './rules-coverage/rules-md.mjs';
import { citations, testFiles } from './rules-coverage/citations.mjs';
import { coverageMarkdown } from './rules-coverage/report.mjs';

export { markdownBlocks, parseRules } from './rules-coverage/rules-md.mjs';
export { scanTests } from './rules-coverage/scan-tests.mjs';
export { citations, locate, testFiles } from './rules-coverage/citations.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CI clones the repository into another folder with a copy of shared/ beside it.
const rulesPath = path.resolve(repoRoot, '..', 'shared', 'RULES.md');
const enginePath = path.join(repoRoot, 'packages', 'engine', 'dist', 'index.js');
const outPath = path.join(repoRoot, 'docs', 'rules-coverage.md');

function die(message) {
  process.stderr.write(`rules-coverage: ${message}\n`);
  process.exit(2);
}

async function main() {
  if (!existsSync(rulesPath)) die(`cannot find RULES.md at ${rulesPath} (shared/ must sit beside the repository)`);
  if (!existsSync(enginePath)) die(`cannot find the built engine at ${enginePath}; run "npm run build" first`);
  const rules = parseRules(readFileSync(rulesPath, 'utf8'));
  const known = new Set(rules.map((r) => r.id));
  const engine = await import(pathToFileURL(enginePath).href);
  const presets = engine.builtPresets();
  const builtIds = presets.map((p) => p.id);
  const comingIds = (engine.PRESET_IDS ?? []).filter((id) => !builtIds.includes(id));

  const presetsOf = new Map();
  for (const p of presets) {
    for (const id of p.rules) {
      if (!presetsOf.has(id)) presetsOf.set(id, []);
      if (!presetsOf.get(id).includes(p.id)) presetsOf.get(id).push(p.id);
    }
  }
  const files = testFiles(repoRoot);
  const cited = citations(files, repoRoot);

  const unknownInPresets = [...presetsOf.keys()].filter((id) => !known.has(id)).sort();
  // A family written with a wildcard (`R-WIN-*`) is not an unknown id.
  const unknownInTests = [...cited.keys()].filter((id) => !known.has(id) && !rules.some((r) => r.id.startsWith(`${id}-`))).sort();
  const rows = [...rules, ...unknownInPresets.map((id) => ({ id, title: '(not in RULES.md)' }))];
  const listed = rows.filter((r) => presetsOf.has(r.id));
  const missing = listed.filter((r) => !cited.has(r.id));
  const notBuilt = rows.filter((r) => !presetsOf.has(r.id));
  const citedListed = listed.length - missing.length;

  const md = coverageMarkdown({
    rules, builtIds, comingIds, files, rows, listed, missing, notBuilt, citedListed, unknownInPresets, unknownInTests, presetsOf, cited,
  });
  mkdirSync(path.dirname(outPath), { recursive: true });
  writeFileSync(outPath, md.join('\n'));

  const ok = missing.length === 0 && unknownInPresets.length === 0;
  const summary = `rules coverage: ${rules.length} rule ids; ${listed.length} listed by built presets (${builtIds.join(', ')}), `
    + `${citedListed} cited by tests, ${missing.length} without a test; ${notBuilt.length} not built yet; `
    + `${files.length} test files → ${path.relative(repoRoot, outPath)}`;
  process.stdout.write(`${summary}${ok ? '' : ' — FAILED'}\n`);
  if (!ok) {
    if (missing.length) {
      process.stderr.write('Rule ids that a built preset lists but no test cites:\n');
      for (const r of missing) process.stderr.write(`  ${r.id}  (${presetsOf.get(r.id).join(', ')})  ${r.title}\n`);
    }
    if (unknownInPresets.length) {
      process.stderr.write('Rule ids that a built preset lists but RULES.md does not define:\n');
      for (const id of unknownInPresets) process.stderr.write(`  ${id}  (${presetsOf.get(id).join(', ')})\n`);
    }
    process.exit(1);
  }
}


if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => die(e && e.stack ? e.stack : String(e)));
}
