import { CARD_PAUSE_SECONDS } from '@mafia/protocol';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { RoomManager } from '../src/room/manager.js';
import { scaleTimer, timeScaleFromEnv } from '../src/room/testClock.js';
import type { FakeConn } from './fakeConn.js';
import { elapse, fakeClockStorage } from './fakeClocks.js';
import { seatedRoom } from './fakeRooms.js';
import { anyObject, jsonOf } from './json.js';

/**
 * Issue 25 item 6: the test clock. MAFIA_TEST_TIME_SCALE shortens every step the server times, for
 * the end-to-end games; outside tests (NODE_ENV other than `test`) the server refuses to start with it.
 */

type Msg = Record<string, any>;
const endGame = { type: 'override', action: { kind: 'endGame', winner: 'town' } } as const;
const env = fakeClockStorage();
const timer = (c: FakeConn): Msg => c.last('update')!.timer;

function manager(timeScale: number): RoomManager {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  return env.track(new RoomManager(env.storage, pino({ level: 'silent' }), () => Date.now(), 10 * 60_000, () => endGame, { mono: () => performance.now(), timeScale }));
}

describe('the test clock setting (MAFIA_TEST_TIME_SCALE)', () => {
  it('is_refused_outside_tests_so_a_club_server_never_starts_with_it', () => {
    for (const NODE_ENV of [undefined, 'production', 'development', '']) {
      expect(() => timeScaleFromEnv({ NODE_ENV, MAFIA_TEST_TIME_SCALE: '0.1' })).toThrow(/for tests only.*NODE_ENV=test/);
      expect(() => configFromEnv({ NODE_ENV, MAFIA_TEST_TIME_SCALE: '0.1' })).toThrow(/MAFIA_TEST_TIME_SCALE/);
    }
  });

  it('is_real_time_when_unset_and_the_asked_scale_under_NODE_ENV_test', () => {
    expect(configFromEnv({}).timeScale).toBe(1);
    expect(configFromEnv({ NODE_ENV: 'production' }).timeScale).toBe(1);
    expect(configFromEnv({ NODE_ENV: 'test', MAFIA_TEST_TIME_SCALE: '0.1' }).timeScale).toBe(0.1);
    for (const bad of ['0', '-1', '2', 'fast']) {
      expect(() => timeScaleFromEnv({ NODE_ENV: 'test', MAFIA_TEST_TIME_SCALE: bad })).toThrow(/above 0 and at most 1/);
    }
  });

  it('draws_every_time_of_a_timer_towards_its_start', () => {
    const night = { kind: 'night' as const, key: 'night/1', started: 1_000, deadline: 31_000, steps: [1_000, 11_000, 21_000] };
    expect(scaleTimer(night, 0.1)).toEqual({ ...night, deadline: 4_000, steps: [1_000, 2_000, 3_000] });
    expect(scaleTimer(night, 1)).toBe(night);
  });
});

describe('an app-hosted room on the test clock', () => {
  it('times_each_new_step_scaled_tells_every_client_the_same_deadline_and_fires_on_it', async () => {
    const m = manager(0.1);
    const t = await seatedRoom(m, 'app', { nightStep: 10 });
    await m.start(t.ctrl, 'go');
    const first = timer(t.ctrl);
    // Classic's night 1 has three steps of 10 s: 3 s on a clock ten times as fast.
    expect(first).toMatchObject({ kind: 'night' });
    expect(first.deadline - first.started).toBe(3_000);
    expect(first.steps).toEqual([first.started, first.started + 1_000, first.started + 2_000]);
    expect(timer(t.seats[4])).toEqual(first);
    // The log keeps what the clients were told (a restart re-arms the same deadline).
    const start = (await env.storage.readLog(t.created.room)).find((r) => r.kind === 'start')!;
    expect(jsonOf(anyObject, start.body).timer).toMatchObject(first);
    await elapse(2_900);
    expect(t.ctrl.last('update')!.view.phase.kind).toBe('night');
    await elapse(200);
    expect(t.ctrl.last('update')!.view.phase.kind).toBe('ended');
    // The next game's card pause is scaled too.
    await m.nextGame(t.ctrl, 'again');
    const cards = timer(t.ctrl);
    expect(cards).toMatchObject({ kind: 'cards' });
    expect(cards.deadline - cards.started).toBe(CARD_PAUSE_SECONDS * 100);
  });

  it('keeps_a_host_moved_deadline_as_the_host_moved_it', async () => {
    const m = manager(0.1);
    const t = await seatedRoom(m, 'human', { nightStep: 10 });
    await m.start(t.ctrl, 'go');
    const before = timer(t.ctrl);
    await m.adjustTimer(t.ctrl, 10, 'more');
    const after = timer(t.ctrl);
    expect(after.key).toBe(before.key);
    expect(after.deadline - before.deadline).toBe(10_000);
  });
});
