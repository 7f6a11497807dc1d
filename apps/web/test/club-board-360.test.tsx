import { readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../e2e/harness';
import { createI18n } from '../src/i18n';
import type { Leaderboard, LeaderboardRow } from '@mafia/protocol';
import { BoardTable } from '../src/screens/club/leaderboard/Table';

/**
 * The leaderboard at 360 px in real Chromium (issue 24 point 6): the table's markup with the app's
 * own CSS; sorted by a rating, the nickname and that rating are on screen without scrolling.
 * A screenshot is left in /tmp/board-360-<by>.png to look at.
 */
const css = ['../src/ui/theme.css', '../src/screens/club/common/club.css', '../src/screens/club/leaderboard/board.css']
  .map((p) => readFileSync(new URL(p, import.meta.url), 'utf8')).join('\n');

const row = (r: Partial<LeaderboardRow> & { rank: number; userId: string; nickname: string }): LeaderboardRow => ({
  points: 12.35, penalties: -3, total: 9.35, evenings: 2, games: 6, wins: 4, winRate: 0.67, red: 1013, black: 998, overall: 1006, gamesRed: 3, gamesBlack: 3, ...r,
});
const rows = [row({ rank: 1, userId: 'u1', nickname: 'Константинопольский' }), row({ rank: 2, userId: 'u2', nickname: 'Лис' })];

async function markup(by: Leaderboard['by']): Promise<string> {
  const i18n = createI18n();
  await i18n.changeLanguage('ru');
  const board: Leaderboard = { season: null, by, rows };
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <BoardTable clubId="c1" board={board} caption="Рейтинг" />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('the leaderboard on a 360 px phone (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] }); });
  afterAll(async () => browser?.close());

  for (const by of ['red', 'black', 'overall'] as const) {
    it(`sorted_by_${by}_the_nickname_and_the_${by}_rating_are_on_screen`, async () => {
      const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
      await page.setContent(`<!doctype html><html lang="ru"><head><meta name="viewport" content="width=device-width"><style>${css}</style></head><body style="margin:0;padding:8px">${await markup(by)}</body></html>`);
      const box = async (sel: string) => (await page.locator(sel).first().boundingBox())!;
      const nick = await box('thead .board-nick');
      const sorted = await box('thead th[data-sorted="true"]');
      expect(nick.x).toBeGreaterThanOrEqual(0);
      expect(sorted.x).toBeGreaterThanOrEqual(nick.x + nick.width - 1);
      expect(sorted.x + sorted.width).toBeLessThanOrEqual(360);
      // The page itself does not scroll sideways: the table scrolls in its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `/tmp/board-360-${by}.png` });
      await page.close();
    });
  }
});
