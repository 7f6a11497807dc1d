/**
 * Issue 24 point 4: a game played on paper is entered on its score sheet in the browser (no JSON),
 * with a guest; a rule error shows beside its field; the game is saved, shows its guest, and its
 * own download opens in the sheet again and is entered a second time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { api, clubEvening, mailAndClock, signIn } from './clubEvening';
import { byTestId, newDevice, serverAndBrowser } from './harness';

const { mailbox, clockFile } = mailAndClock();
const env = serverAndBrowser(() => ({ SMTP_URL: mailbox.url, MAIL_FROM: 'Клуб <club@club.test>', CLUB_JOB_POLL_MS: '250', MAFIA_TEST_CLOCK_FILE: clockFile }));
const NICKS = ['Аня', 'Борис', 'Вера', 'Гена'] as const;
/** The three on the sheet (Гена comes late: three are seated at the table the evening draws). */
const SHEET = NICKS.slice(0, 3);
const MIN = 60_000;

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
    await form.getByRole('button', { name: 'Добавить день 1' }).click();
    const day = byTestId(page, 'paper-day-1');
    await day.getByRole('button', { name: 'Добавить выставление' }).click();
    await day.getByRole('button', { name: 'Добавить выставление' }).click();
    await day.getByLabel('1. Выставил').selectOption('2');
    await day.getByLabel('1. Кого').selectOption('1');
    await day.getByLabel('2. Выставил').selectOption('3');
    await day.getByLabel('2. Кого').selectOption('2');
    await day.getByLabel('Голоса за 1').fill('2 3 4');
    expect(await byTestId(page, 'paper-winner').textContent()).toBe('По правилам победа: Мирные.');
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toMatch(/JSON|replay|spec\/|protocol\.md/i);
    await form.getByRole('button', { name: 'Сохранить игру' }).click();
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
    await page.getByRole('button', { name: 'Сохранить игру' }).click();
    await page.locator('[role="alert"][data-code="game-duplicate"]').waitFor();
    expect((await call<{ games: Game[] }>('GET', `/api/evenings/${ev.eveningId}`)).games.filter((g) => g.protocol)).toHaveLength(1);
    // ... and is entered, its guest and all, once the first is voided.
    await call('POST', `/api/clubs/${ev.clubId}/games/${paper[0]!.id}/void`, { reason: 'entered again from its download' });
    await page.getByRole('button', { name: 'Сохранить игру' }).click();
    await expect.poll(async () => (await call<{ games: Game[] }>('GET', `/api/evenings/${ev.eveningId}`)).games.filter((g) => g.protocol).length).toBe(2);
  });
});
