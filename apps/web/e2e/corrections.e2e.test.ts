/**
 * E2E (issue 24 point 3): corrections on the record in real Chromium against the real server, mail
 * through a real SMTP server. The admin cancels a future evening with a reason (the invited get a
 * letter saying so, no penalty), archives a stray member (off the member list), and reads both in
 * the corrections log.
 */
import { describe, expect, it } from 'vitest';
import { acceptJoinFromMail, api, mailAndClock, signIn } from './clubEvening';
import { byTestId, newDevice, serverAndBrowser, until } from './harness';

const { mailbox, clockFile } = mailAndClock();
const env = serverAndBrowser(() => ({ SMTP_URL: mailbox.url, MAIL_FROM: 'Клуб <club@club.test>', CLUB_JOB_POLL_MS: '250', MAFIA_TEST_CLOCK_FILE: clockFile }));
const MIN = 60_000;

describe('corrections on the record (real browser, real server, real SMTP)', () => {
  it('a cancelled evening is withdrawn by mail, a stray member is archived, the log tells both', async () => {
    const base = env.server.base;
    const ctx = await newDevice(env.browser, base, 'ru-RU');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signIn(page, mailbox, base, 'admin@club.test');
    await page.locator('#club-name').fill('Клуб «Исправления»');
    await page.locator('#club-nickname').fill('Админ');
    await page.getByRole('button', { name: 'Создать клуб' }).click();
    await page.waitForURL(/\/club\/[^/]+$/);
    const clubId = /\/club\/([^/]+)$/.exec(page.url())![1]!;
    await page.goto(`/club/${clubId}/members`);
    for (const [email, nick] of [['ezh@club.test', 'Ёж'], ['stray@club.test', 'Ёжик']] as const) {
      await page.locator('#add-email').fill(email);
      await page.locator('#add-nickname').fill(nick);
      await page.getByRole('button', { name: 'Добавить', exact: true }).click();
      await page.locator('[data-testid^="member-"]').filter({ hasText: nick }).first().waitFor();
      await acceptJoinFromMail(mailbox, base, email);
    }
    const call = await api(ctx.request, base);
    const { evening } = await call<{ evening: { id: string } }>('POST', `/api/clubs/${clubId}/evenings`, {
      startsAt: Date.now() + 7 * 24 * 60 * MIN, place: 'Кафе «Ромашка»', capacity: 20, weight: 1, preset: 'classic', gamesPlanned: 3,
    });
    await call('POST', `/api/evenings/${evening.id}/invitations`, {});
    await mailbox.waitFor('ezh@club.test', /\/i\//, 'the invitation to the evening');

    // The admin cancels it on its page, with a reason.
    await page.goto(`/club/${clubId}/evenings/${evening.id}`);
    const cancel = byTestId(page, 'evening-cancel');
    await cancel.getByText('Отменить вечер', { exact: true }).click();
    await cancel.getByLabel('Причина').fill('зал закрыт на ремонт');
    await cancel.getByRole('button', { name: 'Отменить вечер и отозвать приглашения' }).click();
    await byTestId(page, 'evening-cancelled').waitFor();
    const letter = await mailbox.waitFor('ezh@club.test', /отменяет игровой вечер/, 'the letter withdrawing the invitation');
    expect(letter.text).toContain('Причина: зал закрыт на ремонт');

    // «Ёжик» was a mistake, a second record of «Ёж» («Еж» is refused: the same nickname): archived, off the member list.
    await page.goto(`/club/${clubId}/members`);
    const stray = page.locator('[data-testid^="archive-"]').filter({ hasText: 'Ёжик' }).first();
    await stray.locator('summary').click();
    await stray.getByLabel('Причина').fill('запись по ошибке');
    await stray.getByRole('button', { name: 'В архив' }).click();
    await until(async () => (await page.locator('[data-testid^="member-"]').filter({ hasText: /^Ёжик/ }).count()) === 0 || undefined, 'Ёжик off the member list');

    // The log says who, what and why.
    await page.goto(`/club/${clubId}/audit`);
    const log = page.locator('[data-testid^="audit-"]');
    await log.first().waitFor();
    expect(await log.count()).toBe(2);
    expect(await log.nth(0).textContent()).toContain('Участник в архиве');
    expect(await log.nth(0).textContent()).toContain('Почему: запись по ошибке');
    expect(await log.nth(1).textContent()).toContain('Вечер отменён');
    expect(await log.nth(1).textContent()).toContain('Кто: Админ');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
