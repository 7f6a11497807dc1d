/**
 * E2E: a free seat of a started game (issue 12, point 1). The host starts a human-hosted room with
 * seats still free; his console lists the free seats with their codes; a latecomer's phone picks
 * seat 10 in the lobby, is asked for the code, types the one read from the host's screen and gets
 * the seat. The same seat with a wrong code is refused in Russian.
 */
import { describe, expect, it } from 'vitest';
import { byTestId, serverAndBrowser, newDevice, until } from './harness';
import { jsonField } from './json';

const env = serverAndBrowser();

describe('a free seat after the start (real browser, real server)', () => {
  it('claims_a_free_seat_of_a_started_game_with_the_code_read_from_the_host_screen', async () => {
    const r = await fetch(`${env.server.base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'classic', seats: 10, mode: 'human' }) });
    const created = (await r.json()) as { code: string; hostKey: string };

    // The host's device: the host key kept as the create page keeps it, start from the lobby.
    const hostCtx = await newDevice(env.browser, env.server.base, 'ru-RU');
    const host = await hostCtx.newPage();
    await host.goto('/');
    await host.evaluate(([c, k]) => localStorage.setItem(`mafia.host.${c}`, k!), [created.code, created.hostKey]);
    await host.goto(`/r/${created.code}`);
    const start = byTestId(host, 'host-start');
    await until(() => start.isEnabled(), 'host-start enabled', 10_000);
    await start.click();
    await host.waitForURL(/\/host$/);
    const panel = byTestId(host, 'seat-codes');
    await panel.waitFor();
    await panel.locator('summary').click();
    const row = byTestId(host, 'seat-code-10');
    await row.waitFor({ state: 'visible' });
    const code = (await row.locator('.seat-code').textContent())!.trim();
    expect(code).toMatch(/^[0-9]{6}$/);

    // The latecomer's phone: seat 10, a name, the code.
    const phoneCtx = await newDevice(env.browser, env.server.base, 'ru-RU');
    const phone = await phoneCtx.newPage();
    await phone.goto(`/r/${created.code}`);
    const seat = byTestId(phone, 'seat-10');
    await until(() => seat.isEnabled(), 'seat-10 free to pick', 10_000);
    await seat.click();
    await byTestId(phone, 'claim-name').fill('Лена');
    const submit = byTestId(phone, 'claim-submit');
    expect(await submit.isEnabled(), 'no claim without the seat code').toBe(false);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await byTestId(phone, 'claim-seat-code').fill(wrong);
    await submit.click();
    await until(async () => ((await byTestId(phone, 'lobby-error').textContent().catch(() => '')) ?? '').includes('Неверный код места') || undefined, 'the wrong code refused in Russian');
    await byTestId(phone, 'claim-seat-code').fill(code);
    await submit.click();
    await until(
      () => phone.evaluate((c) => localStorage.getItem(`mafia.seat.${c}`), created.code).then((v) => (v !== null && jsonField(v, 'seat') === 10) || undefined),
      "seat 10's token in localStorage",
    );
    const lobby = (await (await fetch(`${env.server.base}/api/rooms/${created.code}`)).json()) as { claimed: (string | null)[] };
    expect(lobby.claimed[9]).toBe('Лена');
    // The host's screen drops the seat's code once it is taken.
    await until(async () => (await byTestId(host, 'seat-code-10').count()) === 0 || undefined, "seat 10's code gone from the host's screen");
    await Promise.all([hostCtx.close(), phoneCtx.close()]);
  });
});
