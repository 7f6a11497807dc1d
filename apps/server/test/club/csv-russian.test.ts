import { afterAll, describe, expect, it } from 'vitest';
import { csvText } from '../../src/club/ratings/csv.js';
import { csvLangOf } from '../../src/club/ratings/csvLang.js';
import { TARGETS } from '../storageTargets.js';
import { startClub } from './clubServer.js';
import { world } from './ratings-world.js';

// Issue 24 point 6: CSVs that Russian Excel opens in columns (`;` between cells, `,` decimals).

/** Reads CSV text as Russian Excel does: BOM dropped, `;` between cells, `"` quoting, CRLF rows. */
function excelRu(text: string): string[][] {
  expect(text.startsWith('\ufeff')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [], cell = '', quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') { row.push(cell); cell = ''; }
    else if (c === '\r' && body[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += c;
  }
  return rows;
}

describe('csvText in Russian', () => {
  it('separates with semicolons, writes decimal commas in numbers only, translates headers and still neutralises formulas', () => {
    const rows = excelRu(csvText(['rank', 'nickname', 'total'], [[1, '1.5', '-5.00'], [2, '=SUM(A1)', '12.25'], [3, 'Иван; Петров', 0.5]], 'ru'));
    expect(rows).toEqual([['Место', 'Ник', 'Итого'], ['1', '1.5', '-5,00'], ['2', "'=SUM(A1)", '12,25'], ['3', 'Иван; Петров', '0,5']]);
  });

  it('keeps commas and dots in English', () => {
    expect(csvText(['rank', 'total'], [[1, '-5.00']], 'en')).toBe('\ufeffrank,total\r\n1,-5.00\r\n');
  });

  it('takes the language from ?lang first, then Accept-Language, else English', () => {
    expect(csvLangOf('ru', 'en-US')).toBe('ru');
    expect(csvLangOf('en', 'ru-RU,ru;q=0.9')).toBe('en');
    expect(csvLangOf(undefined, 'ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(csvLangOf('xx', 'de-DE')).toBe('en');
    expect(csvLangOf(undefined, undefined)).toBe('en');
  });
});

describe.each(TARGETS.map((make) => [make().name, make] as const))('Russian CSV downloads (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('the_leaderboard_and_evening_results_open_in_columns_in_russian_excel', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const r = await w.member.get(`/api/clubs/${w.clubId}/leaderboard?format=csv&lang=ru`);
      expect(r.statusCode).toBe(200);
      const rows = excelRu(r.body);
      expect(rows[0]).toEqual(['Место', 'Ник', 'Баллы', 'Штрафы', 'Итого', 'Вечера', 'Игры', 'Победы', 'Доля побед', 'Рейтинг за красных', 'Рейтинг за чёрных', 'Рейтинг']);
      expect(rows[1]!.slice(0, 5)).toEqual(['1', 'Борис', '50,00', '0,00', '50,00']);
      expect(rows).toContainEqual(['11', 'Игрок, "Ю"', '0,00', '0,00', '0,00', '0', '0', '0', '0,0000', '1000,00', '1000,00', '1000,00']);
      // The browser's Accept-Language decides when the page sends no lang.
      const byHeader = await w.member.request('GET', `/api/evenings/${w.eveningId}/results?format=csv`, undefined, { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
      expect(byHeader.statusCode).toBe(200);
      const results = excelRu(byHeader.body);
      expect(results[0]![1]).toBe('Ник');
      expect(results.find((x) => x[1] === 'Зоя')).toContain('-5,00');
      // An unknown query key is still refused: lang is the only one taken off.
      expect((await w.member.get(`/api/clubs/${w.clubId}/leaderboard?format=csv&lang=ru&x=1`)).statusCode).toBe(400);
    } finally {
      await h.close();
    }
  });
});
