/**
 * What a page's WebRTC calls receive, read from RTCPeerConnection.getStats (issue 26 point 1): the
 * e2e tests' measure of whose voice reaches whom. Test instrumentation, not app code.
 */
import type { Page } from 'playwright-core';
import { sleep } from './harness';

/** An init script that keeps every RTCPeerConnection the page makes (window.__pcs). */
export const KEEP_PEER_CONNECTIONS = `(() => {
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

export interface Received {
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
export function received(page: Page): Promise<Received> {
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

/** Whether the page's incoming audio grows over `ms` (sound is arriving). */
export async function soundArrives(page: Page, ms = 1500): Promise<boolean> {
  const a = await received(page);
  await sleep(ms);
  const b = await received(page);
  return b.streams > 0 && b.energy > a.energy;
}
