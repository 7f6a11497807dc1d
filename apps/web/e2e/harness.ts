/**
 * End-to-end harness: the real game server (`node apps/server/dist/main.js`, serving the web build
 * apps/web/dist) on a free port and a temp SQLite database, Debian's Chromium driven by
 * playwright-core, one browser context per device, screenshots at phone and desktop size, and the
 * hidden-information (DOM leak) checker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { jsonField } from './json';
// The page's window globals this file evaluates (its types only; the web unit tests compile this file too).
import './pageGlobals';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(here, '../../..');
export const ARTIFACTS = join(here, 'artifacts');

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

/** Where Chromium is: CHROMIUM_PATH, else Debian's /usr/bin/chromium (.ci/run installs it). */
export function chromiumPath(): string {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(p)) throw new Error(`Chromium not found at ${p}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return p;
}

/**
 * Chromium's own fake camera and microphone (a test pattern and a beep), granted without asking,
 * sound played without a tap, and host ICE candidates under their addresses (not mDNS names, which
 * a container cannot resolve): voice and video between the pages of one browser (online-talk.e2e).
 */
export const FAKE_MEDIA_ARGS: readonly string[] = [
  // Five frames a second (Chromium's default is 30): four phones encoding video to each other on
  // two cores shared with the other test files starved every page (a 10 s click timed out in CI).
  '--use-fake-device-for-media-stream=fps=5', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Root in CI has no user namespace sandbox; /dev/shm is small in containers.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--mute-audio', ...extraArgs],
  });
}

/** A phone-sized device (390×844, touch) speaking `locale` (ru-RU: the clubs' language). */
export async function newDevice(browser: Browser, base: string, locale = 'ru-RU'): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: base, viewport: { ...PHONE }, deviceScaleFactor: 1, hasTouch: true, locale });
  ctx.setDefaultTimeout(10_000);
  await ctx.addInitScript(WS_TAP);
  return ctx;
}

/**
 * Test instrumentation, not app code: wraps the page's WebSocket to note the `seq` of the last
 * welcome/update it received (window.__e2e.seq), so the test can wait until a screen has caught up
 * with the server before tapping (a tap on a stale screen would send a stale command).
 */
const WS_TAP = `(() => {
  const W = window.WebSocket;
  const tap = { seq: -1, messages: 0, seat: null, secrets: [] };
  Object.defineProperty(window, '__e2e', { value: tap });
  class Tapped extends W {
    constructor(url, protocols) {
      super(url, protocols);
      // Who this socket is (its welcome says): a page may hold two (a player who is also the room's admin).
      let as = null, seat = null;
      this.addEventListener('message', (e) => {
        try {
          const m = JSON.parse(e.data);
          if (m && (m.type === 'welcome' || m.type === 'update') && typeof m.seq === 'number') { tap.seq = m.seq; tap.messages++; }
          if (m && m.type === 'welcome') {
            as = m.you ? m.you.as : null;
            seat = m.you && m.you.as === 'seat' ? m.you.seat : null;
            if (as === 'seat') tap.seat = seat;
          }
          // What a seat, a spectator or a room admin was sent about other seats while the game is on:
          // alive seats' roles (for the test to judge). The host's socket is not counted: he sees all.
          const v = m && m.view;
          if (as !== null && as !== 'host' && v && v.phase && v.phase.kind !== 'ended' && Array.isArray(v.seats)) {
            for (const x of v.seats) if (x.seat !== seat && x.alive && x.role !== undefined) tap.secrets.push(x.seat + ':' + x.role);
          }
        } catch (_) {}
      });
    }
  }
  window.WebSocket = Tapped;
})();`;

/** Alive other seats' roles this page's sockets (seat, spectator or admin; not the host's) were sent during the game ("seat:role"). */
export async function sentSecrets(page: Page): Promise<string[]> {
  return page.evaluate(() => [...new Set(window.__e2e?.secrets ?? [])]);
}

/** The seq of the last welcome/update the page received (-1 before any). */
export async function pageSeq(page: Page): Promise<number> {
  return page.evaluate(() => window.__e2e?.seq ?? -1);
}

// ---------------------------------------------------------------- the server

export interface RunningServer {
  readonly base: string;
  readonly wsUrl: string;
  readonly port: number;
  /** Everything the server printed (pino JSON lines), for failure messages. */
  readonly output: () => string;
  stop(): Promise<void>;
}

/**
 * The server's test clock (MAFIA_TEST_TIME_SCALE, apps/server/src/room/testClock.ts): every step
 * the server times (speech, vote, night step, card pause) lasts `scale` of its length, and every
 * screen counts down to that nearer deadline. For games that wait on their timers; the server
 * refuses it unless NODE_ENV=test, which this sets (Vitest's own process has it too).
 */
export const testClock = (scale: number): Readonly<Record<string, string>> => ({ NODE_ENV: 'test', MAFIA_TEST_TIME_SCALE: String(scale) });

/** Starts the built server on a free port with its own SQLite file; resolves when it listens. */
export async function startServer(extraEnv: Readonly<Record<string, string>> = {}): Promise<RunningServer> {
  const main = join(REPO, 'apps/server/dist/main.js');
  const web = join(REPO, 'apps/web/dist/index.html');
  if (!existsSync(main) || !existsSync(web)) throw new Error('build first (npm run build): apps/server/dist/main.js and apps/web/dist are needed');
  const dir = mkdtempSync(join(tmpdir(), 'mafia-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'mafia.sqlite')}`,
      WEB_ROOT: join(REPO, 'apps/web/dist'),
      LOG_LEVEL: 'info',
      // Every room of a run comes from 127.0.0.1: above a club's per-address room limits (docs/server.md).
      ROOMS_PER_ADDRESS_PER_HOUR: '10000',
      UNSTARTED_ROOMS_PER_ADDRESS: '10000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((ok, failed) => {
    // A server that did not start is not left running (an orphan once the test's worker exits).
    const fail = (e: Error) => {
      child.kill('SIGKILL');
      failed(e);
    };
    const timer = setTimeout(() => fail(new Error(`the server did not start in 20 s:\n${out}`)), 20_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      for (const line of out.split('\n')) {
        if (!line.includes('mafia server listening')) continue;
        try {
          const p = jsonField(line, 'port');
          if (typeof p === 'number') {
            clearTimeout(timer);
            ok(p);
            return;
          }
        } catch {
          /* a partial line */
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}) before listening:\n${out}`));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(t);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- screenshots

/**
 * Screenshots of a page at phone size (as it is) and at desktop size, into
 * apps/web/e2e/artifacts/<suite>/<screen>--<step>--phone.png and …--desktop.png.
 */
export class Shots {
  readonly dir: string;
  readonly taken: string[] = [];
  constructor(suite: string) {
    this.dir = join(ARTIFACTS, suite);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  async both(page: Page, screen: string, step: string): Promise<void> {
    await this.phone(page, screen, step);
    const before = page.viewportSize() ?? PHONE;
    await page.setViewportSize({ ...DESKTOP });
    await this.take(page, `${screen}--${step}--desktop`);
    await page.setViewportSize(before);
  }

  async phone(page: Page, screen: string, step: string): Promise<void> {
    await this.take(page, `${screen}--${step}--phone`);
  }

  /** At a given width (e.g. 360 px, the narrowest phone the club pages promise), then back to the page's own size. */
  async at(page: Page, screen: string, step: string, width: number): Promise<void> {
    const before = page.viewportSize() ?? PHONE;
    await page.setViewportSize({ width, height: before.height });
    await this.take(page, `${screen}--${step}--${width}`);
    await page.setViewportSize(before);
  }

  private async take(page: Page, name: string): Promise<void> {
    const file = join(this.dir, `${safe(name)}.png`);
    // A full-page screenshot of a busy page can take more than the device's 10 s on two loaded cores;
    // it is an artifact, not a tap racing a timer.
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 30_000 });
    this.taken.push(file);
  }
}

const safe = (s: string) => s.replace(/[^a-zA-Z0-9._-]+/g, '_');

// ---------------------------------------------------------------- page helpers

export const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

/** The phase element's data-phase / data-n, or null when the page has none. */
export async function phaseOf(page: Page): Promise<{ kind: string | null; n: string | null } | null> {
  const el = byTestId(page, 'phase').first();
  if ((await el.count()) === 0) return null;
  return { kind: await el.getAttribute('data-phase'), n: await el.getAttribute('data-n') };
}

// ---------------------------------------------------------------- touch targets

export interface SmallTarget {
  readonly testid: string | null;
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

/** Visible, enabled controls (buttons, links, inputs, selects) smaller than `min` px either way. */
export async function smallTargets(page: Page, min = 48): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const out: { testid: string | null; name: string; width: number; height: number }[] = [];
    for (const e of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, [role=button]')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (e as HTMLButtonElement).disabled) continue;
      const style = getComputedStyle(e);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A checkbox or radio inside a label: the label is the target.
      const target = (e as HTMLInputElement).type === 'checkbox' || (e as HTMLInputElement).type === 'radio' ? (e.closest('label') ?? e) : e;
      const t = target.getBoundingClientRect();
      if (t.width >= min && t.height >= min) continue;
      out.push({ testid: e.getAttribute('data-testid'), name: (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 60), width: Math.round(t.width), height: Math.round(t.height) });
    }
    return out;
  }, min);
}

/** Visible controls without an accessible name (no aria-label, aria-labelledby, text, title or label). */
export async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const e of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button]')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const byRef = (e.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join('');
      const labels = 'labels' in e ? [...((e as HTMLInputElement).labels ?? [])].map((l) => l.textContent ?? '').join('') : '';
      const text = e instanceof HTMLInputElement || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement ? '' : (e.textContent ?? '');
      const name = [e.getAttribute('aria-label') ?? '', byRef, labels, text, e.getAttribute('title') ?? '', e.getAttribute('placeholder') ?? ''].join('').trim();
      if (name === '') out.push(`${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[data-testid=${e.getAttribute('data-testid')}]` : ''}: ${e.outerHTML.slice(0, 100)}`);
    }
    return out;
  });
}

// ---------------------------------------------------------------- hidden information

type Names = Record<string, string>;
const locales = join(REPO, 'apps/web/src/locales');
function roleNames(lang: string): Names {
  const roles = jsonField(readFileSync(join(locales, lang, 'common.json'), 'utf8'), 'roles');
  if (typeof roles !== 'object' || roles === null) throw new Error(`${lang}/common.json has no roles`);
  return Object.fromEntries(Object.entries(roles).map(([id, name]) => [id, String(name)]));
}
/** Every role's name in every language, per role id. */
export const ROLE_NAMES: Record<string, string[]> = (() => {
  const out: Record<string, string[]> = {};
  for (const lang of ['en', 'ru']) for (const [id, name] of Object.entries(roleNames(lang))) (out[id] ??= []).push(name);
  return out;
})();

export interface DomSnapshot {
  readonly url: string;
  /** textContent of the whole body: hidden elements included. */
  readonly text: string;
  readonly dataRoles: string[];
  /** Every seat-{n} element: its text, aria-label and title. */
  readonly seats: { n: number; text: string }[];
  /** Text of every element of at most 160 characters (text, aria-label, title), for proximity checks. */
  readonly small: string[];
}

export async function snapshot(page: Page): Promise<DomSnapshot> {
  return page.evaluate(() => {
    const label = (e: Element) => [e.textContent ?? '', e.getAttribute('aria-label') ?? '', e.getAttribute('title') ?? '', e.getAttribute('alt') ?? ''].join(' ');
    const seats: { n: number; text: string }[] = [];
    for (const e of document.querySelectorAll('[data-testid^="seat-"]')) {
      const m = /^seat-(\d+)$/.exec(e.getAttribute('data-testid') ?? '');
      if (m) seats.push({ n: Number(m[1]), text: label(e) });
    }
    const small: string[] = [];
    for (const e of document.body.querySelectorAll('*')) {
      const s = label(e);
      if (s.trim().length > 0 && s.length <= 160) small.push(s);
    }
    return {
      url: location.href,
      text: document.body.textContent ?? '',
      dataRoles: [...document.querySelectorAll('[data-role]')].map((e) => e.getAttribute('data-role') ?? ''),
      seats,
      small,
    };
  });
}

export interface SeatFacts {
  readonly seat: number;
  readonly name: string;
  readonly role: string;
  readonly alive: boolean;
}

/**
 * What a seat's page may not show before the end: another seat's role. Returns the leaks found
 * (empty = none). `publicDead`: dead seats' cards are open (revealOnDeath). `knows`: seats whose
 * role this viewer may know besides his own (the mafia know each other).
 */
export function findLeaks(snap: DomSnapshot, me: SeatFacts, all: readonly SeatFacts[], opts: { publicDead: boolean; knows?: readonly number[] }): string[] {
  const leaks: string[] = [];
  const may = (s: SeatFacts) => s.seat === me.seat || (opts.publicDead && !s.alive) || (opts.knows ?? []).includes(s.seat);
  // 1. data-role (the role card while held) names this seat's own role only.
  for (const r of snap.dataRoles) if (r !== me.role) leaks.push(`data-role="${r}" on the page of seat ${me.seat} (${me.role})`);
  // 2. No seat button of a seat he may not know carries any role name.
  const allNames = Object.entries(ROLE_NAMES);
  for (const s of snap.seats) {
    const facts = all.find((f) => f.seat === s.n);
    if (!facts || may(facts)) continue;
    for (const [id, names] of allNames) for (const nm of names) if (mentions(s.text, nm)) leaks.push(`seat-${s.n} shows "${nm}" (${id}) to seat ${me.seat}: ${s.text.trim().slice(0, 120)}`);
  }
  // 3. No small element names another (unknown) player together with his real role.
  for (const other of all) {
    if (may(other)) continue;
    for (const nm of ROLE_NAMES[other.role] ?? []) {
      for (const raw of snap.small) {
        const t = raw.replaceAll('Mafia Host', '');
        if (t.includes(other.name) && mentions(t, nm)) leaks.push(`"${other.name}" next to "${nm}" (seat ${other.seat} is ${other.role}) on seat ${me.seat}'s page: ${t.trim().slice(0, 120)}`);
      }
    }
  }
  return [...new Set(leaks)];
}

/** `name` as a word of `text` (not inside another word: "Don" is not in "Done"). */
export function mentions(text: string, name: string): boolean {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${esc}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/** Thrown inside `until`'s function: stop waiting at once. */
export class Fatal extends Error {}

/** Polls `f` until it returns a value other than undefined/false, or throws after `ms` with `what`. */
export async function until<T>(f: () => Promise<T | undefined | false> | T | undefined | false, what: string, ms = 10_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await f();
      if (v !== undefined && v !== false) return v as T;
    } catch (e) {
      if (e instanceof Fatal) throw e;
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(every);
  }
}

// ---------------------------------------------------------------- words on the screen

/** Words a Russian screen may show in Latin letters: the product's name and a room code's letters. */
const LATIN_ALLOWED = /Mafia Host|\b[A-Z0-9]{6}\b|https?:\/\/\S+|QR/g;

/**
 * What no page may show (issue 11, point 5): an unfilled `{{placeholder}}`, a rule id (R-VOTE-3,
 * R-ROLE …: the engine's refusals cite them), and on a Russian screen a run of four or more English
 * words (an engine or server refusal that reached the UI untranslated). Visible text only
 * (innerText), plus aria-labels and titles, which a screen reader speaks.
 */
export async function wordProblems(page: Page, lang: 'ru' | 'en'): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out = [document.body.innerText];
    for (const e of document.querySelectorAll('[aria-label], [title]')) out.push(e.getAttribute('aria-label') ?? '', e.getAttribute('title') ?? '');
    return out;
  });
  const problems: string[] = [];
  for (const raw of texts) {
    if (raw.includes('{{')) problems.push(`an unfilled placeholder: ${excerpt(raw, raw.indexOf('{{'))}`);
    const rule = /\bR-[A-Z]{2,}(?:-\d+)?\b/.exec(raw);
    if (rule) problems.push(`a rule id ${rule[0]}: ${excerpt(raw, rule.index)}`);
    if (lang === 'ru') {
      const latin = raw.replace(LATIN_ALLOWED, ' ');
      const run = /[A-Za-z]+(?:[ ,:'’-]+[A-Za-z]+){3,}/.exec(latin);
      if (run) problems.push(`English on a Russian screen: "${run[0].slice(0, 80)}"`);
    }
  }
  return [...new Set(problems)];
}

const excerpt = (s: string, at: number) => JSON.stringify(s.slice(Math.max(0, at - 40), at + 60));

/** A real server and a browser for one test file: started before its tests, stopped after them. */
export function serverAndBrowser(extraEnv: () => Readonly<Record<string, string>> = () => ({}), browserArgs: readonly string[] = []): { readonly server: RunningServer; readonly browser: Browser } {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    env.server = await startServer(extraEnv());
    env.browser = await launchBrowser(browserArgs);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
