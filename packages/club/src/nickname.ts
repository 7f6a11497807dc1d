// A club nickname's identity and its listing order, shared by the server and the web.

const collator = new Intl.Collator('ru', { sensitivity: 'variant' });

/**
 * The key two nicknames are compared by: case aside, Ё read as Е and spaces trimmed and collapsed,
 * so «Ёж», «ёж», «ЕЖ» and « Еж » are one nickname in a club (Russian writers drop the dots freely).
 * The server stores it (`memberships.nickname_key`, unique per club): this is the one definition.
 */
export function nicknameKey(nickname: string): string {
  return nickname.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru').replace(/ё/g, 'е');
}

/** True when the two nicknames are the same member's name (nicknameKey). */
export const sameNickname = (a: string, b: string): boolean => nicknameKey(a) === nicknameKey(b);

/**
 * The Russian listing order (Intl.Collator('ru')): А…Я with Ё filed under Е, case not first,
 * Cyrillic before Latin, and a full tie broken by code units so the order is total.
 */
export function compareNicknames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
