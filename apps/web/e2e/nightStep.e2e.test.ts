/**
 * E2E, issue 23 points 1, 3 and 6, in real Chromium against the real server, a club game: each
 * role's card speaks the club's variant (the Don seeks the Sheriff, the Sheriff only checks); with a
 * human host the phones and the TV follow the night step he opens on his console, not the clock; the
 * Don acts from his phone, sees «Принято» only once it is recorded, and the console lists the act
 * under its step; then the host taps «Закрыть комнату» on his console (twice: it asks first) and the
 * Don's phone, the TV and the console show «Комната закрыта».
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostedNightOne, peekRole } from './flows';
import { byTestId, newDevice, serverAndBrowser, sleep, testClock, until } from './harness';
import { expectCardSays } from './roleCards';

// The test clock at a fifth (issue 25): a clock step of the night lasts 0.6 s, so waiting out two
// of them takes a second, not six; the host's steps, which the phones follow, are not timed.
const TIME_SCALE = 0.2;
const env = serverAndBrowser(() => testClock(TIME_SCALE));
// A short night step: were the phones on the clock, they would be two steps further by the time the Don acts.
const NIGHT_STEP_SECONDS = 3;
/** One night step on the server's clock (ms). */
const CLOCK_STEP_MS = NIGHT_STEP_SECONDS * TIME_SCALE * 1000;

async function page(locale = 'ru-RU'): Promise<Page> {
  const ctx = await newDevice(env.browser, env.server.base, locale);
  return ctx.newPage();
}

const stepOf = async (p: Page, id: string) => (await byTestId(p, id).first().getAttribute('data-step')) ?? '';

describe('the night with a human host (issue 23)', () => {
  it('club cards speak their variant; phones and the TV follow the host\'s step; the Don\'s act is listed under its step; the console\'s close reaches the phone and the TV', async () => {
    const { host, code, hostKey, tokens, oracle, view } = await hostedNightOne(env, 'club', NIGHT_STEP_SECONDS);
    expect(hostKey).toBeTruthy();
    try {
      const don = view.seats.find((s) => s.role === 'don')!.seat;
      const donStep = view.nightSteps.findIndex((s) => s.wake.includes('don') && s.acts.includes('check'));
      expect(donStep).toBeGreaterThan(0);
      const target = view.seats.find((s) => s.seat !== don && s.role !== 'mafia')!.seat;

      // One phone of each role reads its card (the Don's last: that phone stays his).
      const phone = await page();
      await phone.goto('/');
      const roles = [...new Set(view.seats.map((s) => s.role!))].filter((r) => r !== 'don');
      const readers = [...roles.map((r) => view.seats.find((s) => s.role === r)!.seat), don];
      expect(roles).toEqual(expect.arrayContaining(['sheriff', 'doctor', 'maniac', 'beauty', 'mafia', 'civilian']));
      for (const seat of readers) {
        await phone.evaluate(([c, s, token]) => localStorage.setItem(`mafia.seat.${c}`, JSON.stringify({ seat: Number(s), token })), [code, String(seat), tokens[seat - 1]!]);
        await phone.goto(`/r/${code}/play`);
        const card = await peekRole(phone);
        expect(card.role, `seat ${seat}'s card`).toBe(view.seats[seat - 1]!.role);
        expectCardSays(card.desc, card.role!, view, `seat ${seat}'s card (club)`);
      }
      const tv = await page();
      await tv.goto(`/r/${code}/table`);
      await byTestId(phone, 'night-step').waitFor();
      await byTestId(tv, 'step').waitFor();

      // Two clock steps pass: every screen stays on the host's first step.
      await sleep(CLOCK_STEP_MS * 2 + 500);
      expect(await stepOf(phone, 'night-step')).toBe('0');
      expect(await stepOf(tv, 'step')).toBe('0');

      // The host opens the Don's step on his console: the phone and the TV follow.
      for (let i = 0; i < donStep; i++) await byTestId(host, 'step-next').click();
      await until(async () => (await stepOf(phone, 'night-step')) === String(donStep), `the Don's phone on step ${donStep + 1}`);
      await until(async () => (await stepOf(tv, 'step')) === String(donStep), `the TV on step ${donStep + 1}`);
      await oracle.wait((s) => s.timer?.step === donStep, 'the host step logged');

      // The Don checks from his phone; «Принято» only once the server recorded it.
      await byTestId(phone, `seat-${target}`).click();
      await byTestId(phone, 'act-submit').click();
      await until(async () => (await byTestId(phone, 'act-submit').getAttribute('data-status')) === 'done', 'the Don\'s act acknowledged');
      expect(await byTestId(phone, 'act-submit').textContent()).toBe('Принято');
      await oracle.wait((s) => s.log.some((i) => i.kind === 'events' && i.by === don && i.events.some((e) => e.type === 'ActRecorded')), 'the Don\'s act in the log');

      // The console lists it under the Don's step, from the phone.
      const listed = byTestId(host, `recorded-step-${donStep}`);
      await until(async () => (await listed.getAttribute('data-count')) === '1', 'the act listed under the Don\'s step on the console');
      expect(await listed.textContent()).toContain(`№ ${don} проверка → № ${target}`);
      expect(await listed.locator('li').first().getAttribute('data-from')).toBe('phone');
      expect(await byTestId(host, 'recorded-step-0').getAttribute('data-count')).toBe('0');
      // Still on the host's step long after the clock's would have ended.
      await sleep(CLOCK_STEP_MS + 500);
      expect(await stepOf(phone, 'night-step')).toBe(String(donStep));

      // The host closes the room from his console: the first tap asks, the second closes.
      const close = byTestId(host, 'host-close');
      await close.click();
      expect(await close.textContent()).toBe('Нажмите ещё раз, чтобы закрыть комнату насовсем');
      expect(oracle.state.lobby?.closed).toBe(false);
      await close.click();
      // The console, the phone and the TV say so and stop.
      await byTestId(host, 'room-closed').waitFor();
      expect(await byTestId(host, 'room-closed').textContent()).toContain('Комната закрыта');
      expect(await byTestId(host, 'night-panel').count()).toBe(0);
      await byTestId(phone, 'room-closed').waitFor();
      await byTestId(tv, 'room-closed').waitFor();
      expect(await byTestId(phone, 'room-closed').textContent()).toContain('Комната закрыта');
      expect(await byTestId(tv, 'room-closed').textContent()).toContain('Комната закрыта');
      expect(await byTestId(phone, 'night-step').count()).toBe(0);
      expect(await byTestId(tv, 'step').count()).toBe(0);
      // Stopped: no reconnect after the server went quiet (the status stays "closed").
      await sleep(1500);
      expect(await phone.locator('[data-status]').first().getAttribute('data-status')).toBe('closed');
    } finally {
      oracle.client.close();
    }
  }, 120_000);
});
