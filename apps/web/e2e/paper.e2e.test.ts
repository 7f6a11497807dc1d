/**
 * Issue 24 point 4: a game played on paper is entered on its score sheet in the browser (no JSON),
 * with a guest; a rule error shows beside its field; the game is saved, shows its guest, and its
 * own download opens in the sheet again and is entered a second time.
 * Issue 24 point 6: the club's public page, signed out, shows that evening's games (the voided one
 * marked), the same table as the members' leaderboard, and a game told in words.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, clubEvening, mailAndClock, signIn } from './clubEvening';
import { expectAccessible } from './axe';
import { paperDayOne } from './eveningPlan';
import { byTestId, newDevice, serverAndBrowser, Shots, until, wordProblems } from './harness';

const { mailbox, clockFile } = mailAndClock();
const env = serverAndBrowser(() => ({ SMTP_URL: mailbox.url, MAIL_FROM: 'Клуб <club@club.test>', CLUB_JOB_POLL_MS: '250', MAFIA_TEST_CLOCK_FILE: clockFile }));
const NICKS = ['Аня', 'Борис', 'Вера', 'Гена'] as const;
/** The three on the sheet (Гена comes late: three are seated at the table the evening draws). */
const SHEET = NICKS.slice(0, 3);
const MIN = 60_000;

const shots = new Shots('paper');
/** What the first test played, for the public page's test. */
let played: { clubId: string; request: APIRequestContext; voided: string } | null = null;
const PUBLIC_COLS = ['total', 'games', 'wins', 'overall', 'red', 'black'] as const;
type BoardRow = { nickname: string; games: number } & Record<(typeof PUBLIC_COLS)[number], number>;

/**
 * «Сохранить игру», once enabled: the form enables it when the sheet checks out. (Seen once in CI:
 * still disabled after the click's 10 s — a file opened before the club's members had come was read
 * with every player a guest; the form now holds such a file until they are in.)
 */
async function save(scope: { getByRole: Page['getByRole'] }): Promise<void> {
  const button = scope.getByRole('button', { name: 'Сохранить игру' });
  await until(() => button.isEnabled(), 'the score sheet\'s save button enabled', 30_000);
  await button.click();
}

interface Game { id: string; protocol: boolean; winner: string | null; seats: { seat: number; userId: string | null; nickname: string }[] }

describe('a paper game on its score sheet', () => {
  it('is_filled_in_checked_by_the_rules_saved_with_its_guest_and_its_download_enters_again', async () => {
    const base = env.server.base;
    const admin = await newDevice(env.browser, base);
    const page = await admin.newPage();
    await signIn(page, mailbox, base, 'admin@paper.test');
    const call = await api(admin.request, base);
    const ev = await clubEvening({
      call, base, mailbox, nicks: NICKS, emailOf: (i) => `m${i + 1}@paper.test`, preset: 'classic', weight: 1, gamesPlanned: 1, tables: 1,
      later: 'Гена', lateBy: 0, arrive: (startsAt) => writeFileSync(clockFile, String(startsAt + 30 * MIN - Date.now())),
    });
    await page.goto(`/club/${ev.clubId}/evenings/${ev.eveningId}`);
    await page.getByText('Ввести протокол').click();
    const form = byTestId(page, 'paper-form');
    await form.waitFor();
    expect(await page.locator('textarea').count()).toBe(0);
    await form.getByLabel('Игроков').selectOption('4');
    for (const [i, nick] of SHEET.entries()) await form.getByLabel(`Игрок на месте ${i + 1}`).fill(nick);
    await form.getByLabel('Игрок на месте 4').fill('Петя');
    await form.getByLabel('Гость на месте 4').check();
    await form.getByRole('button', { name: 'Добавить ночь 1' }).click();
    // The introduction night: the rules refuse the Don's check, beside its field.
    await byTestId(page, 'paper-night-1').getByLabel('Проверка Дона').selectOption('2');
    await expect.poll(() => byTestId(page, 'paper-err-step-0-don').textContent()).toBe('В ночь знакомства никто не действует.');
    await byTestId(page, 'paper-night-1').getByLabel('Проверка Дона').selectOption('');
    await paperDayOne(page);
    expect(await byTestId(page, 'paper-winner').textContent()).toBe('По правилам победа: Мирные.');
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toMatch(/JSON|replay|spec\/|protocol\.md/i);
    await save(form);
    await page.getByText('4. Петя (гость)').waitFor();

    const { games } = await call<{ games: Game[] }>('GET', `/api/evenings/${ev.eveningId}`);
    const paper = games.filter((g) => g.protocol);
    expect(paper).toHaveLength(1);
    expect(paper[0]!.winner).toBe('town');
    expect(paper[0]!.seats[3]).toEqual({ seat: 4, userId: null, nickname: 'Петя' });

    // Its own download opens in the sheet (the guest marked) and is entered again.
    const r = await admin.request.get(`${base}/api/clubs/${ev.clubId}/games/${paper[0]!.id}/protocol`);
    expect(r.status()).toBe(200);
    const file = join(tmpdir(), `paper-${Date.now()}.json`);
    writeFileSync(file, await r.text());
    await page.getByText('Ввести протокол').click();
    await byTestId(page, 'paper-file').setInputFiles(file);
    await expect.poll(() => page.getByLabel('Гость на месте 4').isChecked()).toBe(true);
    expect(await byTestId(page, 'paper-winner').textContent()).toBe('По правилам победа: Мирные.');
    // The same game again is refused, naming the one entered before (issue 24 point 3) ...
    await save(page);
    await page.locator('[role="alert"][data-code="game-duplicate"]').waitFor();
    expect((await call<{ games: Game[] }>('GET', `/api/evenings/${ev.eveningId}`)).games.filter((g) => g.protocol)).toHaveLength(1);
    // ... and is entered, its guest and all, once the first is voided.
    await call('POST', `/api/clubs/${ev.clubId}/games/${paper[0]!.id}/void`, { reason: 'entered again from its download' });
    await save(page);
    await expect.poll(async () => (await call<{ games: Game[] }>('GET', `/api/evenings/${ev.eveningId}`)).games.filter((g) => g.protocol).length).toBe(2);
    played = { clubId: ev.clubId, request: admin.request, voided: paper[0]!.id };
  });

  it('shows_on_the_clubs_public_page_signed_out_at_360_and_1280_px_with_the_game_in_words', async () => {
    expect(played, 'the paper game above was played').not.toBeNull();
    const base = env.server.base;
    const { clubId, request, voided } = played!;
    // The admin opens the page (PATCH with the session's CSRF token) and reads the members' table.
    const { csrfToken } = (await (await request.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
    expect((await request.fetch(`${base}/api/clubs/${clubId}/public`, { method: 'PATCH', data: { enabled: true }, headers: { 'x-csrf-token': csrfToken } })).status()).toBe(200);
    const board = ((await (await request.get(`${base}/api/clubs/${clubId}/leaderboard?by=points`)).json()) as { rows: BoardRow[] }).rows.filter((r) => r.games > 0);
    expect(board.map((r) => r.nickname).sort()).toEqual([...SHEET].sort());

    // A fresh browser, never signed in, in Russian, 360 px wide.
    const pub = await newDevice(env.browser, base, 'ru-RU');
    expect(await pub.cookies()).toEqual([]);
    const page = await pub.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/p/${clubId}`);
    const table = page.getByRole('table', { name: 'Таблица клуба' });
    await table.waitFor();
    // The same numbers as the members' leaderboard, in the page's format.
    const ru = (n: number, digits: number) => new Intl.NumberFormat('ru', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(n).replace(/^-/, '\u2212');
    expect(await table.locator('tbody tr').count()).toBe(board.length);
    for (const r of board) {
      const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: r.nickname, exact: true }) });
      for (const c of PUBLIC_COLS) {
        const want = c === 'total' ? ru(r.total, 2) : c === 'games' || c === 'wins' ? ru(r[c], 0) : ru(Math.round(r[c]), 0);
        expect(await row.locator(`[data-col="${c}"]`).textContent(), `${r.nickname}: ${c}`).toBe(want);
      }
    }
    // The evening's two paper games, both won by the town, the first voided.
    const games = page.getByRole('list', { name: 'Игры вечера' }).getByRole('listitem');
    expect(await games.allTextContents()).toEqual(['Игра на бумаге 1Победа: Мирныеаннулирована', 'Игра на бумаге 2Победа: Мирные']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const html = await page.content();
    expect(html).not.toContain('@paper.test');
    await expectAccessible(page, 'the public page');
    expect(await wordProblems(page, 'ru'), 'the public page in Russian').toEqual([]);
    await shots.at(page, 'public', '1-page', 360);
    await shots.at(page, 'public', '1-page', 1280);

    // The game that counts, told in words: the guest by his name, no member's link.
    await games.nth(1).getByRole('link').click();
    await page.waitForURL(new RegExp(`/p/${clubId}/games/`));
    await byTestId(page, 'day-1').waitFor();
    expect(await byTestId(page, 'game-winner').textContent()).toBe('Победа: Мирные');
    expect(await byTestId(page, 'game-seat-4').textContent()).toContain('Петя (гость)');
    expect(await byTestId(page, 'day-1').textContent()).toContain('2 · Борис выставляет 1 · Аня');
    expect(await page.locator('a[href^="/club/"]').count()).toBe(0);
    expect(await byTestId(page, 'game-voided').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'a public game');
    expect(await wordProblems(page, 'ru'), 'the public game in Russian').toEqual([]);
    await shots.at(page, 'public', '2-game', 360);
    await shots.at(page, 'public', '2-game', 1280);
    // The voided one says so, without the admin's reason.
    await page.goto(`/p/${clubId}/games/${voided}`);
    expect(await byTestId(page, 'game-voided').textContent()).toBe('Игра аннулирована и не идёт в зачёт.');
    expect(await page.locator('body').textContent()).not.toContain('entered again from its download');
    expect(errors).toEqual([]);
    await pub.close();
  });
});
