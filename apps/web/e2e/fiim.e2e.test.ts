/**
 * E2E: a `fiim` game on the host console in a real browser against the real server (issue 13). The
 * host creates the room with a mafiaratings rules code that turns technical fouls on, then records what
 * a federation referee records: a foul and a technical foul at night (R-FIIM-11, R-FIIM-14), a removal
 * with its reason (R-FIIM-12), the referee's extra points (R-FIIM-16) and a team defeat (R-FIIM-15),
 * which ends the game at the end of the day; the console then shows the tournament points.
 */
import { describe, expect, it } from 'vitest';
import { byTestId, newDevice, phaseOf, serverAndBrowser, Shots, smallTargets, unnamedControls, until, wordProblems } from './harness';

const env = serverAndBrowser();
const shots = new Shots('fiim');

describe('fiim on the host console (real browser, real server)', () => {
  it('records night fouls, a removal with its reason, extra points and a team defeat; shows the tournament points', async () => {
    const ctx = await newDevice(env.browser, env.server.base, 'ru-RU');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('dialog', (d) => void d.accept());

    await page.goto('/new');
    await byTestId(page, 'preset-select').selectOption('fiim');
    await byTestId(page, 'mode-human').click();
    const code = byTestId(page, 'option-rulesCode');
    await code.evaluate((e) => {
      for (let d = e.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    });
    // The default code with technical fouls on (digit 13).
    await code.fill('0002000010001');
    await until(async () => (await byTestId(page, 'option-techFouls').inputValue()) === 'yes' || undefined, 'the code sets techFouls to yes');
    await shots.both(page, 'create', '1-code');
    await byTestId(page, 'create-submit').click();
    await page.waitForURL(/\/r\/[A-Z0-9]{6}(\/host)?$/);
    const room = /\/r\/([A-Z0-9]{6})/.exec(page.url())![1]!;
    const lobby = (await (await fetch(`${env.server.base}/api/rooms/${room}`)).json()) as Record<string, unknown>;
    expect(lobby).toMatchObject({ code: room, preset: 'fiim', seats: 10, mode: 'human' });

    await byTestId(page, 'host-start').click();
    await until(async () => (await phaseOf(page))?.kind === 'night' || undefined, 'night 1 on the console');
    expect(await byTestId(page, 'fiim-rules-code').textContent()).toContain('0002000010001');

    // Night 1 (the introduction night): a foul and a technical foul.
    await byTestId(page, 'foul-4').click();
    await until(async () => (await byTestId(page, 'fouls-4').getAttribute('data-n')) === '1' || undefined, 'seat 4 has a foul at night');
    await byTestId(page, 'tech-foul-7').click();
    await until(async () => (await byTestId(page, 'tech-fouls-7').getAttribute('data-n')) === '1' || undefined, 'seat 7 has a technical foul');
    await shots.both(page, 'host', '1-night-fouls');
    await byTestId(page, 'host-next').click();
    await until(async () => (await phaseOf(page))?.kind === 'day' || undefined, 'day 1');

    // Day 1: seat 9 leaves the table (the removal asks its reason), seat 3 gets extra points.
    await byTestId(page, 'remove-9').click();
    await byTestId(page, 'remove-reason-9').waitFor();
    await byTestId(page, 'remove-left-9').click();
    await until(async () => (await byTestId(page, 'seat-row-9').getAttribute('data-alive')) === 'false' || undefined, 'seat 9 removed');
    await byTestId(page, 'extra-input-3').fill('+0,5');
    await byTestId(page, 'extra-3').click();
    await until(async () => (await byTestId(page, 'extra-total-3').getAttribute('data-points')) === '0.5' || undefined, 'seat 3 has 0.5 extra points');
    // A team defeat for seat 1's offence: it takes effect at the end of the day.
    await byTestId(page, 'team-defeat-seat').selectOption('1');
    await byTestId(page, 'team-defeat').click();
    await byTestId(page, 'team-defeat-given').waitFor();
    expect(await smallTargets(page), 'every control of the fiim console is at least 48 px').toEqual([]);
    expect(await unnamedControls(page), 'every control of the fiim console has a name').toEqual([]);
    await shots.both(page, 'host', '2-day-penalties');

    // The host ends the day (the removal cancelled its vote): the team defeat ends the game.
    // (The big step button is locked for a moment after each step, against a double tap.)
    const next = byTestId(page, 'host-next');
    for (let k = 0; k < 30 && (await phaseOf(page))?.kind !== 'ended'; k++) {
      await until(async () => (await phaseOf(page))?.kind === 'ended' || ((await next.count()) > 0 && (await next.isEnabled())) || undefined, 'the host\'s next step', 5_000);
      if ((await phaseOf(page))?.kind === 'ended') break;
      await next.click();
    }
    await until(async () => (await phaseOf(page))?.kind === 'ended' || undefined, 'the game ended by the team defeat');
    const scores = byTestId(page, 'tournament-scores');
    await scores.waitFor();
    const points = async (seat: number) => Number(await byTestId(page, `score-${seat}`).getAttribute('data-points'));
    // Seat 1 is the offender: −0.7 in all; seat 9 left the table: no penalty.
    expect(await points(1)).toBeCloseTo(-0.7, 5);
    expect([0, 1]).toContain(await points(9));
    const three = await points(3);
    expect([0.5, 1.5]).toContain(three);
    expect(await wordProblems(page, 'ru'), 'no raw keys or English on the Russian console').toEqual([]);
    await shots.both(page, 'host', '3-ended');
    expect(errors, 'no uncaught errors on the page').toEqual([]);
    await ctx.close();
  });
});
