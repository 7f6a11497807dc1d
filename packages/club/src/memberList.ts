// Issue 24 point 6: a pasted list or CSV of members to add (nickname, name, e-mail, phone), read
// line by line with an error per line; pure, shared by the server (which decides) and the web
// (its preview). Each CSV line is one member: no line breaks inside quotes.

import { nicknameKey } from './nickname.js';

// The package compiles without DOM or Node types; TextDecoder is in both runtimes.
declare const TextDecoder: new (label: string, o?: { fatal?: boolean }) => { decode(bytes: Uint8Array): string };

export type MemberListError = 'missing-nickname' | 'nickname-too-long' | 'bad-email' | 'duplicate-in-file' | 'nickname-taken';

export interface MemberListRow {
  /** 1-based line of the file. */
  readonly line: number;
  readonly nickname: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly errors: readonly MemberListError[];
  /** For `duplicate-in-file`: the line that had the nickname first. */
  readonly firstLine?: number;
}

export interface MemberList {
  readonly separator: ',' | ';';
  readonly rows: readonly MemberListRow[];
}

export const NICKNAME_MAX = 40;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HEADER_WORDS = new Set(['nickname', 'nick', 'ник', 'никнейм', 'псевдоним']);

/**
 * The text of an uploaded file: UTF-8 (a byte-order mark or not) when the bytes are valid UTF-8,
 * else Windows-1251 (what Russian Excel saves as «CSV (разделители — запятые)»), said in `encoding`.
 */
export function decodeMemberFile(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1251' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, ''), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1251').decode(bytes), encoding: 'windows-1251' };
  }
}

/** One line's cells: `sep`-separated, `"` quoting with doubled quotes inside. */
function cells(line: string, sep: string): string[] {
  const out: string[] = [];
  let cell = '', quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"' && cell.trim() === '') { cell = ''; quoted = true; }
    else if (c === sep) { out.push(cell.trim()); cell = ''; }
    else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/**
 * Reads the list: `;` separates when the first line has more `;` than `,`, else `,`; a first line
 * whose first cell is a nickname header (Ник, nickname…) is skipped; blank lines are skipped.
 * Nicknames compare as a club compares them (nicknameKey: case aside, Ё as Е) within the file and
 * against `taken`, the club's nicknames today.
 */
export function parseMemberList(text: string, taken: readonly string[]): MemberList {
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\n|\r/);
  const first = lines.find((l) => l.trim() !== '') ?? '';
  const separator = (first.split(';').length > first.split(',').length ? ';' : ',') as ',' | ';';
  const takenKeys = new Set(taken.map(nicknameKey));
  const seen = new Map<string, number>();
  const rows: MemberListRow[] = [];
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const [nickname = '', name = '', email = '', phone = ''] = cells(raw, separator);
    if (rows.length === 0 && raw === first && HEADER_WORDS.has(nickname.toLocaleLowerCase('ru'))) return;
    const errors: MemberListError[] = [];
    let firstLine: number | undefined;
    if (nickname === '') errors.push('missing-nickname');
    else if (nickname.length > NICKNAME_MAX) errors.push('nickname-too-long');
    if (email !== '' && !EMAIL.test(email)) errors.push('bad-email');
    if (nickname !== '') {
      const key = nicknameKey(nickname);
      if (takenKeys.has(key)) errors.push('nickname-taken');
      firstLine = seen.get(key);
      if (firstLine !== undefined) errors.push('duplicate-in-file');
      else seen.set(key, i + 1);
    }
    rows.push({ line: i + 1, nickname, name, email: email.toLowerCase(), phone, errors, ...(firstLine !== undefined ? { firstLine } : {}) });
  });
  return { separator, rows };
}
