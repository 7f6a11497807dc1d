// A small scanner of TypeScript test files: the calls of it/test/describe and the comments, so that
// a rule id cited in a test file can be put under the test that cites it (citations.mjs).

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
