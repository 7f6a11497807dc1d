/**
 * The web app's pages (http/pages.ts): a path that is not a file gets index.html, whatever its bytes;
 * files go out precompressed when the browser accepts it, hashed assets cached for good, the rest revalidated.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerPages } from '../src/http/pages.js';

const root = mkdtempSync(join(tmpdir(), 'mafia-pages-'));
mkdirSync(join(root, 'assets'));
const INDEX = `<!doctype html><title>app</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>${' '.repeat(200)}`;
const SCRIPT = `export const text = ${JSON.stringify('Ведущий объявляет ночь. '.repeat(400))};\n`;
const FILES: Record<string, string> = {
  'index.html': INDEX,
  'assets/index-Ab12Cd34.js': SCRIPT,
  'assets/index-Ef56Gh78.css': `body { color: #ecebf2; }\n`.repeat(50),
  'sw.js': `self.addEventListener('fetch', () => {});\n`.repeat(20),
  'manifest.webmanifest': JSON.stringify({ name: 'Mafia Host', description: 'x'.repeat(300) }),
};
// What the web build writes (apps/web/scripts/precompress.mjs): a .br and a .gz beside each text file.
for (const [name, text] of Object.entries(FILES)) {
  writeFileSync(join(root, name), text);
  writeFileSync(join(root, `${name}.br`), brotliCompressSync(Buffer.from(text)));
  writeFileSync(join(root, `${name}.gz`), gzipSync(Buffer.from(text)));
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function pages() {
  const app = Fastify();
  registerPages(app, root);
  await app.ready();
  return app;
}

const decode: Record<string, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b) => b };

describe('pages', () => {
  it('a_path_whose_escapes_do_not_decode_gets_the_app_not_a_server_error', async () => {
    const app = await pages();
    // `%25E0%25A4` reaches the route as `%E0%A4`, which decodeURIComponent cannot decode (found by npm run audit's fuzz).
    for (const url of ['/%25E0%25A4', '/a%25zz', '/r/%25']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body).toContain('<title>app</title>');
    }
    await app.close();
  });

  it('every_file_goes_out_as_brotli_gzip_or_plain_as_asked_and_decodes_to_its_own_bytes', async () => {
    const app = await pages();
    const cases: [string, string][] = [['/', 'index.html'], ['/r/ABCD/play', 'index.html'], ...Object.keys(FILES).map((f): [string, string] => [`/${f}`, f])];
    for (const [url, file] of cases) {
      for (const [accept, encoding] of [['br, gzip, deflate', 'br'], ['gzip, deflate', 'gzip'], ['', 'identity']] as const) {
        const r = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        const what = `${url} with Accept-Encoding "${accept}"`;
        expect(r.statusCode, what).toBe(200);
        expect(r.headers['content-encoding'], what).toBe(encoding === 'identity' ? undefined : encoding);
        expect(String(r.headers.vary), what).toMatch(/accept-encoding/i);
        expect(decode[encoding]!(r.rawPayload).equals(readFileSync(join(root, file))), what).toBe(true);
        if (encoding !== 'identity') expect(r.rawPayload.length, what).toBeLessThan(readFileSync(join(root, file)).length);
      }
    }
    const js = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const html = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    await app.close();
  });

  it('hashed_assets_are_cached_for_a_year_as_immutable_and_the_page_worker_and_manifest_are_revalidated', async () => {
    const app = await pages();
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css']) {
      const r = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(r.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/r/ABCD', '/sw.js', '/manifest.webmanifest']) {
      const r = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers.etag, url).toBeTruthy();
    }
    await app.close();
  });

  it('a_missing_hashed_asset_is_a_404_not_the_page_under_a_script_name', async () => {
    const app = await pages();
    const r = await app.inject({ method: 'GET', url: '/assets/index-OldBuild1.js', headers: { 'accept-encoding': 'br' } });
    expect(r.statusCode).toBe(404);
    expect(r.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    expect(r.body).not.toContain('<title>app</title>');
    await app.close();
  });
});
