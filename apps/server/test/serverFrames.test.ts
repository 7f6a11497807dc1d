import type { Command } from '@mafia/engine';
import { parseServerFrame, PROTOCOL_VERSION, type ServerMessageType, type You } from '@mafia/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomManager } from '../src/room/manager.js';
import type { Conn } from '../src/room/managerTypes.js';
import { openStorage } from '../src/storage/open.js';
import { Client, claimSeats, createRoom, startServer, tempDbUrl, V, type Running } from './helpers.js';

/**
 * Issue 25, the wire typed both ways: every kind of message the server sends, as it sends it (the
 * frame's text), passes the zod schema of packages/protocol (`serverMessageSchema`). The frames are
 * made by the server's own code paths — a human room over real WebSockets, and an app room whose
 * app host is refused a step (the admin's alert) — not built by hand here.
 */

const ALL_TYPES: readonly ServerMessageType[] = ['welcome', 'update', 'ack', 'error', 'pong', 'alert', 'seatCodes', 'signal'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every frame a socket receives, as text. */
function recorded(c: Client, frames: string[]): Client {
  c.socket.on('message', (d) => frames.push(String(d)));
  return c;
}

/** A connection of the RoomManager without a socket: the frames it was sent, as text. */
class RawConn implements Conn {
  static next = 1_000_000;
  readonly id = RawConn.next++;
  you: You | null = null;
  roomId: string | null = null;
  constructor(private readonly frames: string[]) {}
  send(text: string): void {
    this.frames.push(text);
  }
}

let db: ReturnType<typeof tempDbUrl>;
let server: Running & { manager: RoomManager };
beforeAll(async () => {
  db = tempDbUrl();
  // Few strikes, so that a connection is closed with `too-many-errors` within the test.
  server = await startServer(db.url, { strikes: 3 });
});
afterAll(async () => {
  await server.stop();
  db.cleanup();
});

async function humanRoomFrames(): Promise<string[]> {
  const frames: string[] = [];
  const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
  const host = recorded(await Client.open(server.ws), frames);
  await host.request({ v: V, type: 'hello', room: created.code, auth: { as: 'host', key: created.hostKey } }, 'welcome');
  const { seats } = await claimSeats(server.ws, created.code, { named: true });
  for (const s of seats) recorded(s, frames);
  await host.request({ v: V, type: 'start', id: 'go' }, 'update');
  // The same request again: answered with a duplicate ack, nothing applied.
  await host.request({ v: V, type: 'start', id: 'go' }, 'ack');
  // A freed seat of a started game has a code: the host's connections get the list.
  host.send({ v: V, type: 'release', seat: 10, id: 'free' });
  await host.type('seatCodes');
  // A seat's vote at night is refused: an error naming the request.
  await seats[0].request({ v: V, type: 'command', id: 'early', command: { type: 'vote', by: 1, target: 2 } }, 'error');
  await host.request({ v: V, type: 'ping' }, 'pong');
  // The host talks over everyone: his WebRTC offer is relayed to seat 1 (voice and video, issue 26).
  host.send({ v: V, type: 'signal', to: 1, data: { kind: 'offer', call: 'c1', sdp: 'v=0' } });
  await seats[0].type('signal');
  for (const c of [host, ...seats]) await c.close();
  return frames;
}

async function refusedConnectionFrames(): Promise<string[]> {
  const frames: string[] = [];
  const c = recorded(await Client.open(server.ws), frames);
  for (let i = 0; i < 3; i++) c.send('not json');
  await c.next((m) => m.type === 'error' && m.code === 'too-many-errors');
  await c.close();
  return frames;
}

/** An app room whose app host is refused its step (the manager is given one the engine refuses at night). */
async function alertFrames(): Promise<string[]> {
  const frames: string[] = [];
  const refusedAtNight = (): Command => ({ type: 'closeVote' });
  const manager = new RoomManager(server.storage, pino({ level: 'silent' }), Date.now, 60_000, refusedAtNight);
  try {
    const created = await manager.create({ preset: 'classic', seats: 10, mode: 'app', timers: { nightStep: 0.07 } });
    const admin = new RawConn(frames);
    await manager.hello(admin, created.code, { as: 'admin', key: created.adminKey! }, undefined);
    for (let n = 1; n <= 10; n++) await manager.claim(new RawConn(frames), created.code, { seat: n, name: `P${n}` });
    await manager.start(admin, 'go');
    await sleep(700);
    // An admin coming back while the alert stands gets it in his welcome.
    await manager.hello(new RawConn(frames), created.code, { as: 'admin', key: created.adminKey! }, undefined);
  } finally {
    await manager.close();
  }
  return frames;
}

describe('every frame the server sends', () => {
  it('passes_the_protocol_zod_schema_for_every_kind_of_server_message', async () => {
    const frames = [...(await humanRoomFrames()), ...(await refusedConnectionFrames()), ...(await alertFrames())];
    const seen = new Set<string>();
    for (const text of frames) {
      const parsed = parseServerFrame(text);
      expect(parsed.ok ? null : `${parsed.error} in ${text.slice(0, 300)}`).toBeNull();
      if (parsed.ok) {
        expect(parsed.message.v).toBe(PROTOCOL_VERSION);
        seen.add(parsed.message.type);
      }
    }
    expect([...seen].sort()).toEqual([...ALL_TYPES].sort());
    // The sender's copy of a shared update carries its ack, spliced in and still a valid message.
    expect(frames.some((t) => parseServerFrame(t).ok && t.includes('"type":"update"') && t.endsWith(',"ack":"go"}'))).toBe(true);
  });

  it('refuses_a_frame_with_a_field_the_protocol_does_not_declare', () => {
    const pong = { v: PROTOCOL_VERSION, type: 'pong', now: 1 };
    expect(parseServerFrame(JSON.stringify(pong)).ok).toBe(true);
    expect(parseServerFrame(JSON.stringify({ ...pong, extra: 1 }))).toMatchObject({ ok: false });
    expect(parseServerFrame('{')).toEqual({ ok: false, error: 'the frame is not valid JSON' });
  });
});
