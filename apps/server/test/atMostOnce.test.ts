import { seatNo } from '@mafia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomManager } from '../src/room/manager.js';
import { openStorage } from '../src/storage/open.js';
import type { Storage } from '../src/storage/types.js';
import type { FakeConn } from './fakeConn.js';
import { controllerOf, managerOver, seatedRoom, type SeatedRoom } from './fakeRooms.js';
import { tempDbUrl } from './helpers.js';
import { TARGETS } from './storageTargets.js';

/**
 * Issue 12, points 5 and 6: every request with an id — of every kind — is applied at most once, for
 * the room's whole life (the id is in the log, so a restart remembers it too). A re-sent id gets
 * `{type:'ack', id, seq, duplicate:true}` (seq: where it was applied, in the sender's numbering) and
 * changes nothing.
 */

type Msg = Record<string, any>;

let db: ReturnType<typeof tempDbUrl>;
let storage: Storage;
let manager: RoomManager;

beforeAll(async () => {
  db = tempDbUrl();
  storage = await openStorage(db.url);
  await storage.migrate();
  manager = managerOver(storage);
});
afterAll(async () => {
  await manager.close();
  await storage.close();
  db.cleanup();
});

const logLength = async (t: SeatedRoom) => (await storage.readLog(t.created.room)).length;
/** The last message to `c`, the seat codes passed over (the host is sent them whenever a free seat's code changes). */
const lastMessage = (c: FakeConn): Msg => c.got.filter((m) => m.type !== 'seatCodes').at(-1)!;

/** Sends a request once, then again with the same id: the first is applied, the second answered as a duplicate, and nothing more is written or sent. */
async function resendOnce(t: SeatedRoom, id: string, send: (id: string) => Promise<void>): Promise<{ applied: Msg; duplicate: Msg }> {
  await send(id);
  const applied = lastMessage(t.ctrl);
  expect(applied, 'the first request is applied').toMatchObject({ type: 'update', ack: id });
  const logged = await logLength(t);
  const seen = t.seats.map((s) => s.got.length);
  await send(id);
  const duplicate = lastMessage(t.ctrl);
  expect(duplicate).toEqual({ v: 1, type: 'ack', id, seq: applied.seq, duplicate: true });
  expect(await logLength(t)).toBe(logged);
  expect(t.seats.map((s) => s.got.length), 'nobody else hears of a duplicate').toEqual(seen);
  return { applied, duplicate };
}

describe('a request re-sent with the same id', () => {
  it('timer_command_resent_moves_deadline_once', async () => {
    const t = await seatedRoom(manager, 'human');
    await manager.start(t.ctrl, 'go');
    const before = lastMessage(t.ctrl).timer.deadline as number;
    const { applied } = await resendOnce(t, 'plus10', (id) => manager.adjustTimer(t.ctrl, 10, id));
    expect(applied.timer.deadline).toBe(before + 10_000);
    // A new screen sees the deadline moved once.
    const fresh = await controllerOf(manager, t.created);
    expect(fresh.last('welcome')!.timer.deadline).toBe(before + 10_000);
  });

  const kinds: { kind: string; mode: 'human' | 'app'; before: (t: SeatedRoom) => Promise<void>; send: (t: SeatedRoom, id: string) => Promise<void> }[] = [
    { kind: 'start', mode: 'app', before: async () => {}, send: (t, id) => manager.start(t.ctrl, id) },
    {
      kind: 'next', mode: 'human',
      before: async (t) => {
        await manager.start(t.ctrl, 'go');
        await manager.command(t.ctrl, 'end', { type: 'override', action: { kind: 'endGame', winner: 'town' } });
      },
      send: (t, id) => manager.nextGame(t.ctrl, id),
    },
    { kind: 'release', mode: 'app', before: (t) => manager.start(t.ctrl, 'go'), send: (t, id) => manager.release(t.ctrl, 4, id) },
    { kind: 'close', mode: 'app', before: (t) => manager.start(t.ctrl, 'go'), send: (t, id) => manager.closeRoom(t.ctrl, id) },
    { kind: 'timer', mode: 'human', before: (t) => manager.start(t.ctrl, 'go'), send: (t, id) => manager.adjustTimer(t.ctrl, -5, id) },
    { kind: 'pause', mode: 'app', before: (t) => manager.start(t.ctrl, 'go'), send: (t, id) => manager.setPaused(t.ctrl, true, id) },
    {
      kind: 'resume', mode: 'app',
      before: async (t) => {
        await manager.start(t.ctrl, 'go');
        await manager.setPaused(t.ctrl, true, 'stop');
      },
      send: (t, id) => manager.setPaused(t.ctrl, false, id),
    },
    { kind: 'skip', mode: 'app', before: (t) => manager.start(t.ctrl, 'go'), send: (t, id) => manager.skip(t.ctrl, id) },
    { kind: 'command', mode: 'human', before: (t) => manager.start(t.ctrl, 'go'), send: (t, id) => manager.command(t.ctrl, id, { type: 'endNight' }) },
  ];

  it.each(kinds)('every_request_kind_resent_with_its_id_is_applied_once ($kind)', async ({ kind, mode, before, send }) => {
    const t = await seatedRoom(manager, mode, { nightStep: 60 });
    await before(t);
    await resendOnce(t, `${kind}-1`, (id) => send(t, id));
  });
});

/**
 * A room whose host applied `start` (id `s`), a timer change (`clock`) and a game command (`first`),
 * and then 600 more commands (a foul and its undo, 300 times).
 */
async function roomWithOldIds(manager: RoomManager): Promise<SeatedRoom & { seqs: Record<string, number> }> {
  const t = await seatedRoom(manager, 'human');
  const seqs: Record<string, number> = {};
  await manager.start(t.ctrl, 's');
  seqs.s = lastMessage(t.ctrl).seq;
  await manager.adjustTimer(t.ctrl, 10, 'clock');
  seqs.clock = lastMessage(t.ctrl).seq;
  await manager.command(t.ctrl, 'first', { type: 'endNight' });
  seqs.first = lastMessage(t.ctrl).seq;
  for (let i = 1; i <= 300; i++) {
    await manager.command(t.ctrl, `foul${i}`, { type: 'foul', seat: seatNo(1) });
    await manager.command(t.ctrl, `undo${i}`, { type: 'undo', count: 1 });
  }
  expect(lastMessage(t.ctrl)).toMatchObject({ type: 'update', ack: 'undo300' });
  return { ...t, seqs };
}

for (const make of TARGETS) {
  const target = make();
  describe(`a request id is remembered for the room's whole life (${target.name})`, () => {
    let store: Storage;
    let rooms: RoomManager;
    let t: Awaited<ReturnType<typeof roomWithOldIds>>;
    const logged = async () => (await store.readLog(t.created.room)).length;
    beforeAll(async () => {
      store = await openStorage(await target.url());
      await store.migrate();
      rooms = managerOver(store);
      t = await roomWithOldIds(rooms);
    }, 60_000);
    afterAll(async () => {
      await rooms.close();
      await store.close();
      await target.cleanup();
    });

    it('command_id_remembered_after_600_newer_commands', async () => {
      const before = await logged();
      await rooms.command(t.ctrl, 'first', { type: 'endNight' });
      expect(lastMessage(t.ctrl)).toEqual({ v: 1, type: 'ack', id: 'first', seq: t.seqs.first, duplicate: true });
      expect(await logged()).toBe(before);
    });

    it('command_id_remembered_across_restart', async () => {
      const before = await logged();
      await rooms.close();
      // The restarted server: a new manager over the same database, the room loaded from its log.
      rooms = managerOver(store);
      const host = await controllerOf(rooms, t.created);
      await rooms.command(host, 'first', { type: 'endNight' });
      expect(lastMessage(host)).toEqual({ v: 1, type: 'ack', id: 'first', seq: t.seqs.first, duplicate: true });
      await rooms.adjustTimer(host, 10, 'clock');
      expect(lastMessage(host)).toEqual({ v: 1, type: 'ack', id: 'clock', seq: t.seqs.clock, duplicate: true });
      await rooms.start(host, 's');
      expect(lastMessage(host)).toEqual({ v: 1, type: 'ack', id: 's', seq: t.seqs.s, duplicate: true });
      expect(await logged()).toBe(before);
    });
  });
}
