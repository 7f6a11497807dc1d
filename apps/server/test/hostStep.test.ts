import { describe, expect, it } from 'vitest';
import type { RoomManager } from '../src/room/manager.js';
import { FakeConn } from './fakeConn.js';
import { controllerOf, managerOver, seatedRoom, tempStorage, type SeatedRoom } from './fakeRooms.js';

/**
 * Issue 23 point 1: with a human host the phones follow the step he opens on his console, not the
 * night clock. The step is a host-only message, logged (a restart keeps it), public to every viewer
 * (every phone shows the same step), and refused in clear words when it cannot be opened.
 */

type Msg = Record<string, any>;
const db = tempStorage();
const manager = (): RoomManager => db.track(managerOver(db.storage()));

async function startedRoom(m: RoomManager, mode: 'human' | 'app' = 'human'): Promise<SeatedRoom> {
  const t = await seatedRoom(m, mode);
  await m.start(t.ctrl, 'go');
  return t;
}

const logLength = async (t: SeatedRoom) => (await db.storage().readLog(t.created.room)).length;
const lastOf = (c: FakeConn): Msg => c.got.at(-1)!;

describe('the human host\'s night step', () => {
  it('a human night begins at step 1 on every screen and the host\'s step reaches every viewer alike', async () => {
    const m = manager();
    const t = await startedRoom(m);
    const spectator = new FakeConn();
    await m.hello(spectator, t.created.code, { as: 'spectator' }, undefined);
    expect(spectator.last('welcome')!.timer).toMatchObject({ kind: 'night', step: 0 });
    for (const s of t.seats) expect(lastOf(s).timer.step).toBe(0);

    await m.openStep(t.ctrl, 2, 's2');
    const host = t.ctrl.last('update')!;
    expect(host.ack).toBe('s2');
    expect(host.items).toEqual([{ seq: host.seq, kind: 'step', step: 2 }]);
    expect(host.timer).toMatchObject({ kind: 'night', step: 2 });
    expect(typeof host.timer.stepAt).toBe('number');
    // Every seat and the spectator get the same item and timer: the step index tells nobody who acts.
    const texts = new Set<string>();
    for (const c of [...t.seats, spectator]) {
      const u = lastOf(c);
      expect(u.type).toBe('update');
      expect(u.items.map((i: Msg) => ({ kind: i.kind, step: i.step }))).toEqual([{ kind: 'step', step: 2 }]);
      texts.add(JSON.stringify(u.timer));
    }
    expect(texts.size).toBe(1);
  });

  it('is logged: a new phone, and a restarted server, show the host\'s step', async () => {
    const m = manager();
    const t = await startedRoom(m);
    await m.openStep(t.ctrl, 1, 'a');
    const late = new FakeConn();
    await m.hello(late, t.created.code, { as: 'spectator' }, undefined);
    expect(late.last('welcome')!.timer.step).toBe(1);
    await m.close();

    const again = manager();
    const back = new FakeConn();
    await again.hello(back, t.created.code, { as: 'spectator' }, undefined);
    expect(back.last('welcome')!.timer).toMatchObject({ kind: 'night', step: 1 });
    // The same id again is answered, not applied twice.
    const host = await controllerOf(again, t.created);
    const before = await logLength(t);
    await again.openStep(host, 1, 'a');
    expect(host.last('ack')).toMatchObject({ id: 'a', duplicate: true });
    expect(await logLength(t)).toBe(before);
  });

  it('refuses a seat, a spectator and the room admin in clear words, writing nothing', async () => {
    const m = manager();
    const t = await startedRoom(m);
    const before = await logLength(t);
    const seat = t.seats[0]!;
    await expect(m.openStep(seat, 1, 'x')).rejects.toMatchObject({ refusal: { code: 'host-only' } });
    const spectator = new FakeConn();
    await m.hello(spectator, t.created.code, { as: 'spectator' }, undefined);
    await expect(m.openStep(spectator, 1, undefined)).rejects.toMatchObject({ refusal: { code: 'host-only', message: expect.stringMatching(/only the host/) } });
    expect(await logLength(t)).toBe(before);

    const app = await startedRoom(m, 'app');
    await expect(m.openStep(app.ctrl, 1, undefined)).rejects.toMatchObject({ refusal: { code: 'host-only' } });
    // An app-hosted night keeps the clock's steps: its timer names no host step.
    expect(app.ctrl.last('update')!.timer.step).toBeUndefined();
  });

  it('refuses a step the night does not have, and any step by day or before the start', async () => {
    const m = manager();
    const fresh = await seatedRoom(m, 'human');
    await m.openStep(fresh.ctrl, 0, undefined);
    expect(fresh.ctrl.last('error')).toMatchObject({ code: 'not-started' });

    const t = await startedRoom(m);
    const steps = t.ctrl.last('update')!.view.nightSteps.length as number;
    await m.openStep(t.ctrl, steps, 'far');
    expect(t.ctrl.last('error')).toMatchObject({ code: 'bad-step', path: 'step', id: 'far', message: `this night has steps 1 to ${steps}, not ${steps + 1}` });

    await m.command(t.ctrl, 'end', { type: 'endNight' });
    expect(t.ctrl.last('update')!.view.phase.kind).toBe('day');
    const before = await logLength(t);
    await m.openStep(t.ctrl, 0, 'day');
    expect(t.ctrl.last('error')).toMatchObject({ code: 'not-night', message: 'a night step can be opened only at night' });
    expect(await logLength(t)).toBe(before);
  });
});

describe('closing a room (issue 23 point 6)', () => {
  it('reaches every connection of the room — seats, spectators, the room admin — with the room closed and no timer', async () => {
    const m = manager();
    const t = await startedRoom(m, 'app');
    const tv = new FakeConn();
    await m.hello(tv, t.created.code, { as: 'spectator' }, undefined);
    await m.closeRoom(t.ctrl, 'bye');
    for (const c of [...t.seats, tv, t.ctrl]) {
      const u = lastOf(c);
      expect(u).toMatchObject({ type: 'update', lobby: { closed: true }, timer: null });
      expect(u.items.at(-1)).toMatchObject({ kind: 'close' });
    }
    // A phone that comes back later is told in its welcome.
    const back = new FakeConn();
    await m.hello(back, t.created.code, { as: 'spectator' }, undefined);
    expect(back.last('welcome')).toMatchObject({ lobby: { closed: true }, timer: null });
  });
});
