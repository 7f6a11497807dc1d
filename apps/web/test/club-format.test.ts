import { describe, expect, it } from 'vitest';
import { formatNumber, formatPoints } from '../src/screens/club/common/format';

describe('numbers on club pages (issue 24 point 6)', () => {
  it('points_are_signed_with_a_real_minus_in_the_page_language', () => {
    expect(formatPoints(-0.5, 'ru')).toBe('\u22120,5');
    expect(formatPoints(-0.5, 'en')).toBe('\u22120.5');
    expect(formatPoints(10, 'ru')).toBe('+10');
    expect(formatPoints(0, 'ru')).toBe('0');
  });

  it('plain_numbers_follow_the_page_language', () => {
    expect(formatNumber(1.5, 'ru')).toBe('1,5');
    expect(formatNumber(1.5, 'en')).toBe('1.5');
    expect(formatNumber(1200, 'en')).toBe('1,200');
  });
});
