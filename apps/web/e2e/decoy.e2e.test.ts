/**
 * E2E, issue 23 point 1, the decoy's word, in real Chromium against the real server: at the Don's
 * step (opened by the human host) the Don's phone checks and a civilian's phone taps a decoy. Both
 * read «Отправляем…» and then «Принято» (the civilian's tap is recorded too, so the word is true), and
 * the civilian's phone never reads «Отмечено». Meanwhile another seat and the TV (a spectator) are
 * sent nothing for either tap — frame for frame the same for the act and for the decoy — and the
 * host's console lists the Don's act under its step and nothing for the decoy.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hostedNightOne } from './flows';
import { byTestId, newDevice, serverAndBrowser, sleep, until } from './harness';

const env = serverAndBrowser();

/** A raw connection that keeps every frame it is sent (a bystander's phone, the TV). */
async function recorder(wsUrl: string, code: string, auth: Record<string, unknown>): Promise<{ frames: string[]; close(): void }> {
  const ws = new WebSocket(wsUrl);
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  const frames: string[] = [];
  const welcomed = new Promise<void>((ok) => ws.on('message', (d) => {
    frames.push(String(d));
    if (String(d).includes('"type":"welcome"')) ok();
  }));
  ws.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth }));
  await welcomed;
  return { frames, close: () => ws.close() };
}

async function phoneOf(code: string, seat: number, token: string): Promise<Page> {
  const p = await (await newDevice(env.browser, env.server.base, 'ru-RU')).newPage();
  await p.goto('/');
  await p.evaluate(([c, s, t]) => localStorage.setItem(`mafia.seat.${c}`, JSON.stringify({ seat: Number(s), token: t })), [code, String(seat), token]);
  await p.goto(`/r/${code}/play`);
  return p;
}

/** Taps `target` and the confirm button; waits for the server's answer; answers every label the button showed. */
async function tapAndWait(p: Page, target: number): Promise<string[]> {
  await p.evaluate(() => {
    const seen: string[] = [];
    window.__labels = seen;
    const b = document.querySelector('[data-testid="act-submit"]')!;
    new MutationObserver(() => seen.push(b.textContent ?? '')).observe(b, { childList: true, subtree: true, characterData: true });
  });
  await byTestId(p, `seat-${target}`).click();
  await byTestId(p, 'act-submit').click();
  await until(async () => (await byTestId(p, 'act-submit').getAttribute('data-status')) === 'done', 'the tap acknowledged');
  return p.evaluate(() => window.__labels ?? []);
}

describe('the decoy\'s word (issue 23)', () => {
  it('a civilian\'s decoy and the Don\'s check both read «Принято» once recorded; the other seats and the TV get nothing for either', async () => {
    const { server } = env;
    const { host, code, tokens, oracle, view } = await hostedNightOne(env, 'sport', 3);
    try {
      const don = view.seats.find((s) => s.role === 'don')!.seat;
      const [civilian, bystander] = view.seats.filter((s) => s.role === 'civilian').map((s) => s.seat);
      const donStep = view.nightSteps.findIndex((s) => s.wake.includes('don') && s.acts.includes('check'));
      const target = view.seats.find((s) => s.seat !== don && s.seat !== civilian && s.role !== 'mafia')!.seat;

      const donPhone = await phoneOf(code, don, tokens[don - 1]!);
      const civPhone = await phoneOf(code, civilian!, tokens[civilian! - 1]!);
      const seat = await recorder(server.wsUrl, code, { as: 'seat', seat: bystander, token: tokens[bystander! - 1] });
      const tv = await recorder(server.wsUrl, code, { as: 'spectator' });

      // The host opens the Don's step; every screen follows.
      for (let i = 0; i < donStep; i++) await byTestId(host, 'step-next').click();
      for (const p of [donPhone, civPhone]) await until(async () => (await byTestId(p, 'night-step').getAttribute('data-step')) === String(donStep), 'the phone on the Don\'s step');
      await oracle.wait((s) => s.timer?.step === donStep, 'the host step logged');
      await sleep(300);
      const mark = () => [seat.frames.length, tv.frames.length];

      // The Don's check: «Отправляем…», then «Принято».
      const beforeAct = mark();
      const donLabels = await tapAndWait(donPhone, target);
      expect(donLabels[0]).toBe('Отправляем…');
      expect(await byTestId(donPhone, 'act-submit').textContent()).toBe('Принято');
      await sleep(500);
      const forAct = [seat.frames.slice(beforeAct[0]), tv.frames.slice(beforeAct[1])];

      // The civilian's decoy: the same words at the same moments, and it is recorded.
      const beforeDecoy = mark();
      const civLabels = await tapAndWait(civPhone, target);
      expect(civLabels[0]).toBe('Отправляем…');
      expect(await byTestId(civPhone, 'act-submit').textContent()).toBe('Принято');
      expect(civLabels).not.toContain('Отмечено');
      expect(await civPhone.locator('body').textContent()).not.toContain('Отмечено');
      await sleep(500);
      const forDecoy = [seat.frames.slice(beforeDecoy[0]), tv.frames.slice(beforeDecoy[1])];

      // Frame for frame: the bystander seat and the TV got the same for the act as for the decoy — nothing.
      expect(forDecoy).toEqual(forAct);
      expect(forAct).toEqual([[], []]);

      // The host's console lists the Don's act under his step, and nothing for the decoy.
      const listed = byTestId(host, `recorded-step-${donStep}`);
      await until(async () => (await listed.getAttribute('data-count')) === '1', 'the Don\'s act listed on the console');
      await sleep(500);
      expect(await listed.getAttribute('data-count')).toBe('1');
      expect(await listed.textContent()).not.toContain(`№ ${civilian} `);
      // The host's own connection was never told of the tap; the log has it, for the civilian alone.
      expect(oracle.state.log.some((i) => (i.kind as string) === 'tap')).toBe(false);
      seat.close();
      tv.close();
    } finally {
      oracle.client.close();
    }
  }, 120_000);
});
