/** Steps a person takes through the screens, shared by the e2e tests (data-testid contract of docs/web.md). */
import type { GameView } from '@mafia/engine';
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { byTestId, Fatal, newDevice, until, type RunningServer, type Shots } from './harness';
import { expectAccessible } from './axe';
import { Oracle } from './oracle';
import { jsonField } from './json';
import { parseServerFrame } from '@mafia/protocol';

/** The ten players' names the game tests seat. */
export const NAMES = ['Анна', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жанна', 'Зоя', 'Игорь', 'Кира'] as const;

const SPEECH_OPTIONS: Record<string, string> = { speech: 'option-speechSeconds', defence: 'option-defenceSeconds', lastWords: 'option-lastWordSeconds' };

export interface CreateChoice {
  readonly preset?: string;
  /** Who hosts: a human host (the default), the app, or online. */
  readonly mode?: 'human' | 'app' | 'online';
}

/**
 * On /new: a room for `seats` players (classic with a human host unless `choice` says otherwise);
 * resolves with its code once created. Step lengths (`timers`, seconds) go where the form has them.
 */
export async function createThroughUI(page: Page, seats: number, shots?: Shots, timers: Record<string, number> = {}, choice: CreateChoice = {}): Promise<string> {
  const preset = byTestId(page, 'preset-select');
  await preset.waitFor();
  if (shots) await shots.both(page, 'create', '1-open');
  const id = choice.preset ?? 'classic';
  if ((await preset.evaluate((e) => e.tagName)) === 'SELECT') await preset.selectOption(id);
  else await preset.locator(`[data-value="${id}"], [value="${id}"]`).first().click();
  await byTestId(page, 'seats-input').fill(String(seats));
  await byTestId(page, `mode-${choice.mode ?? 'human'}`).click();
  // Step lengths (timer-nightStep, …) where the form has them.
  for (const [k, v] of Object.entries(timers)) {
    // The speech lengths are the preset's options (speechSeconds …), the night step and the vote timers.
    const input = byTestId(page, SPEECH_OPTIONS[k] ?? `timer-${k}`);
    if ((await input.count()) === 0) continue;
    // Behind a closed <details> ("Timers"): open it.
    await input.evaluate((e) => {
      for (let d = e.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    });
    await input.fill(String(v));
  }
  if (shots) await shots.both(page, 'create', '2-filled');
  await expectAccessible(page, 'create');
  await byTestId(page, 'create-submit').click();
  // Created: the app goes to the room (its lobby, the host console or the table screen of the new room).
  await page.waitForURL(/\/r\/[A-Z0-9]{6}(\/host|\/table)?$/);
  return /\/r\/([A-Z0-9]{6})/.exec(page.url())![1]!;
}

/**
 * In the lobby (/r/CODE): type a name, pick the seat, claim it; then the player's screen. Resolves
 * when this browser holds the seat's token.
 */
export async function claimInLobby(page: Page, code: string, seat: number, name: string): Promise<void> {
  if (!new RegExp(`/r/${code}$`).test(page.url())) await page.goto(`/r/${code}`);
  // Pick the seat, then the name (the form may open only for a picked seat), then claim.
  const btn = byTestId(page, `seat-${seat}`);
  await until(() => btn.isEnabled(), `seat-${seat} free to pick in the lobby`, 10_000);
  await btn.click();
  await until(async () => (await btn.getAttribute('aria-pressed')) === 'true', `seat-${seat} selected (aria-pressed) in the lobby`, 5_000);
  await byTestId(page, 'claim-name').fill(name);
  const submit = byTestId(page, 'claim-submit');
  await until(() => submit.isEnabled(), 'claim-submit enabled', 5_000);
  await submit.click();
  await until(
    () => page.evaluate((c) => localStorage.getItem(`mafia.seat.${c}`), code).then((v) => (v !== null && jsonField(v, 'seat') === seat) || undefined),
    `seat ${seat}'s token in localStorage after claim-submit`,
  );
  if (!/\/play$/.test(page.url())) {
    // The lobby may keep the player there until the start; the player's screen is /r/CODE/play.
    await page.waitForURL(/\/play$/, { timeout: 3_000 }).catch(() => page.goto(`/r/${code}/play`));
  }
}

/**
 * Opens the collapsible section `id` (a <details>, as the room controls' «Боты») and waits until its
 * content shows: clicked again while it is closed (a re-render may have closed it under load).
 */
export async function openSection(page: Page, id: string, content: string): Promise<void> {
  const box = byTestId(page, id);
  await box.waitFor();
  await until(async () => {
    if ((await box.getAttribute('open')) === null) await box.locator('summary').click();
    return byTestId(page, content).isVisible();
  }, `the section ${id} open, ${content} visible`, 10_000, 300);
}

/** Clicks seat-{n} so that it is selected (aria-pressed) on a page with one SeatGrid of choices. */
export async function selectSeat(page: Page, n: number): Promise<void> {
  const btn = byTestId(page, `seat-${n}`).first();
  await btn.waitFor();
  if ((await btn.getAttribute('aria-pressed')) !== 'true') await btn.click();
  await until(async () => (await btn.getAttribute('aria-pressed')) === 'true', `seat-${n} selected`, 3_000).catch(() => undefined);
}

/**
 * Press and hold the role card: returns the data-role shown while held, the card's text (`desc`),
 * and whether the role name disappeared after release. Mouse (pointer events) first; touch (CDP) if
 * the card wants touches.
 */
export async function peekRole(page: Page, shots?: { shots: Shots; screen: string; step: string }): Promise<{ role: string | null; desc: string | null; hiddenAfter: boolean }> {
  const card = byTestId(page, 'role-card');
  await card.waitFor();
  await card.scrollIntoViewIfNeeded();
  const box = (await card.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const name = byTestId(page, 'role-name');
  const shown = async () => (await name.count()) > 0 && (await name.first().isVisible());
  await page.mouse.move(x, y);
  await page.mouse.down();
  let how: 'mouse' | 'touch' = 'mouse';
  let ok = await until(shown, 'role-name while held (mouse)', 2_000).then(() => true, () => false);
  if (!ok) {
    await page.mouse.up();
    how = 'touch';
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    ok = await until(shown, 'role-name while held (touch)', 2_000).then(() => true, () => false);
    const role = ok ? await name.first().getAttribute('data-role') : null;
    const desc = ok ? await byTestId(page, 'role-desc').first().textContent() : null;
    if (ok && shots) await shots.shots.phone(page, shots.screen, shots.step);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    const hiddenAfter = await until(async () => !(await shown()), 'role-name hidden after release', 3_000).then(() => true, () => false);
    return { role, desc, hiddenAfter };
  }
  const role = await name.first().getAttribute('data-role');
  const desc = await byTestId(page, 'role-desc').first().textContent();
  if (shots) await shots.shots.phone(page, shots.screen, `${shots.step}-${how}`);
  await page.mouse.up();
  const hiddenAfter = await until(async () => !(await shown()), 'role-name hidden after release', 3_000).then(() => true, () => false);
  return { role, desc, hiddenAfter };
}

/**
 * Waits until the phone calls the night step `want` (its `night-step` data-step, paced by the clock
 * alike on every phone, R-NIGHT-4); fails at once if the phone has already gone past it.
 */
export async function awaitNightStep(page: Page, want: number, who: string, ms: number): Promise<void> {
  const night = byTestId(page, 'night-step').first();
  await until(
    async () => {
      const at = Number(await night.getAttribute('data-step'));
      if (at > want) throw new Fatal(`${who} missed his step ${want}: the phone is at step ${at}`);
      return at === want;
    },
    `${who}: night-step data-step="${want}"`,
    ms,
    200,
  );
}

/** Claims `seat` over the wire (as a phone's lobby would) and answers its token. */
export async function claimOverWire(wsUrl: string, code: string, seat: number): Promise<string> {
  const ws = new WebSocket(wsUrl);
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  const token = await new Promise<string>((ok, fail) => {
    ws.on('message', (d) => {
      const parsed = parseServerFrame(String(d));
      if (!parsed.ok) return fail(new Error(`a frame off the protocol: ${parsed.error}`));
      const m = parsed.message;
      if (m.type === 'welcome' && m.token) ok(m.token);
      if (m.type === 'error') fail(new Error(m.message));
    });
    ws.send(JSON.stringify({ v: 1, type: 'claim', room: code, seat, name: `Игрок ${seat}` }));
  });
  ws.close();
  return token;
}

/** A ten-seat room with a human host on night 1: the host's page (on his console), every seat's token, the host's oracle. */
export interface HostedNight {
  readonly host: Page;
  readonly code: string;
  readonly hostKey: string;
  /** Seat n's token at n − 1. */
  readonly tokens: readonly string[];
  /** Connected as the host; the caller closes it (`oracle.client.close()`). */
  readonly oracle: Oracle;
  /** The host's view at the start of night 1. */
  readonly view: GameView;
}

/**
 * Creates a ten-seat room of `preset` through the UI (night step `nightStep` seconds), claims every
 * seat over the wire, starts the game from the host's lobby and opens his console on night 1.
 */
export async function hostedNightOne(env: { readonly server: RunningServer; readonly browser: Browser }, preset: string, nightStep: number): Promise<HostedNight> {
  const { server } = env;
  const host = await (await newDevice(env.browser, server.base, 'ru-RU')).newPage();
  await host.goto('/new');
  const code = await createThroughUI(host, 10, undefined, { nightStep }, { preset });
  const hostKey = await host.evaluate((c) => localStorage.getItem(`mafia.host.${c}`), code);
  if (!hostKey) throw new Error(`no host key stored for room ${code}`);
  const tokens: string[] = [];
  for (let seat = 1; seat <= 10; seat++) tokens.push(await claimOverWire(server.wsUrl, code, seat));
  const oracle = new Oracle(server.wsUrl, code, { as: 'host', key: hostKey });
  try {
    await oracle.wait((s) => s.lobby?.claimed.every((c) => c !== null) === true, 'every seat claimed');
    if (!new RegExp(`/r/${code}$`).test(host.url())) await host.goto(`/r/${code}`);
    await byTestId(host, 'host-start').click();
    const view = (await oracle.wait((s) => s.view?.phase.kind === 'night', 'night 1')).view!;
    await host.goto(`/r/${code}/host`);
    return { host, code, hostKey, tokens, oracle, view };
  } catch (e) {
    oracle.client.close();
    throw e;
  }
}
