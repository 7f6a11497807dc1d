/**
 * Issue 23 point 5 in the full game (game.e2e.test.ts): what the host says. A seat is given three
 * fouls before his turn on day 1, so his speech is skipped and announced on the console and by the
 * table screen; a leaving player's phone shows his last word alone; the next game's card pause.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { byTestId, until } from './harness';
import type { Oracle } from './oracle';

/** The seat whose day-1 speech is lost for fouls, and the one who speaks after him. */
export const FOULED = 9;
const AFTER_FOULED = 10;

/** The host gives seat FOULED his three fouls on the console while seat 1 speaks on day 1. */
export async function foulBeforeHisTurn(host: Page, oracle: Oracle): Promise<void> {
  for (let n = 1; n <= 3; n++) {
    const seq = oracle.state.seq;
    await byTestId(host, `foul-${FOULED}`).click();
    await oracle.wait((s) => s.seq > seq && s.view?.seats[FOULED - 1]?.fouls === n, `foul ${n} of seat ${FOULED}`);
  }
}

/** Right after the skip: the console reads it before the next speaker, the table screen says it. */
export async function expectSkipAnnounced(host: Page, table: Page): Promise<void> {
  const line = byTestId(host, 'host-line').locator('p[data-key="skipped"]');
  await until(async () => (await line.count()) > 0, 'the console: the skipped speech line', 8_000);
  expect(await line.first().textContent()).toBe(`Игрок № ${FOULED} пропускает речь: 3 фола.`);
  const next = byTestId(host, 'host-line').locator('p[data-key="speech"]');
  expect(await next.first().textContent()).toBe(`Игрок № ${AFTER_FOULED}, ваше слово.`);
  await until(
    async () => ((await byTestId(table, 'narrator-line').first().textContent()) ?? '').includes(`Игрок ${FOULED} пропускает речь: 3 фола`),
    'the table screen: the skipped speech said',
    8_000,
  );
}

/** A player owed his last word sees «Ваше последнее слово», without «наблюдайте молча». */
export async function expectLastWordAlone(phone: Page, seat: number, where: string): Promise<void> {
  await until(async () => ((await phone.textContent('body')) ?? '').includes('Ваше последнее слово'), `seat ${seat}: «Ваше последнее слово» (${where})`, 5_000);
  expect(await byTestId(phone, 'spectator-banner').count(), `seat ${seat}: no spectator banner during his last word (${where})`).toBe(0);
  expect(await phone.textContent('body'), `seat ${seat} (${where})`).not.toContain('наблюдайте молча');
}

/**
 * «Новая игра с теми же местами» on the console: the console shows the card pause step, every phone
 * and the table screen the pause; the night begins when the server's pause is over, not before.
 */
export async function expectCardPause(host: Page, table: Page, phones: readonly Page[], oracle: Oracle): Promise<void> {
  await byTestId(host, 'next-game').click();
  const paused = await oracle.wait((s) => s.timer?.kind === 'cards' && s.view?.phase.kind === 'night', 'the next game with its card pause');
  const pauseMs = paused.timer!.deadline - paused.timer!.started;
  expect(pauseMs, 'the card pause').toBe(20_000);
  const keys = async () => byTestId(host, 'host-line').locator('p').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-key')));
  await until(async () => (await keys()).join() === 'cardPause', 'the console: the card pause step', 8_000);
  for (const p of [table, ...phones]) await byTestId(p, 'card-pause').first().waitFor({ timeout: 8_000 });
  expect(await byTestId(phones[0]!, 'night-step').count(), 'no night step on a phone during the pause').toBe(0);
  const night = await oracle.wait((s) => s.timer?.kind === 'night', 'the night after the pause', pauseMs + 10_000);
  expect(night.timer!.started, 'the night starts when the pause is over').toBeGreaterThanOrEqual(paused.timer!.deadline);
  await until(async () => (await keys())[0] === 'citySleeps', 'the console: «Город засыпает» after the pause', 8_000);
  for (const p of [table, ...phones]) await until(async () => (await byTestId(p, 'card-pause').count()) === 0, 'the pause is gone', 8_000);
}
