import { afterAll, describe, expect, it } from 'vitest';
import { importProtocol } from '../../src/club/services/door.js';
import { csvText } from '../../src/club/ratings/csv.js';
import { TARGETS } from '../storageTargets.js';
import { startClub } from './clubServer.js';
import { protocol, world } from './ratings-world.js';

const HYPERLINK = '=HYPERLINK("http://ev.il","x")';
// The quoted CSV field a spreadsheet reads as the text, not a formula (OWASP: a leading apostrophe).
const SAFE_HYPERLINK = `"'=HYPERLINK(""http://ev.il"",""x"")"`;
const FIIM = ['fiim-default-code-best-move-final-minute', 'fiim-self-break-nine-yes-lift-gives-mafia-the-game'];

describe('csvText neutralises formula cells (issue 23 point 11)', () => {
  it('text_cells_starting_with_a_formula_character_get_an_apostrophe_and_numbers_stay_numbers', () => {
    const text = csvText(['a', 'b'], [
      ['=1+1', '+1'], ['-2+3+cmd|\' /C calc\'!A0', '@SUM(A1)'], ['\tx', '\rx'],
      [-10, '-5.00'], ['-1.50', 'ok'], ['-', '+7 999 123-45-67'],
    ]);
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines).toEqual([
      'a,b', "'=1+1,'+1", "'-2+3+cmd|' /C calc'!A0,'@SUM(A1)", "'\tx,\"'\rx\"",
      '-10,-5.00', '-1.50,ok', "'-,'+7 999 123-45-67", '',
    ]);
  });
});

describe.each(TARGETS.map((make) => [make().name, make] as const))('no CSV carries a formula from a nickname (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_hyperlink_nickname_is_neutralised_in_the_evening_results_leaderboard_and_series_csvs', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const ids: string[] = [];
      for (const f of FIIM) ids.push((await importProtocol(h.club.context, w.admin.user!.id, w.eveningId, { protocol: protocol(f) })).game.id);
      const series = ((await w.admin.post(`/api/clubs/${w.clubId}/series`, { name: 'Кубок', gameIds: ids })).json() as { series: { id: string } }).series;
      // Renamed after the games were recorded: every table shows today's nickname.
      const renamed = await w.admin.patch(`/api/clubs/${w.clubId}/members/${w.ids['Зоя']}`, { nickname: HYPERLINK });
      expect(renamed.statusCode).toBe(200);
      const urls = [`/api/evenings/${w.eveningId}/results?format=csv`, `/api/clubs/${w.clubId}/leaderboard?format=csv`, `/api/clubs/${w.clubId}/series/${series.id}?format=csv`];
      for (const url of urls) {
        const r = await w.member.get(url);
        expect(r.statusCode, url).toBe(200);
        const lines = r.body.replace(/^\ufeff/, '').split('\r\n');
        const row = lines.find((l) => l.includes('HYPERLINK'));
        expect(row, url).toBeDefined();
        expect(row, url).toContain(`,${SAFE_HYPERLINK},`);
        expect(lines.some((l) => /(^|,)"?=/.test(l)), url).toBe(false);
      }
      // Зоя's −5 penalty in the evening results stays a number, not text with an apostrophe.
      const results = (await w.member.get(urls[0]!)).body.split('\r\n').find((l) => l.includes('HYPERLINK'));
      expect(results).toMatch(/,-5\.00,\d+\.\d\d$/);
    } finally {
      await h.close();
    }
  });
});
