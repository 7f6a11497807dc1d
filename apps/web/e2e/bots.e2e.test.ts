/**
 * E2E: one person and nine bots (issue 26 point 3). A player makes an online room on /new on his
 * phone, takes seat 1, and from his seat screen's room controls seats bots on the nine free seats
 * («Посадить ботов на 9 свободных мест»); he starts the game and never taps again: the bots play
 * their seats through the server, his own steps end on their timers (R-HOST-2), and the game
 * reaches its end, shown on his phone. The controls are looked at in Russian at 360 px.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { claimInLobby, createThroughUI, openSection } from './flows';
import { byTestId, newDevice, serverAndBrowser, Shots, testClock, until } from './harness';
import { Oracle } from './oracle';

/**
 * On the test clock at half speed (issue 25): the idle person's steps, which only their timers end,
 * wait half as long; the bots think half as long too (0.2–0.9 s), inside a 1.5 s night step.
 */
const env = serverAndBrowser(() => testClock(0.5));
/** Short steps on the form: a classic night of three 3 s steps (the shortest), the person's speeches 10 s. */
const TIMERS = { speech: 10, defence: 10, lastWords: 10, vote: 5, nightStep: 3 };

describe('one person and nine bots', () => {
  it('a_person_alone_seats_nine_bots_from_his_seat_screen_and_plays_an_online_game_to_its_end', async () => {
    const shots = new Shots('bots');
    const ctx = await newDevice(env.browser, env.server.base, 'ru-RU');
    const phone = await ctx.newPage();
    await phone.goto('/new');
    const code = await createThroughUI(phone, 10, undefined, TIMERS, { preset: 'classic', mode: 'online' });
    await claimInLobby(phone, code, 1, 'Анна');
    const watcher = new Oracle(env.server.wsUrl, code, { as: 'spectator' });
    try {
      await openSection(phone, 'admin-bots', 'admin-bots-fill');
      const fill = byTestId(phone, 'admin-bots-fill');
      expect((await fill.innerText()).trim()).toBe('Посадить ботов на 9 свободных мест');
      await shots.at(phone, 'seat', 'bots-offered', 360);
      await expectAccessible(phone, 'the room controls with bots offered');
      // The section again: the shot and the accessibility check took a while, and the controls re-render.
      await openSection(phone, 'admin-bots', 'admin-bots-fill');
      await fill.click();
      const seated = await watcher.wait((s) => s.lobby?.bots?.length === 9, 'nine bots in the lobby', 20_000);
      expect(seated.lobby!.claimed).toEqual(['Анна', ...Array.from({ length: 9 }, (_, i) => `Бот ${i + 2}`)]);
      // Every seat is taken: nothing more to offer.
      await until(async () => (await byTestId(phone, 'admin-bots').count()) === 0, 'the bots section gone once every seat is taken', 8_000);

      const start = byTestId(phone, 'admin-start');
      await until(() => start.isEnabled(), 'the start button enabled', 8_000);
      await start.click();
      await watcher.wait((s) => s.view !== null, 'the start');
      // What the bots say in their turns (issue 27) shows on the person's phone: its lines are read
      // as the game goes, and the first time any shows, the phone is looked at in Russian at 360 px.
      const seen = new Set<string>();
      let polling = true;
      let shot = false;
      const poll = (async () => {
        while (polling) {
          const lines = await phone.locator('[data-testid="said-line"]').allTextContents().catch(() => [] as string[]);
          for (const l of lines) seen.add(l);
          if (lines.length > 0 && !shot) {
            shot = true;
            await shots.at(phone, 'seat', 'said', 360).catch(() => {});
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      const end = await watcher.wait((s) => s.view?.phase.kind === 'ended', 'the end of the game', 240_000);
      polling = false;
      await poll;
      const winner = byTestId(phone, 'winner').first();
      await winner.waitFor({ timeout: 10_000 });
      expect(await winner.getAttribute('data-winner')).toBe(String(end.view!.winner));
      await shots.at(phone, 'seat', 'ended', 360);
      // The bots played: the public log holds commands of their seats (nominations, votes, speeches ended).
      const botSeats = new Set(end.log.flatMap((i) => (i.kind === 'events' && typeof i.by === 'number' && i.by >= 2 ? [i.by] : [])));
      expect(botSeats.size, 'bot seats whose commands reached the table').toBeGreaterThan(3);
      // Every statement of a day before the last reached the phone in the clubs' words (seat 1's too: once
      // he missed two steps, a bot stood in for him, and it talks as the others do).
      const said = end.view!.said;
      const lastDay = Math.max(0, ...said.map((x) => x.day));
      for (const x of said) {
        if (x.day < lastDay) expect([...seen].some((l) => l.startsWith(`№ ${x.by}: «`)), `№ ${x.by}'s statement on day ${x.day} shown; seen: ${[...seen].join(' | ')}`).toBe(true);
      }
      if (said.length > 0) expect(seen.size, 'the bots\' statements on the phone').toBeGreaterThan(0);
      // (The mafia's plan shows on a mafioso's phone only: the person may be one.)
      for (const l of seen) expect(l).toMatch(/^№ \d+: «(Я — .+|Проверил № \d+ в ночь \d+: (красный|чёрный)|Подозреваю № \d+|Доверяю № \d+|Голосую за № \d+|Моя версия: № [\d, ]+|План мафии: (ночь \d+ — № \d+(, )?)+)»$/);
      console.log(`statements: ${said.length} in the game, ${seen.size} lines seen on the phone`);
    } finally {
      watcher.close();
    }
  }, 300_000);
});
