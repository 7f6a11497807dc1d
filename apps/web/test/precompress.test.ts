import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script (no types)
import { precompress } from '../scripts/precompress.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mafia-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress: the build writes .br and .gz beside its text files', () => {
  it('compresses html, js, css, svg, json and the manifest to bytes that decode to the file, and leaves images and maps alone', () => {
    mkdirSync(join(dir, 'assets'));
    const text = 'Ведущий: город засыпает. '.repeat(100);
    const texts = ['index.html', 'assets/a-1.js', 'assets/a-1.css', 'icon.svg', 'x.json', 'manifest.webmanifest'];
    for (const f of texts) writeFileSync(join(dir, f), text);
    writeFileSync(join(dir, 'icon-192.png'), text);
    writeFileSync(join(dir, 'assets/a-1.js.map'), text);
    writeFileSync(join(dir, 'tiny.js'), 'x');
    precompress(dir);
    for (const f of texts) {
      const raw = readFileSync(join(dir, f));
      expect(brotliDecompressSync(readFileSync(join(dir, `${f}.br`))).equals(raw), f).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${f}.gz`))).equals(raw), f).toBe(true);
    }
    for (const f of ['icon-192.png', 'assets/a-1.js.map']) expect(existsSync(join(dir, `${f}.br`)) || existsSync(join(dir, `${f}.gz`)), f).toBe(false);
    // A copy no smaller than the file is not written: the server then sends the file itself.
    expect(existsSync(join(dir, 'tiny.js.gz'))).toBe(false);
  });
});
