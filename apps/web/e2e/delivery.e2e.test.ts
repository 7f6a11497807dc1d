/**
 * Issue 23 point 7: the first page's budget. What the browser really receives for `/` (the HTML,
 * its scripts, styles, the home screen's chunk and the language's texts: every response of the page
 * but the live /api), compressed as the server sends it, must stay under 150 kB, in Russian and in
 * English, with brotli (what Chromium asks for) and with gzip only (what a browser on plain http
 * may ask for). The server must really compress: each script and style says its encoding. The
 * budget counts the files' bytes as sent (the response bodies); the headers are printed beside them.
 */
import { describe, expect, it } from 'vitest';
import { PHONE, serverAndBrowser } from './harness';

export const FIRST_PAGE_BUDGET_BYTES = 150 * 1000;

const env = serverAndBrowser();

interface Received { readonly url: string; readonly bytes: number; readonly headerBytes: number; readonly encoding: string | undefined }

async function firstPage(locale: string, acceptEncoding: string | null): Promise<Received[]> {
  const ctx = await env.browser.newContext({
    baseURL: env.server.base, viewport: { ...PHONE }, locale, serviceWorkers: 'block',
    ...(acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {}),
  });
  const page = await ctx.newPage();
  const pending: Promise<Received | null>[] = [];
  page.on('requestfinished', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/ws')) return;
    pending.push((async () => {
      const res = await req.response();
      if (!res) return null;
      const sizes = await req.sizes();
      return { url: path, bytes: sizes.responseBodySize, headerBytes: sizes.responseHeadersSize, encoding: (await res.allHeaders())['content-encoding'] };
    })());
  });
  await page.goto('/');
  await page.getByRole('button', { name: locale.startsWith('ru') ? 'Создать игру' : 'Create a game' }).waitFor();
  await page.waitForLoadState('networkidle');
  const got = (await Promise.all(pending)).filter((r): r is Received => r !== null);
  await ctx.close();
  return got;
}

describe('the first page within its budget (real browser, real server, real build)', () => {
  for (const locale of ['ru-RU', 'en-US']) {
    for (const [how, accept, encoding] of [['as Chromium asks (brotli)', null, 'br'], ['gzip only', 'gzip, deflate', 'gzip']] as const) {
      it(`first_page_under_150_kB_compressed: ${locale}, ${how}`, async () => {
        const got = await firstPage(locale, accept);
        const total = got.reduce((s, r) => s + r.bytes, 0);
        const headers = got.reduce((s, r) => s + r.headerBytes, 0);
        const report = got.map((r) => `${r.url} ${r.bytes} B ${r.encoding ?? 'identity'}`).join('\n');
        console.log(`first page, ${locale}, ${how}: ${total} B in ${got.length} files (+ ${headers} B of headers)\n${report}`);
        const code = got.filter((r) => /\.(js|css)$/.test(r.url) || r.url === '/');
        expect(code.length, report).toBeGreaterThanOrEqual(3);
        for (const r of code) expect(r.encoding, `${r.url} is sent compressed\n${report}`).toBe(encoding);
        expect(total, `the first page weighs ${total} B over the wire:\n${report}`).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
      });
    }
  }
});
