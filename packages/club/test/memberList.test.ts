import { describe, expect, it } from 'vitest';
import { decodeMemberFile, parseMemberList } from '../src/index.js';

describe('a list of members to add (issue 24 point 6)', () => {
  it('reads a Russian Excel CSV: BOM, semicolons, a header, quoted cells', () => {
    const list = parseMemberList('\ufeffНик;Имя;E-mail;Телефон\r\nЁж;"Иванов; Иван";ezh@example.com;+7 900 000-00-00\r\n\r\nЛиса;;;\r\n', []);
    expect(list.separator).toBe(';');
    expect(list.rows).toEqual([
      { line: 2, nickname: 'Ёж', name: 'Иванов; Иван', email: 'ezh@example.com', phone: '+7 900 000-00-00', errors: [] },
      { line: 4, nickname: 'Лиса', name: '', email: '', phone: '', errors: [] },
    ]);
  });

  it('reads a pasted comma list without a header', () => {
    const list = parseMemberList('Кот, Кот Котов, KOT@Example.com\nПёс', []);
    expect(list.separator).toBe(',');
    expect(list.rows.map((r) => [r.line, r.nickname, r.email, r.errors])).toEqual([[1, 'Кот', 'kot@example.com', []], [2, 'Пёс', '', []]]);
  });

  it('marks each line: a missing nickname, a bad e-mail, a duplicate in the file and against the club, with Ё as Е', () => {
    const list = parseMemberList('Ёж,,a@b.ru\n,Без ника,\nЕж,,\nКот,,not-an-address\nанна,,\n' + 'Я'.repeat(41), ['Анна']);
    expect(list.rows.map((r) => [r.line, r.errors, r.firstLine])).toEqual([
      [1, [], undefined],
      [2, ['missing-nickname'], undefined],
      [3, ['duplicate-in-file'], 1],
      [4, ['bad-email'], undefined],
      [5, ['nickname-taken'], undefined],
      [6, ['nickname-too-long'], undefined],
    ]);
  });

  it('decodes UTF-8 with or without a BOM, and says when the file is Windows-1251', () => {
    expect(decodeMemberFile(new Uint8Array([0xef, 0xbb, 0xbf, 0xd0, 0x81, 0xd0, 0xb6]))).toEqual({ text: 'Ёж', encoding: 'utf-8' });
    expect(decodeMemberFile(new TextEncoder().encode('Кот'))).toEqual({ text: 'Кот', encoding: 'utf-8' });
    // «Ёж» in Windows-1251: Ё = 0xA8, ж = 0xE6.
    expect(decodeMemberFile(new Uint8Array([0xa8, 0xe6, 0x3b, 0x31]))).toEqual({ text: 'Ёж;1', encoding: 'windows-1251' });
  });
});
