/**
 * E2E: a practice game (issue 27 point 4). From the home page a person alone starts a practice game
 * of classic rules under his name; the app makes the room, seats him and nine bots and starts it; his
 * seat screen opens. He never taps: the bots play, talk and vote, his own steps end on their timers
 * (R-HOST-2), and the game ends by the rules: the winner on his phone, every card open.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { byTestId, newDevice, serverAndBrowser, Shots, testClock, until } from './harness';
import { Oracle } from './oracle';

/** The room keeps the preset's own timers (a 60 s speech): on the test clock at a twentieth. */
const env = serverAndBrowser(() => testClock(0.05));

describe('a practice game against bots', () => {
  it('a_person_starts_a_practice_game_from_the_home_page_and_it_is_played_to_its_end', async () => {
    const shots = new Shots('practice');
    const ctx = await newDevice(env.browser, env.server.base, 'ru-RU');
    const phone = await ctx.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (e) => errors.push(String(e)));
    await phone.goto('/');
    await byTestId(phone, 'home-practice').click();
    await phone.waitForURL(/\/practice$/);
    expect(await byTestId(phone, 'practice-start').isDisabled(), 'no game without a name').toBe(true);
    await byTestId(phone, 'practice-preset').selectOption('classic');
    await byTestId(phone, 'practice-name').fill('Анна');
    await shots.at(phone, 'practice', 'form', 360);
    await expectAccessible(phone, 'practice');
    await byTestId(phone, 'practice-start').click();
    await phone.waitForURL(/\/r\/[A-Z0-9]{6}\/play$/, { timeout: 20_000 });
    const code = /\/r\/([A-Z0-9]{6})\/play$/.exec(phone.url())![1];
    const watcher = new Oracle(env.server.wsUrl, code, { as: 'spectator' });
    try {
      const started = await watcher.wait((s) => s.view !== null, 'the start', 20_000);
      expect(started.lobby!.claimed).toEqual(['Анна', ...Array.from({ length: 9 }, (_, i) => `Бот ${i + 2}`)]);
      expect(started.lobby!.bots).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(started.lobby).toMatchObject({ mode: 'online', preset: 'classic' });
      // A private room: not in the lobby of open games.
      const open = (await (await fetch(`${env.server.base}/api/rooms/open`)).json()) as { rooms: { code: string }[] };
      expect(open.rooms.map((r) => r.code)).not.toContain(code);
      const end = await watcher.wait((s) => s.view?.phase.kind === 'ended', 'the end of the game', 240_000);
      const winner = byTestId(phone, 'winner').first();
      await winner.waitFor({ timeout: 10_000 });
      expect(await winner.getAttribute('data-winner')).toBe(String(end.view!.winner));
      // Every card is open at the end, and the winner is the rules' (the mafia at parity, the town with no mafia left).
      const roles = end.view!.seats.map((s) => s.role);
      expect(roles.every((r) => typeof r === 'string'), JSON.stringify(end.view!.seats)).toBe(true);
      const aliveMafia = end.view!.seats.filter((s) => s.alive && s.team === 'mafia').length;
      const aliveOthers = end.view!.seats.filter((s) => s.alive && s.team !== 'mafia').length;
      if (end.view!.winner === 'town') expect(aliveMafia).toBe(0);
      if (end.view!.winner === 'mafia') expect(aliveMafia).toBeGreaterThanOrEqual(aliveOthers);
      // The review: every bot's votes and night acts with its reasons, in Russian.
      const review = byTestId(phone, 'review');
      await review.waitFor({ timeout: 10_000 });
      await until(async () => (await phone.locator('[data-testid="review-line"]').count()) > 5 || undefined, 'the bots\' reasons in the review');
      const lines = await phone.locator('[data-testid="review-line"]').allTextContents();
      for (const l of lines) expect(l).toMatch(/^(День|Ночь) \d+: .+ № \d+.* — .+\.$/);
      expect(await phone.locator('[data-testid^="review-bot-"]').count()).toBe(9);
      await phone.locator('[data-testid="review-bot-2"] summary').click();
      await shots.at(phone, 'practice', 'ended', 360);
      expect(errors, 'no uncaught errors on the page').toEqual([]);
    } finally {
      watcher.close();
      await ctx.close();
    }
  }, 300_000);
});
