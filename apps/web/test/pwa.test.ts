import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error pngjs 5 has no types (the icon script's rasteriser)
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../src/pwa';
// @ts-expect-error a plain ES module script (no types)
import { png, svg } from '../scripts/icons.mjs';

const web = join(__dirname, '..');
const read = (p: string) => readFileSync(join(web, p));

describe('PWA: manifest and icons', () => {
  const manifest = JSON.parse(read('public/manifest.webmanifest').toString('utf8'));

  it('names the app, opens standalone, in the dark theme colour', () => {
    expect(manifest.name).toBe('Mafia Host');
    expect(manifest.short_name).toMatch(/\S/);
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    const bg = /--bg:\s*(#[0-9a-f]{6})/i.exec(read('src/ui/theme.css').toString('utf8'))![1];
    expect(manifest.theme_color).toBe(bg);
    expect(manifest.background_color).toBe(bg);
    expect(read('index.html').toString('utf8')).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(read('index.html').toString('utf8')).toContain(`<meta name="theme-color" content="${bg}" />`);
  });

  it('has 192 and 512 PNG icons of those sizes, drawn from the same shapes as icon.svg', () => {
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i: { sizes: string; type: string }) => i.sizes === `${size}x${size}` && i.type === 'image/png');
      expect(icon, `${size}`).toBeTruthy();
      const img = PNG.sync.read(read(`public${icon.src}`));
      expect([img.width, img.height]).toEqual([size, size]);
    }
    expect(read('public/icon.svg').toString('utf8')).toBe(svg());
    const committed = PNG.sync.read(read('public/icon-192.png'));
    const fresh = PNG.sync.read(png(192));
    expect(Buffer.compare(committed.data, fresh.data)).toBe(0);
  });
});

/** Runs public/sw.js in a fake worker scope and returns its listeners. */
function loadWorker() {
  const listeners: Record<string, (e: any) => void> = {};
  const cache = { addAll: vi.fn(async () => {}), put: vi.fn(async () => {}) };
  const caches = { open: vi.fn(async () => cache), keys: vi.fn(async () => ['mafia-shell-v0', 'mafia-shell-v1']), delete: vi.fn(async () => true), match: vi.fn(async () => undefined) };
  const self = {
    location: { origin: 'https://mafia.example' },
    addEventListener: (type: string, f: (e: any) => void) => (listeners[type] = f),
    skipWaiting: vi.fn(async () => {}),
    clients: { claim: vi.fn(async () => {}) },
  };
  const fetchFn = vi.fn(async () => new Response('ok'));
  new Function('self', 'caches', 'fetch', read('public/sw.js').toString('utf8'))(self, caches, fetchFn);
  return { listeners, cache, caches, self, fetchFn };
}

function fetchEvent(url: string, init: { method?: string; mode?: string } = {}) {
  return { request: { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors' }, respondWith: vi.fn() };
}

describe('PWA: the service worker', () => {
  it('caches the app shell on install and drops old caches on activate', async () => {
    const w = loadWorker();
    const waits: Promise<unknown>[] = [];
    w.listeners.install!({ waitUntil: (p: Promise<unknown>) => waits.push(p) });
    w.listeners.activate!({ waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(w.cache.addAll).toHaveBeenCalledWith(['/', '/manifest.webmanifest', '/icon.svg', '/icon-192.png', '/icon-512.png']);
    expect(w.caches.delete).toHaveBeenCalledWith('mafia-shell-v0');
    expect(w.caches.delete).not.toHaveBeenCalledWith('mafia-shell-v1');
  });

  it('never answers /api or /ws, other origins or non-GET requests', () => {
    const w = loadWorker();
    for (const e of [
      fetchEvent('https://mafia.example/api/rooms/ABCDEF'),
      fetchEvent('https://mafia.example/api/health'),
      fetchEvent('https://mafia.example/ws'),
      fetchEvent('https://mafia.example/api/rooms', { method: 'POST' }),
      fetchEvent('https://elsewhere.example/assets/a.js'),
    ]) {
      w.listeners.fetch!(e);
      expect(e.respondWith, e.request.url).not.toHaveBeenCalled();
    }
  });

  it('answers pages (network first) and built assets (cache first)', () => {
    const w = loadWorker();
    const page = fetchEvent('https://mafia.example/r/ABCDEF/play', { mode: 'navigate' });
    const asset = fetchEvent('https://mafia.example/assets/index-abc.js');
    w.listeners.fetch!(page);
    w.listeners.fetch!(asset);
    expect(page.respondWith).toHaveBeenCalledOnce();
    expect(asset.respondWith).toHaveBeenCalledOnce();
  });
});

describe('PWA: registration', () => {
  const env = (prod: boolean) => {
    let onLoad: (() => void) | null = null;
    const register = vi.fn(async () => ({}));
    return {
      env: { prod, navigator: { serviceWorker: { register } }, window: { addEventListener: (_: 'load', f: () => void) => (onLoad = f) } },
      register,
      load: () => onLoad?.(),
    };
  };

  it('registers /sw.js after the load event in production builds', () => {
    const e = env(true);
    expect(registerServiceWorker(e.env)).toBe(true);
    expect(e.register).not.toHaveBeenCalled();
    e.load();
    expect(e.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does not register in development, nor without service workers', () => {
    const dev = env(false);
    expect(registerServiceWorker(dev.env)).toBe(false);
    dev.load();
    expect(dev.register).not.toHaveBeenCalled();
    expect(registerServiceWorker({ prod: true, navigator: {}, window: dev.env.window })).toBe(false);
  });
});
