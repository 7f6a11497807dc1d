// RULES.md: every rule id in order of first appearance, each with a one-line title taken from the
// place that defines it (a heading "(ID)", a list item starting with the id, else a mention).

/** A rule id as RULES.md writes it: R-VOTE-10, R-WIN-MAFIA, R-SPORT, R-PHASE. */
const RULE_ID = /\bR-[A-Z]+(?:-[A-Z0-9]+)*\b/g;

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
