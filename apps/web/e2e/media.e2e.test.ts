/**
 * E2E: voice and video (issue 26 point 1). Three people in an online room, bots on the other seven
 * seats; each turns on Chromium's fake camera and microphone. Before the start everybody hears
 * everybody; at night (past the mafia's step) no call is open on any phone; during a person's
 * speech his audio reaches the other two (the received track's energy grows, measured by
 * RTCPeerConnection.getStats), and nobody else's reaches anybody: the speaker receives nothing,
 * a listener receives from the speaker alone. The room admin's page then talks over everybody.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claimInLobby, createThroughUI } from './flows';
import { byTestId, FAKE_MEDIA_ARGS, newDevice, serverAndBrowser, sleep, until } from './harness';
import { Oracle } from './oracle';

const env = serverAndBrowser(() => ({}), FAKE_MEDIA_ARGS);
/** A night of three 3 s steps; speeches long enough to measure one (a bot ends its own early). */
const TIMERS = { speech: 20, defence: 10, lastWords: 10, vote: 5, nightStep: 3 };
const PEOPLE = [1, 2, 3] as const;

/** Test instrumentation, not app code: keeps every RTCPeerConnection the page makes (window.__pcs). */
const KEEP_PEER_CONNECTIONS = `(() => {
  const P = window.RTCPeerConnection;
  const all = [];
  Object.defineProperty(window, '__pcs', { value: all });
  window.RTCPeerConnection = class extends P {
    constructor(config) {
      super(config);
      all.push(this);
    }
  };
})();`;

interface Received {
  /** Peer connections not closed. */
  readonly open: number;
  /** Incoming audio streams (inbound-rtp, kind audio) on them. */
  readonly streams: number;
  /** Their total audio energy so far, summed. */
  readonly energy: number;
  /** The loudest current audio level among them. */
  readonly level: number;
}

/** What a page receives now, from its peer connections' stats. */
function received(page: Page): Promise<Received> {
  return page.evaluate(async () => {
    let open = 0, streams = 0, energy = 0, level = 0;
    for (const pc of window.__pcs ?? []) {
      if (pc.connectionState === 'closed' || pc.signalingState === 'closed') continue;
      open++;
      const stats = await pc.getStats();
      stats.forEach((r: { type: string; kind?: string; totalAudioEnergy?: number; audioLevel?: number }) => {
        if (r.type !== 'inbound-rtp' || r.kind !== 'audio') return;
        streams++;
        energy += r.totalAudioEnergy ?? 0;
        level = Math.max(level, r.audioLevel ?? 0);
      });
    }
    return { open, streams, energy, level };
  });
}

/** Whether the page's incoming audio grows over a second and a half (sound is arriving). */
async function soundArrives(page: Page): Promise<boolean> {
  const a = await received(page);
  await sleep(1500);
  const b = await received(page);
  return b.streams > 0 && b.energy > a.energy;
}

describe('voice and video', () => {
  it('the_speakers_audio_reaches_the_other_people_and_nobody_elses_does', async () => {
    const pages: Page[] = [];
    for (let i = 0; i < PEOPLE.length; i++) {
      const ctx = await newDevice(env.browser, env.server.base, 'ru-RU');
      await ctx.addInitScript(KEEP_PEER_CONNECTIONS);
      pages.push(await ctx.newPage());
    }
    const [creator] = pages as [Page, Page, Page];
    await creator.goto('/new');
    const code = await createThroughUI(creator, 10, undefined, TIMERS, { preset: 'classic', mode: 'online' });
    const names = ['Анна', 'Борис', 'Вера'];
    for (const [i, page] of pages.entries()) await claimInLobby(page, code, PEOPLE[i]!, names[i]!);
    const watcher = new Oracle(env.server.wsUrl, code, { as: 'spectator' });
    try {
      for (const page of pages) {
        const on = byTestId(page, 'media-on');
        expect((await on.innerText()).trim()).toBe('Включить камеру и микрофон');
        await on.click();
        await until(async () => (await byTestId(page, 'media-off').count()) === 1 || (await byTestId(page, 'media-no-device').count()) === 1, 'the camera on or refused');
        expect(await byTestId(page, 'media-no-device').count(), 'Chromium\'s fake camera and microphone').toBe(0);
      }
      // Before the start the table is open: each person sees the other two.
      for (const [i, page] of pages.entries()) {
        for (const other of PEOPLE.filter((s) => s !== PEOPLE[i])) {
          await until(async () => (await byTestId(page, `media-tile-${other}`).getAttribute('data-live')) === 'true', `seat ${other}'s face on seat ${PEOPLE[i]}'s phone before the start`, 15_000);
        }
      }

      const bots = byTestId(creator, 'admin-bots');
      await bots.locator('summary').click();
      await byTestId(creator, 'admin-bots-fill').click();
      await watcher.wait((s) => s.lobby?.bots?.length === 7, 'seven bots in the lobby', 15_000);
      const start = byTestId(creator, 'admin-start');
      await until(() => start.isEnabled(), 'the start button enabled', 8_000);
      await start.click();
      await watcher.wait((s) => s.view?.phase.kind === 'night', 'night 1');

      // Night: every call ends on every phone (after the mafia's step, if two of them are mafia).
      await until(async () => (await Promise.all(pages.map(received))).every((r) => r.open === 0) || undefined, 'no call open on any phone at night', 8_000);
      expect(watcher.state.view?.phase.kind, 'still the night').toBe('night');

      const speaking = await watcher.wait((s) => s.view?.day?.stage === 'speeches' && PEOPLE.includes(s.view.day.speaker as 1 | 2 | 3), 'a person\'s speech', 45_000);
      const speaker = speaking.view!.day!.speaker!;
      const speakerPage = pages[PEOPLE.indexOf(speaker as 1 | 2 | 3)]!;
      const listeners = pages.filter((p) => p !== speakerPage);
      for (const page of listeners) {
        await until(async () => (await soundArrives(page)) || undefined, `seat ${speaker}'s voice on a listener's phone`, 12_000, 200);
        const r = await received(page);
        expect(r.level, 'the received track\'s audio level').toBeGreaterThan(0);
        // From the speaker alone: one call, one audio stream; the other listener's tile is dark.
        expect(r).toMatchObject({ open: 1, streams: 1 });
        const tile = byTestId(page, `media-tile-${speaker}`);
        expect(await tile.getAttribute('data-speaker')).toBe('true');
        expect(await tile.getAttribute('data-live')).toBe('true');
      }
      for (const [i, page] of listeners.entries()) {
        const other = PEOPLE[pages.indexOf(listeners[1 - i]!)]!;
        expect(await byTestId(page, `media-tile-${other}`).getAttribute('data-live'), `seat ${other} (not speaking) on a listener's phone`).toBeNull();
      }
      // The speaker hears nobody: his calls only send.
      const mine = await received(speakerPage);
      expect(mine.streams).toBe(0);
      expect(mine.energy).toBe(0);
      expect(watcher.state.view?.day?.speaker, 'measured within the speech').toBe(speaker);

      // The room admin's page (the creator's device holds the key): he talks over everybody, any time.
      const admin = await creator.context().newPage();
      await admin.goto(`/r/${code}/admin`);
      await byTestId(admin, 'media-on').click();
      for (const page of pages) await byTestId(page, 'media-tile-host').waitFor({ timeout: 15_000 });
      await until(async () => (await soundArrives(speakerPage)) || undefined, 'the admin\'s voice on the speaker\'s phone', 12_000, 200);
    } finally {
      watcher.close();
    }
  }, 90_000);
});
