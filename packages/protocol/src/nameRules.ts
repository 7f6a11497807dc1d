// The rules of a player's name, without zod: the web's forms use them as the server's schemas do.

/** The longest name, in characters after normalising (a seat's name on a phone and the table). */
export const MAX_NAME_LENGTH = 40;
/** What is read at all: a longer input is refused before any work is done on it. */
const MAX_RAW_NAME_LENGTH = 200;

/**
 * Names nobody may take (compared case-insensitively, after normalising, ё read as е): a player
 * called «Ведущий» or "Admin" could pass himself off as the one who runs the table.
 */
export const RESERVED_NAMES: readonly string[] = [
  'ведущий', 'ведущая', 'host', 'admin', 'administrator', 'администратор', 'админ',
  'server', 'сервер', 'system', 'система', 'moderator', 'модератор', 'spectator', 'зритель',
  'спектатор', 'app', 'приложение', 'mafia host',
];
const RESERVED = new Set(RESERVED_NAMES);

/**
 * Characters refused in a name: control characters (Cc, other than whitespace, which is collapsed),
 * format characters (Cf: zero-width spaces and joiners, the bidi marks, embeddings, overrides and
 * isolates, soft hyphen, BOM) — they make one name look like another or reorder the table's text —
 * and unassigned, private-use and lone-surrogate code points.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u;
/** Spaces of every kind and line breaks (not `\s`, which also takes the BOM, U+FEFF: that one is refused). */
const WHITESPACE = /[\p{Zs}\t\n\v\f\r\u2028\u2029]+/gu;

export type NameCheck = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly message: string };

const hex = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A player's name as it is kept: NFKC, whitespace trimmed and collapsed to one space; or why it is
 * refused (a character that may not be in a name, empty, too long, reserved). Shared by the
 * server's schemas and the web's forms, so both say the same.
 */
export function checkName(raw: string): NameCheck {
  if (raw.length > MAX_RAW_NAME_LENGTH) return { ok: false, message: `a name may be at most ${MAX_NAME_LENGTH} characters` };
  // Trimmed by hand: String#trim would also drop a BOM, which is refused instead.
  const name = raw.normalize('NFKC').replace(WHITESPACE, ' ').replace(/^ | $/g, '');
  const bad = FORBIDDEN.exec(name);
  if (bad) return { ok: false, message: `a name may not contain control, zero-width or bidirectional characters (found ${hex(bad[0])})` };
  if (name.length === 0) return { ok: false, message: 'a name may not be empty (or only spaces)' };
  if ([...name].length > MAX_NAME_LENGTH) return { ok: false, message: `a name may be at most ${MAX_NAME_LENGTH} characters` };
  if (RESERVED.has(name.toLowerCase().replace(/ё/g, 'е'))) return { ok: false, message: `"${name}" is reserved (it names who runs the table); choose another name` };
  return { ok: true, name };
}
