import { CODE_ALPHABET, CODE_LENGTH, CODE_PATTERN } from '@mafia/protocol';
import { describe, expect, it } from 'vitest';
import * as web from '../src/net/code';

describe('room codes', () => {
  it('the web copy of the alphabet equals the protocol’s (kept separate so zod stays out of the bundle)', () => {
    expect(web.CODE_ALPHABET).toBe(CODE_ALPHABET);
    expect(web.CODE_LENGTH).toBe(CODE_LENGTH);
    expect(web.CODE_PATTERN.source).toBe(CODE_PATTERN.source);
  });

  it('normalizes what a person types', () => {
    expect(web.normalizeCode(' k7qx-2m ')).toBe('K7QX2M');
    expect(web.normalizeCode('abcdefgh')).toBe('ABCDEF');
    expect(web.isRoomCode('K7QX2M')).toBe(true);
    expect(web.isRoomCode('K7QX2')).toBe(false);
  });
});
