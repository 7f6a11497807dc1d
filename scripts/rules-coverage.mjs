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

import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CI clones the repository into another folder with a copy of shared/ beside it.
const rulesPath = path.resolve(repoRoot, '..', 'shared', 'RULES.md');
const enginePath = path.join(repoRoot, 'packages', 'engine', 'dist', 'index.js');
const outPath = path.join(repoRoot, 'docs', 'rules-coverage.md');

/** A rule id as RULES.md writes it: R-VOTE-10, R-WIN-MAFIA, R-SPORT, R-PHASE. */
const RULE_ID = /\bR-[A-Z]+(?:-[A-Z0-9]+)*\b/g;
/** The same id inside test source: also after `_` or a digit-free word edge (test names like `vote_R-VOTE-3`). */
const CITED_ID = /(?<![A-Za-z0-9])R-[A-Z]+(?:-[A-Z0-9]+)*(?![A-Za-z0-9])/g;

function die(message) {
  process.stderr.write(`rules-coverage: ${message}\n`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// RULES.md: ids in order of first appearance, each with a one-line title.

/** Splits markdown into blocks: headings, list items (with their continuation lines), paragraphs. */
export function markdownBlocks(text) {
  const blocks = [];
  let current = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line.trim() === '') { flush(); continue; }
    if (/^#{1,6}\s/.test(line)) { flush(); blocks.push({ kind: 'heading', text: line.replace(/^#{1,6}\s+/, '') }); continue; }
    const item = /^(\s*)[-*]\s+(.*)$/.exec(line);
    if (item) { flush(); current = { kind: 'item', text: item[2] }; continue; }
    if (current) current.text += ` ${line.trim()}`;
    else current = { kind: 'para', text: line.trim() };
  }
  flush();
  return blocks;
}

const clean = (s) => s.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();

function shorten(s, max = 110) {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,;:—–-]+$/, '')}…`;
}

/** Sentences of a block (split after . ! ? before an upper-case letter, a quote or a backtick). */
const sentences = (s) => s.split(/(?<=[.!?])\s+(?=[A-ZА-ЯЁ"«`(])/);

const stripTrailing = (s) => s.replace(/[\s(,;:—–-]+$/, '').trim();

/** The id itself, not the start of a longer id (R-VOTE-1 is not R-VOTE-10, R-VOTE is not R-VOTE-1). */
const exactly = (id) => `${id}(?![A-Za-z0-9]|-[A-Z0-9])`;

function titleFrom(block, id) {
  const text = clean(block.text);
  if (block.kind === 'heading') {
    const bare = text.replace(/^\d+(\.\d+)*\.?\s+/, '').replace(new RegExp(`\\(\\s*${exactly(id)}[^)]*\\)`), '');
    return stripTrailing(bare.replace(/\s+/g, ' '));
  }
  if (text.startsWith(`${id} `) || text.startsWith(`${id}:`)) {
    const rest = text.slice(id.length).replace(/^[\s:—–-]+/, '');
    return stripTrailing(sentences(rest)[0].replace(/[.]$/, ''));
  }
  // Mentioned inside a sentence: the sentence up to the id, or the whole sentence without it.
  const re = new RegExp(exactly(id));
  const sentence = sentences(text).find((x) => re.test(x)) ?? text;
  const before = stripTrailing(sentence.slice(0, Math.max(0, sentence.search(re))));
  if (before.length >= 15) return before;
  return stripTrailing(sentence.replace(new RegExp(`\\(?${exactly(id)}[^)]*\\)?`), '').replace(/\s+/g, ' ').replace(/[.]$/, ''));
}

/** Every rule id of RULES.md, in order of first appearance, with a title from its defining place. */
export function parseRules(text) {
  const blocks = markdownBlocks(text);
  const order = [];
  const best = new Map(); // id → { block, rank }  (rank: 0 heading "(ID)", 1 item starting with ID, 2 mention)
  for (const block of blocks) {
    const t = clean(block.text);
    for (const m of t.matchAll(RULE_ID)) {
      const id = m[0];
      if (!best.has(id)) order.push(id);
      let rank = 2;
      if (block.kind === 'heading' && new RegExp(`\\(\\s*${exactly(id)}`).test(t)) rank = 0;
      else if (block.kind !== 'heading' && (t.startsWith(`${id} `) || t.startsWith(`${id}:`))) rank = 1;
      const prev = best.get(id);
      if (!prev || rank < prev.rank) best.set(id, { block, rank });
    }
  }
  return order.map((id) => ({ id, title: shorten(titleFrom(best.get(id).block, id)) }));
}

// ---------------------------------------------------------------------------------------------
// Test files: where each id is cited, with the enclosing it()/test() name.

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

const TEST_ROOTS = new Set(['it', 'test']);
const SUITE_ROOTS = new Set(['describe', 'suite']);
/** Members that make a call return the real test function: it.each([...])('name', fn). */
const FACTORY_MEMBERS = new Set(['each', 'for', 'skipIf', 'runIf']);
const REGEX_AFTER = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^', '=>', 'return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'void', 'delete', 'throw', 'yield', 'await']);

/**
 * A small TypeScript scanner: finds the calls of it/test/describe (with .only/.skip/.each(...)…),
 * their extent and their name (the first argument), and the comments. Strings, template literals,
 * comments and regular expressions are skipped so that brackets inside them do not count.
 */
export function scanTests(src) {
  const calls = []; // { kind: 'test'|'suite', name, start (callee), open, close }
  const comments = []; // [start, end)
  const tokens = []; // significant tokens: { t: value, s: start, e: end, kind }
  const parens = []; // stack of { tok index, frame?, factory? }
  const braces = []; // stack for template literal `${` nesting: 'tmpl' | 'block'
  let i = 0;
  const n = src.length;
  const push = (t, s, e, kind) => tokens.push({ t, s, e, kind });
  const prevSig = () => tokens[tokens.length - 1];

  function readTemplate(start) {
    // Reads from just after a backtick (or after the `}` of an expression) to the closing backtick
    // or to `${`. Returns the index after what was read and whether an expression opened.
    let j = start;
    while (j < n) {
      const c = src[j];
      if (c === '\\') { j += 2; continue; }
      if (c === '`') return { end: j + 1, expr: false };
      if (c === '$' && src[j + 1] === '{') return { end: j + 2, expr: true };
      j++;
    }
    return { end: n, expr: false };
  }

  while (i < n) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
    if (c === '/' && src[i + 1] === '/') {
      const e = src.indexOf('\n', i);
      const end = e < 0 ? n : e;
      comments.push([i, end]);
      i = end;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const e = src.indexOf('*/', i + 2);
      const end = e < 0 ? n : e + 2;
      comments.push([i, end]);
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < n && src[j] !== c && src[j] !== '\n') {
        if (src[j] === '\\') { value += src[j + 1] ?? ''; j += 2; continue; }
        value += src[j++];
      }
      push(value, i, j + 1, 'string');
      i = j + 1;
      continue;
    }
    if (c === '`') {
      const r = readTemplate(i + 1);
      if (r.expr) { braces.push('tmpl'); push('`', i, r.end, 'template-start'); }
      else push(src.slice(i + 1, r.end - 1), i, r.end, 'string');
      i = r.end;
      continue;
    }
    if (c === '/') {
      const p = prevSig();
      const regexOk = !p || (p.kind !== 'ident' && p.kind !== 'number' && p.kind !== 'string' && p.t !== ')' && p.t !== ']') || (p.kind === 'ident' && REGEX_AFTER.has(p.t));
      if (regexOk) {
        let j = i + 1;
        let inClass = false;
        while (j < n && src[j] !== '\n') {
          if (src[j] === '\\') { j += 2; continue; }
          if (src[j] === '[') inClass = true;
          else if (src[j] === ']') inClass = false;
          else if (src[j] === '/' && !inClass) break;
          j++;
        }
        j++;
        while (j < n && /[a-z]/i.test(src[j])) j++;
        push('/re/', i, j, 'regex');
        i = j;
        continue;
      }
    }
    if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$]/.test(src[j])) j++;
      push(src.slice(i, j), i, j, 'ident');
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w.]/.test(src[j])) j++;
      push(src.slice(i, j), i, j, 'number');
      i = j;
      continue;
    }
    if (c === '{') { braces.push('block'); push('{', i, i + 1, 'punct'); i++; continue; }
    if (c === '}') {
      const top = braces.pop();
      if (top === 'tmpl') {
        const r = readTemplate(i + 1);
        if (r.expr) braces.push('tmpl');
        push(r.expr ? '`' : '`end', i, r.end, r.expr ? 'template-mid' : 'template-end');
        i = r.end;
        continue;
      }
      push('}', i, i + 1, 'punct');
      i++;
      continue;
    }
    if (c === '(') {
      const frame = classifyCall(tokens, parens);
      push('(', i, i + 1, 'punct');
      const entry = { tokIndex: tokens.length - 1, frame: null, factory: null };
      if (frame?.factory) entry.factory = frame;
      else if (frame) {
        entry.frame = { kind: frame.kind, start: frame.start, open: i, close: n, name: null, argStart: i + 1 };
        calls.push(entry.frame);
      }
      parens.push(entry);
      i++;
      continue;
    }
    if (c === ')') {
      const entry = parens.pop();
      push(')', i, i + 1, 'punct');
      const tok = tokens[tokens.length - 1];
      if (entry?.frame) entry.frame.close = i + 1;
      if (entry?.factory) tok.factoryOf = entry.factory;
      i++;
      continue;
    }
    if (c === '=' && src[i + 1] === '>') { push('=>', i, i + 2, 'punct'); i += 2; continue; }
    push(c, i, i + 1, 'punct');
    i++;
  }

  // Names: the first argument when it is a plain string, else its source text up to the first comma.
  for (const call of calls) {
    const first = tokens.find((t) => t.s >= call.argStart);
    if (first && first.kind === 'string' && first.s < call.close) call.name = first.t;
    else {
      const text = src.slice(call.argStart, call.close - 1);
      call.name = text.split(',')[0].replace(/\s+/g, ' ').trim().slice(0, 80) || null;
    }
    delete call.argStart;
  }
  return { calls, comments };
}

/** Is the `(` about to be pushed a call of it/test/describe (or of a factory like it.each)? */
function classifyCall(tokens, _parens) {
  let k = tokens.length - 1;
  const last = tokens[k];
  if (!last) return null;
  // it.each([...])( 'name', fn ): the callee ends with the `)` of a factory call.
  if (last.t === ')' && last.factoryOf) return { kind: last.factoryOf.kind, start: last.factoryOf.start };
  if (last.kind !== 'ident') return null;
  const members = [last.t];
  while (k >= 2 && tokens[k - 1].t === '.' && tokens[k - 2].kind === 'ident') {
    members.unshift(tokens[k - 2].t);
    k -= 2;
  }
  if (k >= 1 && tokens[k - 1].t === '.') return null; // obj.it(…) is not vitest's it
  const root = members[0];
  const kind = TEST_ROOTS.has(root) ? 'test' : SUITE_ROOTS.has(root) ? 'suite' : null;
  if (!kind) return null;
  const start = tokens[k].s;
  if (members.length > 1 && FACTORY_MEMBERS.has(members[members.length - 1])) return { factory: true, kind, start };
  return { kind, start };
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

// ---------------------------------------------------------------------------------------------
// Report.

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function testsCell(list) {
  if (!list || !list.length) return '';
  return list.map((e) => {
    const names = [...e.tests].map((t) => `“${t}”`);
    for (const s of e.suites) names.push(`describe “${s}”`);
    const shown = names.slice(0, 6);
    if (names.length > 6) shown.push(`+${names.length - 6} more`);
    return shown.length ? `\`${e.file}\`: ${shown.join('; ')}` : `\`${e.file}\` (outside any test)`;
  }).join('<br>');
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

  const md = [];
  md.push('# Rules coverage');
  md.push('');
  md.push('Generated by `npm run rules:coverage` (`scripts/rules-coverage.mjs`); do not edit by hand.');
  md.push('It lists every rule id of `RULES.md` (the `shared/` folder beside this repository), the built');
  md.push('presets whose `rules` array lists it, and the tests (`packages/*/test/**/*.test.ts`) that cite');
  md.push('it literally, with the enclosing `it(…)`/`test(…)` name. The check fails when an id a built');
  md.push('preset lists has no test citing it; ids that no built preset lists are "not built yet".');
  md.push('');
  md.push(`- Rule ids in RULES.md: ${rules.length}`);
  md.push(`- Built presets: ${builtIds.join(', ')}${comingIds.length ? `; coming: ${comingIds.join(', ')}` : ''}`);
  md.push(`- Ids listed by built presets: ${listed.length}, cited by tests: ${citedListed}, without a test: ${missing.length}`);
  md.push(`- Not built yet (no built preset lists them): ${notBuilt.length}`);
  md.push(`- Test files scanned: ${files.length}`);
  if (missing.length) md.push(`- **Without a test:** ${missing.map((r) => r.id).join(', ')}`);
  if (unknownInPresets.length) md.push(`- **Listed by a preset but not in RULES.md:** ${unknownInPresets.join(', ')}`);
  if (unknownInTests.length) md.push(`- Cited by tests but not in RULES.md: ${unknownInTests.join(', ')}`);
  md.push('');
  md.push('| Rule | Title | Presets | Tests citing it |');
  md.push('| --- | --- | --- | --- |');
  for (const r of rows) {
    const ps = presetsOf.get(r.id);
    const tests = testsCell(cited.get(r.id));
    const presetCell = ps ? ps.join(', ') : 'not built yet';
    const testCell = tests || (ps ? '**none**' : '');
    md.push(`| ${r.id} | ${cell(r.title)} | ${presetCell} | ${cell(testCell)} |`);
  }
  md.push('');
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
