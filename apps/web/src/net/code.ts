/**
 * Room codes on the client: the alphabet of @mafia/protocol (CODE_ALPHABET, CODE_PATTERN), copied
 * so the player bundle does not pull zod in; test/code.test.ts checks they stay equal.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

/** What a person typed → a code candidate: upper case, characters outside the alphabet dropped, at most 6. */
export function normalizeCode(input: string): string {
  return input
    .toUpperCase()
    .split('')
    .filter((c) => CODE_ALPHABET.includes(c))
    .join('')
    .slice(0, CODE_LENGTH);
}

export const isRoomCode = (s: string): boolean => CODE_PATTERN.test(s);
