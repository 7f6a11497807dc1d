import { MIN_STEP_SECONDS } from '@mafia/protocol';
import { presetOf, type PresetId } from '@mafia/engine';
import WebSocket from 'ws';
import { BotClient } from '@mafia/cli/tools';
import type { ChatCounters, Latencies, SignalCounters, Tally } from '@mafia/cli/tools';
import { auditChat } from './chatFrames.js';
import { auditSignals } from './signalFrames.js';
import { freshAddress, postJson, sleep, TARGET_HOST, within } from './net.js';

export interface Created {
  readonly code: string;
  readonly adminKey: string;
}

/** Players of a bot table for a preset: 10, or the nearest count the preset deals. */
export function tableSize(preset: string): number {
  const p = presetOf(preset as PresetId);
  if (!p) throw new Error(`unknown preset ${JSON.stringify(preset)}`);
  return Math.min(p.maxPlayers, Math.max(p.minPlayers, 10));
}

/**
 * Creates an online room (the app is the host) from `from`, every step `step` seconds or the
 * server's minimum for that step when it is longer (MIN_STEP_SECONDS: whole seconds, issue 12).
 */
export async function createOnlineRoom(port: number, from: string, preset: string, seats: number, step: number, o: { modifications?: readonly string[] } = {}): Promise<Created> {
  const at = (kind: keyof typeof MIN_STEP_SECONDS) => Math.max(Math.ceil(step), MIN_STEP_SECONDS[kind]);
  const timers = { speech: at('speech'), defence: at('defence'), lastWords: at('lastWords'), nightStep: at('nightStep'), vote: at('vote') };
  const r = await postJson(port, '/api/rooms', { preset, seats, mode: 'online', timers, ...(o.modifications ? { modifications: o.modifications } : {}) }, from);
  if (r.status !== 201) throw new Error(`POST /api/rooms (${preset}, ${seats} seats) answered ${r.status} ${JSON.stringify(r.json)}`);
  return { code: r.json.code, adminKey: r.json.adminKey };
}

export interface TableTally {
  readonly latencies: Latencies;
  readonly refused: Tally;
  readonly errors: Tally;
  readonly counters: { messages: number; commands: number };
}

/** A recording viewer that is not a bot: the room admin (who starts the game) or a spectator. */
export async function watcher(port: number, from: string, code: string, auth: Record<string, unknown>, onFrame: (text: string) => void, start = false): Promise<WebSocket> {
  const ws = new WebSocket(`ws://${TARGET_HOST}:${port}/ws`, { perMessageDeflate: false, localAddress: from });
  await new Promise<void>((res, rej) => {
    ws.once('open', () => res());
    ws.once('error', rej);
  });
  const welcomed = new Promise<void>((resolve, reject) => {
    ws.on('message', (d) => {
      const text = String(d);
      onFrame(text);
      const m = JSON.parse(text);
      if (m.type === 'welcome') {
        if (start) ws.send(JSON.stringify({ v: 1, type: 'start', id: 'audit-start' }));
        else resolve();
      } else if (m.type === 'update' && m.ack === 'audit-start') resolve();
      else if (m.type === 'error' && !m.id) reject(new Error(`${auth.as} refused: ${m.code} ${m.message}`));
      else if (m.type === 'error' && m.id === 'audit-start') reject(new Error(`start refused: ${m.code} ${m.message}`));
    });
  });
  ws.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth }));
  await welcomed;
  return ws;
}

export interface PlayedTable {
  readonly code: string;
  readonly finished: boolean;
}

/**
 * One whole bot game in an online room created from `from`, every client on an address of its own
 * (phones on mobile data: no per-address cap meets a table): every seat a BotClient, plus the
 * optional recording of every frame to every client (`record(viewer, text)`, viewer `seat:N`,
 * `spectator` or `admin`). Bounded by `timeoutMs`.
 */
export async function playTable(o: {
  port: number; from: string; preset: string; seats?: number; step: number; thinkMs: number; timeoutMs: number;
  tally: TableTally; modifications?: readonly string[]; record?: (viewer: string, text: string) => void; created?: (c: Created) => void; log?: (s: string) => void;
  /** Everybody writes in the chat (chatFrames.ts `auditChat`; the room admin announces, the spectator tries once), counted here. */
  chat?: ChatCounters;
  /** Every seat sends WebRTC signalling (signalFrames.ts `auditSignals`; the spectator tries once), counted here. */
  signals?: SignalCounters;
}): Promise<PlayedTable> {
  const seats = o.seats ?? tableSize(o.preset);
  const ended = new Set<string>();
  const record = o.record && ((viewer: string, text: string) => {
    if (text.includes('"ended"')) ended.add(viewer);
    o.record!(viewer, text);
  });
  const room = await createOnlineRoom(o.port, o.from, o.preset, seats, o.step, { modifications: o.modifications });
  o.created?.(room);
  const ws = `ws://${TARGET_HOST}:${o.port}/ws`;
  const bots = Array.from({ length: seats }, (_, k) => new BotClient({
    ws, code: room.code, seat: k + 1, seed: k + 1 + seats * Math.floor(Math.random() * 1000), thinkMs: o.thinkMs, localAddress: freshAddress(),
    ...o.tally, ...(record ? { onFrame: (t: string) => record(`seat:${k + 1}`, t) } : {}),
    ...(o.chat ? { chat: auditChat(k + 1), chatCounters: o.chat } : {}),
    ...(o.signals ? { signals: auditSignals(k + 1), signalCounters: o.signals } : {}),
  }));
  let announcer: NodeJS.Timeout | undefined;
  const others: WebSocket[] = [];
  const connected: BotClient[] = [];
  try {
    for (const b of bots) {
      await b.connect();
      connected.push(b);
    }
    if (record) others.push(await watcher(o.port, freshAddress(), room.code, { as: 'spectator' }, (t) => record('spectator', t)));
    others.push(await watcher(o.port, freshAddress(), room.code, { as: 'admin', key: room.adminKey }, (t) => record?.('admin', t), true));
    if (o.chat) announcer = announce(others);
    // The spectator tries a call once (refused, `media-spectator`: a spectator has no camera here).
    if (o.signals && record) others[0].send(JSON.stringify({ v: 1, type: 'signal', to: 1, data: { kind: 'offer', call: 'spectator', sdp: 'v=0\r\n' } }));
    const done = await within(Promise.all(bots.map((b) => b.done)), o.timeoutMs);
    // The watchers' copies of the last update may still be on their way: wait for them (bounded).
    if (done !== undefined && o.record) await within((async () => { while (!ended.has('spectator') || !ended.has('admin')) await sleep(20); })(), 5000);
    return { code: room.code, finished: done !== undefined };
  } finally {
    clearInterval(announcer);
    for (const b of connected) b.close();
    for (const s of others) s.close();
  }
}

/**
 * The audit's chat from the room's other clients: the spectator tries to write once (refused: a
 * spectator reads only), the room admin tries the day chat once (refused: he announces) and then
 * announces every 10 s while the game runs. Their answers are in their
 * recorded frames.
 */
function announce(watchers: readonly WebSocket[]): NodeJS.Timeout {
  const admin = watchers.at(-1)!;
  const say = (ws: WebSocket, channel: string, text: string, id: string) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ v: 1, type: 'say', channel, text, id }));
  if (watchers.length > 1) say(watchers[0], 'day', 'a spectator writing', 'spectator-1');
  say(admin, 'day', 'the admin in the day chat', 'admin-day');
  let n = 0;
  const timer = setInterval(() => say(admin, 'host', `announcement ${++n}`, `admin-${n}`), 10_000);
  timer.unref();
  return timer;
}
