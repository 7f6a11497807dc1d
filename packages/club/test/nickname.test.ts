import { describe, expect, it } from 'vitest';
import { compareNicknames, nicknameKey, sameNickname } from '../src/index.js';
import { byName, rank } from '../src/points/rank.js';

describe('nickname identity (issue 24 point 6)', () => {
  it('reads Ё as Е and ignores case', () => {
    expect(sameNickname('Еж', 'Ёж')).toBe(true);
    expect(sameNickname('ёЖ', 'ЕЖ')).toBe(true);
    expect(nicknameKey('Ёлка')).toBe('елка');
    expect(sameNickname('Еж', 'Ежи')).toBe(false);
  });

  it('trims and collapses spaces', () => {
    expect(nicknameKey('  Ёж   Петрович ')).toBe('еж петрович');
    expect(sameNickname('Еж Петрович', 'ЁЖ\tпетрович')).toBe(true);
    expect(sameNickname('Еж Петрович', 'ЕжПетрович')).toBe(false);
  });
});

describe('Russian nickname order', () => {
  it('files Ё under Е and puts Ё before Я, case aside', () => {
    expect(['Яна', 'Ёж', 'аня', 'Енот', 'Борис'].sort(compareNicknames)).toEqual(['аня', 'Борис', 'Ёж', 'Енот', 'Яна']);
  });

  it('is total: Еж and Ёж are ordered, consistently', () => {
    expect(compareNicknames('Еж', 'Ёж')).toBeLessThan(0);
    expect(compareNicknames('Ёж', 'Еж')).toBeGreaterThan(0);
    expect(compareNicknames('Еж', 'Еж')).toBe(0);
  });

  it('lists tied ranks by the Russian order', () => {
    const rows = [{ nickname: 'Яна', memberId: 'a', p: 1 }, { nickname: 'Ёж', memberId: 'b', p: 1 }, { nickname: 'Жук', memberId: 'c', p: 1 }];
    expect(rank(rows, (x, y) => y.p - x.p).map((r) => r.nickname)).toEqual(['Ёж', 'Жук', 'Яна']);
    expect(byName(rows[1], rows[0])).toBeLessThan(0);
  });
});
