/**
 * The online room's creator at his own seat (issue 23, point 4): what his phone and the others say
 * before the start, and the room's controls he uses from his seat screen.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { byTestId, phaseOf, until } from './harness';
import type { TableOracle } from './tableOracle';

/**
 * Before the start of an online room (issue 23, point 4): the creator's seat screen says that he
 * starts the game, the other phones that the room's creator does; no phone names a Ведущий.
 */
export async function onlineWaitingWords(creator: Page, players: readonly Page[]): Promise<void> {
  const waiting = async (p: Page) => (await byTestId(p, 'waiting').innerText()).trim();
  expect(await waiting(creator), 'the creator\'s waiting text').toMatch(/^Игру начинаете вы/);
  for (const p of players.filter((x) => x !== creator)) {
    expect(await waiting(p), 'a player\'s waiting text').toBe('Ждём, когда создатель комнаты начнёт игру');
    expect(await p.locator('body').innerText(), 'no Ведущий on a phone in a room nobody hosts').not.toContain('Ведущ');
  }
}

/** The online creator stops or restarts the clock from his seat screen; the server says it did. */
export async function seatClock(creator: Page, oracle: TableOracle, button: 'admin-pause' | 'admin-resume', paused: boolean): Promise<void> {
  const b = byTestId(creator, button);
  await until(() => b.isEnabled(), `${button} on the creator's seat screen`, 8_000);
  await b.click();
  await oracle.spectator.wait((s) => (s.timer?.pausedAt !== undefined) === paused, paused ? 'the pause' : 'the resume');
}

/** At the end the online creator deals «Новая игра с теми же местами» from his seat screen and stays on it. */
export async function nextGameFromSeat(creator: Page, oracle: TableOracle, code: string): Promise<void> {
  const next = byTestId(creator, 'next-game');
  await until(() => next.isEnabled(), 'the next-game button on the creator\'s seat screen', 8_000);
  expect(await next.innerText()).toBe('Новая игра с теми же местами');
  await next.click();
  await oracle.spectator.wait((s) => s.view !== null && s.view.phase.kind !== 'ended', 'the next game');
  await until(async () => (await phaseOf(creator))?.kind === oracle.spectator.state.view!.phase.kind || undefined, 'the creator\'s seat screen in the next game', 8_000);
  expect(new URL(creator.url()).pathname, 'the creator stays on his seat screen in the next game').toBe(`/r/${code}/play`);
}
