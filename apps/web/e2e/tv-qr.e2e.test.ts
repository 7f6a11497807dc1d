/**
 * E2E (issue 23, point 2): the TV of an app-hosted room, opened on the laptop itself as
 * http://127.0.0.1:PORT or http://localhost:PORT, draws a QR code that phones can open: the address
 * GET /api/info gives (here the LAN address the test server is told with LAN_ADDRESS, a TEST-NET-1
 * address, so the test does not depend on this machine's network), never the loopback one. The QR
 * code is read from the screen's pixels and decoded with jsQR.
 */
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createThroughUI } from './flows';
import { byTestId, newDevice, serverAndBrowser } from './harness';

/** TEST-NET-1 (RFC 5737): an address no machine of the test has. */
const LAN = '192.0.2.77';
const env = serverAndBrowser(() => ({ LAN_ADDRESS: LAN }));

/** The text of the QR code the page shows: its screenshot's pixels (via a canvas) decoded by jsQR. */
async function readQr(page: Page): Promise<string> {
  const qr = byTestId(page, 'qr');
  await qr.locator('svg').waitFor();
  const png = (await qr.screenshot()).toString('base64');
  const { width, height, data } = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    return { width: c.width, height: c.height, data: Array.from(g.getImageData(0, 0, c.width, c.height).data) };
  }, png);
  const code = jsQR(Uint8ClampedArray.from(data), width, height);
  if (!code) throw new Error(`no QR code could be read in the ${width}×${height} screenshot of the table screen`);
  return code.data;
}

describe('the TV on the laptop (issue 23, point 2)', () => {
  it('draws_a_qr_code_of_the_api_info_address_on_127_0_0_1_and_on_localhost', async () => {
    const info = (await (await fetch(`${env.server.base}/api/info`)).json()) as { url: string; source: string };
    expect(info).toEqual({ url: `http://${LAN}:${env.server.port}`, source: 'lan' });

    // The organiser creates an app-hosted room on the laptop: the app goes to the room's table screen.
    const tv = await newDevice(env.browser, env.server.base);
    const page = await tv.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/new');
    const code = await createThroughUI(page, 10, undefined, {}, { mode: 'app' });
    expect(page.url()).toBe(`${env.server.base}/r/${code}/table`);
    const want = `${info.url}/r/${code}`;
    expect(await readQr(page)).toBe(want);
    expect(await byTestId(page, 'table-link').textContent()).toBe(want);

    // The same table screen opened as http://localhost:PORT (a second browser window on the TV).
    const local = await newDevice(env.browser, `http://localhost:${env.server.port}`);
    const other = await local.newPage();
    await other.setViewportSize({ width: 1280, height: 800 });
    await other.goto(`/r/${code}/table`);
    expect(await readQr(other)).toBe(want);
    expect(await byTestId(other, 'table-link').textContent()).toBe(want);
    for (const p of [page, other]) expect(await p.locator('body').textContent()).not.toMatch(/127\.0\.0\.1|localhost/);
    await tv.close();
    await local.close();
  }, 120_000);
});
