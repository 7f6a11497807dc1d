/** The web app's pages (http/pages.ts): a path that is not a file gets index.html, whatever its bytes. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerPages } from '../src/http/pages.js';

const root = mkdtempSync(join(tmpdir(), 'mafia-pages-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('pages', () => {
  it('a_path_whose_escapes_do_not_decode_gets_the_app_not_a_server_error', async () => {
    const app = Fastify();
    registerPages(app, root);
    // `%25E0%25A4` reaches the route as `%E0%A4`, which decodeURIComponent cannot decode (found by npm run audit's fuzz).
    for (const url of ['/%25E0%25A4', '/a%25zz', '/r/%25']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body).toContain('<title>app</title>');
    }
    await app.close();
  });
});
