/**
 * E2E: the chat and the idle rules of an online room (issue 26, points 2 and 4), four people and six
 * bots on phones in Chromium. The room is dealt from a known seed (MAFIA_TEST_SEED), so the people
 * sit where the scenario needs them: the Don (the room's creator), a mafioso, the Commissar and a
 * civilian. The table's chat reaches everybody; the mafia's meeting reaches the mafia's phones only
 * (the Commissar's and the civilian's never show it); the Don and the Commissar let their night-1
 * checks run out with the room's idle limit at 1, so bots stand in for them, their phones (and only
 * theirs) say so, and «Я здесь» takes each seat back.
 */
import { createGame } from '@mafia/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claimInLobby, createThroughUI, openSection } from './flows';
import { byTestId, newDevice, serverAndBrowser, Shots, testClock, until } from './harness';
import { Oracle } from './oracle';

const SEED = 20261205;
const env = serverAndBrowser(() => ({ ...testClock(0.5), MAFIA_TEST_SEED: String(SEED) }));
const TIMERS = { speech: 10, defence: 10, lastWords: 10, vote: 5, nightStep: 3 };

/** Who sits where: the deal the server makes from SEED (the same engine call as its own). */
function seatsByRole(): { don: number; mafia: number; commissar: number; civilian: number } {
  const made = createGame({ preset: 'sport', players: 10, seed: SEED });
  if (!made.ok) throw new Error(made.error.message);
  const roles = made.game.state.roles;
  const at = (role: string) => roles.indexOf(role as never) + 1;
  return { don: at('don'), mafia: at('mafia'), commissar: at('commissar'), civilian: at('civilian') };
}

async function say(page: Page, tab: 'table' | 'mafia', text: string): Promise<void> {
  const tabs = byTestId(page, `chat-tab-${tab}`);
  if ((await tabs.count()) > 0) await tabs.click();
  await byTestId(page, 'chat-input').fill(text);
  await byTestId(page, 'chat-send').click();
  await until(async () => (await byTestId(page, 'chat-input').inputValue()) === '', `the line «${text}» recorded (the box cleared)`, 8_000);
}

const shows = async (page: Page, text: string): Promise<boolean> => (await page.locator('body').innerText()).includes(text);

describe('chat and idle players of an online room', () => {
  it('the_mafia_meet_unseen_and_idle_seats_are_stood_in_for_and_taken_back', async () => {
    const shots = new Shots('chat-idle');
    const seat = seatsByRole();
    const device = async () => (await newDevice(env.browser, env.server.base, 'ru-RU')).newPage();
    const don = await device();
    await don.goto('/new');
    const code = await createThroughUI(don, 10, undefined, TIMERS, { preset: 'sport', mode: 'online' });
    await claimInLobby(don, code, seat.don, 'Анна');
    const [mafioso, commissar, civilian] = [await device(), await device(), await device()];
    await claimInLobby(mafioso, code, seat.mafia, 'Борис');
    await claimInLobby(commissar, code, seat.commissar, 'Вера');
    await claimInLobby(civilian, code, seat.civilian, 'Глеб');
    const people = [don, mafioso, commissar, civilian];
    const watcher = new Oracle(env.server.wsUrl, code, { as: 'spectator' });
    try {
      await openSection(don, 'admin-bots', 'admin-bots-fill');
      await byTestId(don, 'admin-bots-fill').click();
      await watcher.wait((s) => s.lobby?.bots?.length === 6, 'six bots in the lobby', 20_000);

      // The lobby's talk: everybody reads the civilian's line.
      await say(civilian, 'table', 'Всем привет!');
      for (const p of people) await until(() => shows(p, 'Всем привет!'), 'the table line on every phone', 8_000);

      // The room's idle limit to 1: one missed step, and a bot stands in.
      await openSection(don, 'admin-chat', 'admin-idle-limit-1');
      await byTestId(don, 'admin-idle-limit-1').click();
      await watcher.wait((s) => s.lobby?.idleLimit === 1, 'the idle limit 1 in the lobby');

      const start = byTestId(don, 'admin-start');
      await until(() => start.isEnabled(), 'the start button enabled', 8_000);
      await start.click();
      await watcher.wait((s) => s.view?.phase.kind === 'night' && s.timer?.kind === 'night', 'night 1 after the card pause', 30_000);

      // Night 1: the Don writes to the mafia; the mafioso reads it; the town's phones have no such tab.
      const meeting = `Завтра давим ${seat.civilian}-го`;
      await say(don, 'mafia', meeting);
      await byTestId(mafioso, 'chat-tab-mafia').click();
      await until(() => shows(mafioso, meeting), 'the meeting on the mafioso\'s phone', 8_000);
      for (const p of [commissar, civilian]) expect(await byTestId(p, 'chat-tab-mafia').count()).toBe(0);
      await shots.at(don, 'seat', 'mafia-meeting', 360);

      // The Don's and the Commissar's checks run out: bots stand in for them, and only they are told.
      for (const p of [don, commissar]) {
        const banner = byTestId(p, 'idle-banner');
        await banner.waitFor({ timeout: 30_000 });
        expect(await banner.getAttribute('data-stand-in')).toBe('true');
      }
      await shots.at(commissar, 'seat', 'stand-in', 360);
      for (const p of [mafioso, civilian]) expect(await byTestId(p, 'idle-banner').count()).toBe(0);
      // Back: «Я здесь» on each phone takes the seat back from its bot.
      for (const p of [don, commissar]) {
        await byTestId(p, 'idle-back').click();
        await until(async () => (await byTestId(p, 'idle-banner').count()) === 0, 'the banner gone once the seat is back', 8_000);
      }
      // From here on, misses are allowed again: the day's votes are not this test's business.
      await openSection(don, 'admin-chat', 'admin-idle-limit-3');
      await byTestId(don, 'admin-idle-limit-3').click();
      await watcher.wait((s) => s.lobby?.idleLimit === 3, 'the idle limit 3 in the lobby');

      // Day 1: the civilian speaks to the table, and the meeting never reached the town's phones.
      await watcher.wait((s) => s.view?.phase.kind === 'day', 'day 1', 30_000);
      await say(civilian, 'table', 'Я мирный, проверьте меня');
      // The mafia's phones are on their meeting's tab: back to the table's.
      for (const p of [don, mafioso]) await byTestId(p, 'chat-tab-table').click();
      for (const p of people) await until(() => shows(p, 'Я мирный, проверьте меня'), 'the day line on every phone', 8_000);
      for (const p of [commissar, civilian]) expect(await shows(p, meeting), 'the meeting on a town phone').toBe(false);
      expect(watcher.state.log.some((i) => i.kind === 'chat' && i.channel === 'mafia'), 'a mafia line sent to a spectator').toBe(false);
    } finally {
      watcher.close();
    }
  }, 180_000);
});
