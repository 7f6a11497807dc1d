import { createRoomSchema } from '@mafia/protocol';
import { describe, expect, it } from 'vitest';
import type { RoomManager } from '../src/room/manager.js';
import { FakeConn } from './fakeConn.js';
import { controllerOf, managerOver, seatedRoom, tempStorage, type SeatedRoom } from './fakeRooms.js';

/**
 * Issue 23 point 1, the decoy's word: a phone whose seat has nothing to do in the step being called
 * is tapped like an actor's, and the tap is recorded (a `tap` entry) so that the phone may honestly
 * say «Принято». It is durable, acked to its seat as an act is, seen by nobody else (not the host,
 * not another seat, not a spectator, not the room admin: no frame, no seq moved), ignored by the
 * engine and by undo, kept across a restart, and refused like an act.
 */

type Msg = Record<string, any>;
const db = tempStorage();
const manager = (): RoomManager => db.track(managerOver(db.storage()));

async function startedRoom(m: RoomManager, mode: 'human' | 'app' = 'human', options?: Record<string, unknown>): Promise<SeatedRoom & { roles: string[] }> {
  const t = options ? await seatedWith(m, options) : await seatedRoom(m, mode);
  await m.start(t.ctrl, 'go');
  // The host's view shows every role; in an app room the deal is read from a host-side peek at the log.
  const roles = mode === 'human'
    ? (t.ctrl.last('update')!.view.seats as Msg[]).map((s) => s.role as string)
    : await rolesFromLog(t);
  return { ...t, roles };
}

/** A human classic room with these options, every seat claimed (as seatedRoom makes one). */
async function seatedWith(m: RoomManager, options: Record<string, unknown>): Promise<SeatedRoom> {
  const created = await m.create(createRoomSchema.parse({ preset: 'classic', seats: 10, mode: 'human', options }));
  const seats: FakeConn[] = [];
  for (let seat = 1; seat <= 10; seat++) {
    const c = new FakeConn();
    await m.claim(c, created.code, { seat, name: `P${seat}` });
    seats.push(c);
  }
  return { created, ctrl: await controllerOf(m, created), seats };
}

async function rolesFromLog(t: SeatedRoom): Promise<string[]> {
  const start = (await db.storage().readLog(t.created.room)).find((r) => r.kind === 'start')!;
  const created = (JSON.parse(start.body).events as Msg[]).find((e) => e.type === 'GameCreated')!;
  return created.setup.roles as string[];
}

const log = async (t: SeatedRoom) => db.storage().readLog(t.created.room);
const seatOf = (t: { roles: string[] }, role: string, nth = 0) => t.roles.map((r, i) => (r === role ? i + 1 : 0)).filter((s) => s > 0)[nth]!;
const counts = (conns: FakeConn[]) => conns.map((c) => c.got.length);

describe('a decoy tap (issue 23): recorded, acked to its seat, seen by nobody else', () => {
  it('is written to the log and acked with the same update-and-ack an act gets; nobody else gets a frame or a number', async () => {
    const m = manager();
    const t = await startedRoom(m);
    const civilian = seatOf(t, 'civilian');
    const phone = t.seats[civilian - 1]!;
    const tv = new FakeConn();
    await m.hello(tv, t.created.code, { as: 'spectator' }, undefined);
    const others = [...t.seats.filter((c) => c !== phone), tv, t.ctrl];
    const seqBefore = others.map((c) => c.got.at(-1)!.seq as number);
    const mineBefore = phone.got.at(-1)!.seq as number;
    const before = counts(others);
    const entries = (await log(t)).length;

    await m.tap(phone, 't1', civilian, 0);

    const ack = phone.got.at(-1)!;
    expect(ack).toMatchObject({ type: 'update', ack: 't1', seq: mineBefore + 1 });
    expect(ack.items).toEqual([{ seq: mineBefore + 1, kind: 'tap', seat: civilian, night: 1, step: 0 }]);
    expect(ack).not.toHaveProperty('lobby');
    expect(ack.view.phase).toMatchObject({ kind: 'night', n: 1 });
    // Durable before it was acked: the entry is in the database.
    const written = await log(t);
    expect(written).toHaveLength(entries + 1);
    expect(written.at(-1)).toMatchObject({ kind: 'tap' });
    expect(JSON.parse(written.at(-1)!.body)).toEqual({ by: civilian, id: 't1', night: 1, step: 0 });
    // Nobody else was sent anything.
    expect(counts(others)).toEqual(before);

    // The next public entry is the next number for everybody but the tapper, who counted his tap.
    await m.openStep(t.ctrl, 1, 's1');
    others.forEach((c, k) => expect(c.got.at(-1)!.seq).toBe(seqBefore[k]! + 1));
    expect(phone.got.at(-1)!.seq).toBe(mineBefore + 2);
    // The host's numbering skips it too: his step's ack is the next number after his last.
    expect(t.ctrl.got.at(-1)!.items).toEqual([{ seq: seqBefore.at(-1)! + 1, kind: 'step', step: 1 }]);
  });

  it('is answered as a duplicate when re-sent with the same id, and survives a restart in its seat\'s numbering only', async () => {
    const m = manager();
    const t = await startedRoom(m);
    const civilian = seatOf(t, 'civilian');
    const other = seatOf(t, 'civilian', 1);
    await m.tap(t.seats[civilian - 1]!, 'same', civilian, 0);
    const seq = t.seats[civilian - 1]!.got.at(-1)!.seq as number;
    const entries = (await log(t)).length;
    await m.tap(t.seats[civilian - 1]!, 'same', civilian, 0);
    expect(t.seats[civilian - 1]!.got.at(-1)).toEqual({ v: 1, type: 'ack', id: 'same', seq, duplicate: true });
    expect(await log(t)).toHaveLength(entries);
    const otherSeq = t.seats[other - 1]!.got.at(-1)!.seq as number;
    const hostSeq = t.ctrl.got.at(-1)!.seq as number;
    await m.close();

    const again = manager();
    const back = new FakeConn();
    await again.hello(back, t.created.code, { as: 'seat', seat: civilian, token: tokenOf(t, civilian) }, 0);
    const w = back.last('welcome')!;
    expect(w.seq).toBe(seq);
    expect(w.items.at(-1)).toEqual({ seq, kind: 'tap', seat: civilian, night: 1, step: 0 });
    // The id is remembered across the restart: re-sent after it, it is answered, not applied again.
    await again.tap(back, 'same', civilian, 0);
    expect(back.last('ack')).toMatchObject({ id: 'same', seq, duplicate: true });
    expect(await log(t)).toHaveLength(entries);
    // Another seat and the host are numbered as before the restart, and are never sent the tap.
    const seat = new FakeConn();
    await again.hello(seat, t.created.code, { as: 'seat', seat: other, token: tokenOf(t, other) }, 0);
    expect(seat.last('welcome')!.seq).toBe(otherSeq);
    expect(JSON.stringify(seat.last('welcome')!.items)).not.toContain('"tap"');
    const host = await controllerOf(again, t.created);
    expect(host.last('welcome')!.seq).toBe(hostSeq);
    const hostAll = new FakeConn();
    await again.hello(hostAll, t.created.code, { as: 'host', key: t.created.hostKey! }, 0);
    expect(JSON.stringify(hostAll.last('welcome')!.items)).not.toContain('"tap"');
  });

  it('is ignored by the engine and by undo: the host\'s undo takes back the act before it, and the export has no trace of it', async () => {
    const m = manager();
    // Night 1 with checks: the Commissar acts at once.
    const t = await startedRoom(m, 'human', { firstNight: 'checks' });
    const commissar = seatOf(t, 'commissar');
    const civilian = seatOf(t, 'civilian');
    const target = seatOf(t, 'civilian', 1);
    await m.command(t.seats[commissar - 1]!, 'check', { type: 'act', by: commissar as never, act: 'check', target: target as never });
    expect(t.seats[commissar - 1]!.got.at(-1)!.view.myActs).toHaveLength(1);
    const hostView = JSON.stringify(t.ctrl.got.at(-1)!.view);
    await m.tap(t.seats[civilian - 1]!, 'decoy', civilian, 2);
    expect(t.seats[civilian - 1]!.got.at(-1)!.ack).toBe('decoy');
    // The tap is no command: the game is what it was.
    await m.hello(t.ctrl, t.created.code, { as: 'host', key: t.created.hostKey! }, undefined);
    expect(JSON.stringify(t.ctrl.last('welcome')!.view)).toBe(hostView);

    await m.command(t.ctrl, 'undo', { type: 'undo', count: 1 });
    expect(t.ctrl.last('update')!.ack).toBe('undo');
    // The undo took back the Commissar's check (the last command), not the tap.
    await m.hello(t.seats[commissar - 1]!, t.created.code, { as: 'seat', seat: commissar, token: tokenOf(t, commissar) }, undefined);
    expect(t.seats[commissar - 1]!.last('welcome')!.view.myActs).toEqual([]);
    expect((await log(t)).filter((r) => r.kind === 'tap')).toHaveLength(1);

    await m.command(t.ctrl, 'end', { type: 'endNight' });
    expect(t.ctrl.last('update')!.view.phase.kind).toBe('day');
    const games = await m.gamesOf(t.created.room);
    expect(games).toHaveLength(1);
    expect(JSON.stringify(games[0]!.events)).not.toMatch(/decoy|"tap"/);
  });

  it('writes one tap per seat and step at most: a second tap of the step (a new id, a reloaded phone) is answered with the first, also after a restart', async () => {
    const m = manager();
    const t = await startedRoom(m);
    const civilian = seatOf(t, 'civilian');
    const phone = t.seats[civilian - 1]!;
    await m.tap(phone, 'first', civilian, 1);
    const seq = phone.got.at(-1)!.seq as number;
    const entries = (await log(t)).length;
    for (let k = 0; k < 5; k++) await m.tap(phone, `again${k}`, civilian, 1);
    expect(phone.got.at(-1)).toEqual({ v: 1, type: 'ack', id: 'again4', seq, duplicate: true });
    expect(await log(t)).toHaveLength(entries);
    await m.close();
    const again = manager();
    const back = new FakeConn();
    await again.hello(back, t.created.code, { as: 'seat', seat: civilian, token: tokenOf(t, civilian) }, undefined);
    await again.tap(back, 'after-restart', civilian, 1);
    expect(back.last('ack')).toMatchObject({ id: 'after-restart', seq, duplicate: true });
    // Another step is another tap.
    await again.tap(back, 'next-step', civilian, 2);
    expect(back.got.at(-1)).toMatchObject({ type: 'update', ack: 'next-step', seq: seq + 1 });
    expect(await log(t)).toHaveLength(entries + 1);
  });

  it('reaches nobody else in an app-hosted room either: not the room admin, not the spectator', async () => {
    const m = manager();
    const t = await startedRoom(m, 'app');
    const civilian = seatOf(t, 'civilian');
    const tv = new FakeConn();
    await m.hello(tv, t.created.code, { as: 'spectator' }, undefined);
    const others = [...t.seats.filter((_, i) => i !== civilian - 1), tv, t.ctrl];
    const before = counts(others);
    await m.tap(t.seats[civilian - 1]!, 'a1', civilian, 0);
    expect(t.seats[civilian - 1]!.got.at(-1)).toMatchObject({ type: 'update', ack: 'a1' });
    expect(counts(others)).toEqual(before);
  });
});

describe('a refused tap (issue 23): refused as an act is, in the same words, writing nothing', () => {
  it('refuses another seat\'s tap, a spectator, the host, a step the night does not have, before the start, by day, a dead seat and after the end', async () => {
    const m = manager();
    const fresh = await seatedRoom(m, 'human');
    await m.tap(fresh.seats[0]!, 'early', 1, 0);
    expect(fresh.seats[0]!.last('error')).toMatchObject({ code: 'not-started', id: 'early' });

    const t = await startedRoom(m);
    const entries = (await log(t)).length;
    const civilian = seatOf(t, 'civilian');
    const phone = t.seats[civilian - 1]!;
    const someoneElse = civilian === 1 ? 2 : 1;
    await m.tap(phone, 'x1', someoneElse, 0);
    expect(phone.last('error')).toMatchObject({ code: 'not-your-seat', path: 'by', id: 'x1' });
    const tv = new FakeConn();
    await m.hello(tv, t.created.code, { as: 'spectator' }, undefined);
    await expect(m.tap(tv, 'x2', 1, 0)).rejects.toMatchObject({ refusal: { code: 'spectator' } });
    await expect(m.tap(t.ctrl, 'x3', 1, 0)).rejects.toMatchObject({ refusal: { code: 'not-your-seat' } });
    const steps = t.ctrl.got.at(-1)!.view.nightSteps.length as number;
    await m.tap(phone, 'x4', civilian, steps);
    expect(phone.last('error')).toMatchObject({ code: 'bad-step', path: 'step', id: 'x4' });

    // A seat out of the game.
    const dead = seatOf(t, 'civilian', 1);
    await m.command(t.ctrl, 'out', { type: 'override', action: { kind: 'eliminate', seat: dead as never } });
    const deadBefore = (await log(t)).length;
    await m.tap(t.seats[dead - 1]!, 'x5', dead, 0);
    expect(t.seats[dead - 1]!.last('error')).toMatchObject({ code: 'not-alive', id: 'x5' });
    expect(await log(t)).toHaveLength(deadBefore);

    await m.command(t.ctrl, 'end', { type: 'endNight' });
    const dayBefore = (await log(t)).length;
    await m.tap(phone, 'x6', civilian, 0);
    expect(phone.last('error')).toMatchObject({ code: 'not-night', id: 'x6', message: 'a night tap is only possible at night' });
    await m.command(t.ctrl, 'over', { type: 'override', action: { kind: 'endGame', winner: 'town' } });
    const overBefore = (await log(t)).length;
    await m.tap(phone, 'x7', civilian, 0);
    expect(phone.last('error')).toMatchObject({ code: 'game-over', id: 'x7' });
    expect(await log(t)).toHaveLength(overBefore);
    expect(dayBefore).toBe(entries + 2);
    expect((await log(t)).filter((r) => r.kind === 'tap')).toHaveLength(0);
  });
});

/** The token of a seat claimed in `seatedRoom` (its claim's welcome). */
function tokenOf(t: SeatedRoom, seat: number): string {
  return t.seats[seat - 1]!.got.find((x) => x.type === 'welcome' && x.token)!.token as string;
}
