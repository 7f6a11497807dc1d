import type { Command } from '@mafia/engine';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomManager } from '../src/room/manager.js';
import { openStorage } from '../src/storage/open.js';
import type { Storage } from '../src/storage/types.js';
import { FakeConn } from './fakeConn.js';
import { tempDbUrl } from './helpers.js';
import { anyObject, jsonOf } from './json.js';

/**
 * R-HOST-2: a refusal of the app host's step is logged at error level and reported to the room
 * admin once; the room then waits (no retry loop) for the admin's skip or undo, or a new timer.
 * The engine's own `timeUp` is never refused, so the manager is given a step the engine refuses at night.
 */

type Msg = Record<string, any>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: ReturnType<typeof tempDbUrl>;
let storage: Storage;
const lines: Msg[] = [];
let manager: RoomManager;

beforeAll(async () => {
  db = tempDbUrl();
  storage = await openStorage(db.url);
  await storage.migrate();
  const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(jsonOf(anyObject, s)) });
  const refusedAtNight = (): Command => ({ type: 'closeVote' });
  manager = new RoomManager(storage, log, Date.now, 60_000, refusedAtNight);
});
afterAll(async () => {
  await manager.close();
  await storage.close();
  db.cleanup();
});

describe('a refused app host step', () => {
  it('is_logged_at_error_level_reported_to_the_admin_once_and_not_retried_until_the_admin_skips', async () => {
    const created = await manager.create({ preset: 'classic', seats: 10, mode: 'app', timers: { nightStep: 0.07 } });
    const admin = new FakeConn();
    const spectator = new FakeConn();
    const seat = new FakeConn();
    await manager.hello(admin, created.code, { as: 'admin', key: created.adminKey! }, undefined);
    await manager.hello(spectator, created.code, { as: 'spectator' }, undefined);
    await manager.claim(seat, created.code, { seat: 1, name: 'Anna' });
    // An app room starts only with every seat claimed (and its clock runs while one is connected).
    for (let n = 2; n <= 10; n++) await manager.claim(new FakeConn(), created.code, { seat: n });
    await manager.start(admin, 'go');
    const logged = (await storage.readLog(created.room)).length;
    await sleep(700);
    const alerts = admin.got.filter((m) => m.type === 'alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ v: 1, type: 'alert', command: 'closeVote', code: expect.any(String) });
    expect(alerts[0].message).toMatch(/skip the step or undo/);
    // Nobody else hears of it, and nothing was written.
    for (const c of [spectator, seat]) expect(c.got.filter((m) => m.type === 'alert')).toEqual([]);
    expect((await storage.readLog(created.room)).length).toBe(logged);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ room: created.room, code: alerts[0].code, command: { type: 'closeVote' } });
    // A player's command in the same step does not make the app host try again.
    await manager.command(seat, 'x', { type: 'endSpeech' });
    await sleep(400);
    expect(admin.got.filter((m) => m.type === 'alert')).toHaveLength(1);
    // An admin coming back is shown the standing alert; a spectator is not.
    const again = new FakeConn();
    await manager.hello(again, created.code, { as: 'admin', key: created.adminKey! }, undefined);
    const { v: _v, type: _t, ...standing } = alerts[0];
    expect(again.last('welcome')!.alert).toEqual(standing);
    const look = new FakeConn();
    await manager.hello(look, created.code, { as: 'spectator' }, undefined);
    expect(look.last('welcome')!.alert).toBeUndefined();
    // The way out: the admin skips (the engine's own timeUp), and the alert is gone.
    await manager.skip(admin, 'k');
    expect(admin.last('update')).toMatchObject({ ack: 'k', view: { phase: { kind: 'day' } } });
    const later = new FakeConn();
    await manager.hello(later, created.code, { as: 'admin', key: created.adminKey! }, undefined);
    expect(later.last('welcome')!.alert).toBeUndefined();
  });
});
