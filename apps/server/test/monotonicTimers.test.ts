import { seatNo } from '@mafia/engine';
import { describe, expect, it, vi } from 'vitest';
import type { RoomManager } from '../src/room/manager.js';
import { elapse, fakeClockStorage, realSleep } from './fakeClocks.js';
import { FakeConn } from './fakeConn.js';
import { controllerOf, managerOver, seatedRoom, type SeatedRoom } from './fakeRooms.js';
import { Client, startServer, tempDbUrl, V } from './helpers.js';

/**
 * Issue 12, point 8: a running step never lasts longer than its length from the moment it started
 * as this process measures it (the monotonic clock), across restarts too, and a wall-clock jump
 * neither stalls nor shortens it. The wall clock and the monotonic clock are vitest's fake ones:
 * `setSystemTime` jumps the wall clock alone, as NTP or `date -s` would, and no test waits for real.
 */

type Msg = Record<string, any>;
const HOUR = 3_600_000;
const env = fakeClockStorage();

/** A manager on the fake clocks (installed first, so it reads them from its first moment). */
function fakeClockManager(): RoomManager {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  return env.track(managerOver(env.storage));
}

/** The app host's `timeUp` entries in the room's log. */
const timeUps = async (t: SeatedRoom) =>
  (await env.storage.readLog(t.created.room)).filter((r) => r.kind === 'command' && JSON.parse(r.body).command.type === 'timeUp').length;

/** Waits (in real time, for the storage's answer) until the room's log has `n` timeUp entries; false if it never gets there. */
async function reachesTimeUps(t: SeatedRoom, n: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if ((await timeUps(t)) >= n) return true;
    await realSleep(20);
  }
  return false;
}

const latestUpdate = (c: FakeConn): Msg => c.last('update')!;

/** The running step (after `done` timeUps) ends `ms` from now on the fake clocks: not a second before, and on time. */
async function expectStepEndsIn(t: SeatedRoom, ms: number, done: number): Promise<void> {
  await elapse(ms - 1_000);
  expect(await timeUps(t), 'the step has not ended early').toBe(done);
  await elapse(1_100);
  expect(await reachesTimeUps(t, done + 1), 'the step ended on time').toBe(true);
}

/** An app room on day 1, the first speech just begun (the night ended on its timer): the speaker's connection and the speech's timer. */
async function speechRunning(manager: RoomManager): Promise<SeatedRoom & { speaker: FakeConn; speech: Msg }> {
  const t = await seatedRoom(manager, 'app', { nightStep: 10, speech: 30 });
  await manager.start(t.ctrl, 'go');
  const night = latestUpdate(t.ctrl).timer;
  await elapse(night.deadline - night.started);
  expect(await reachesTimeUps(t, 1)).toBe(true);
  const speaker = t.seats.find((s) => (s.last('update')?.pending ?? []).some((p: Msg) => p.kind === 'nominate'));
  expect(speaker, 'a seat is speaking and may nominate').toBeDefined();
  const speech = latestUpdate(t.ctrl).timer;
  expect(speech).toMatchObject({ kind: 'speech' });
  expect(speech.deadline - speech.started).toBe(30_000);
  return { ...t, speaker: speaker!, speech };
}

/** The speaker nominates: a command in the same step, so the app host's alarm is armed again for the same timer. */
async function nominate(manager: RoomManager, t: SeatedRoom & { speaker: FakeConn; speech: Msg }): Promise<void> {
  const seat = t.speaker.you!.as === 'seat' ? t.speaker.you!.seat : 0;
  await manager.command(t.speaker, 'nom', { type: 'nominate', by: seatNo(seat), target: seatNo((seat % 10) + 1) });
  const u = latestUpdate(t.speaker);
  expect(u.ack).toBe('nom');
  expect(u.timer).toEqual(t.speech);
}

describe('timers on the monotonic clock', () => {
  it('restart_with_clock_an_hour_behind_ends_step_on_time', async () => {
    const first = fakeClockManager();
    const t = await seatedRoom(first, 'app', { nightStep: 10 });
    await first.start(t.ctrl, 'go');
    const night = latestUpdate(t.ctrl).timer;
    const length = night.deadline - night.started;
    expect(length).toBe(30_000);
    await elapse(5_000);
    await first.close();
    // The server comes back with the wall clock an hour behind.
    vi.setSystemTime(Date.now() - HOUR);
    const restarted = fakeClockManager();
    // A player is back at the table (an app game does not run without players: issue 12 point 10).
    const seat1 = new FakeConn();
    await restarted.hello(seat1, t.created.code, { as: 'seat', seat: 1, token: t.seats[0].last('welcome')!.token }, undefined);
    const admin = await controllerOf(restarted, t.created);
    // Every client gets the timer re-based onto the new process's clock: it ends at most a length from now.
    const shown = admin.last('welcome')!.timer;
    // (The restarted process's clock reads the wall clock as it is now: nothing has jumped since.)
    expect(shown.deadline - Date.now()).toBe(length);
    expect(restarted.serverNow()).toBe(Date.now());
    const log = await env.storage.readLog(t.created.room);
    const rebased = log.at(-1)!;
    expect(rebased.kind).toBe('timer');
    expect(JSON.parse(rebased.body)).toMatchObject({ by: 'app', timer: shown });
    // The night ends a whole length after the restart (what had passed before it cannot be known).
    await expectStepEndsIn(t, length, 0);
  });

  /** 10 s into a 30 s speech the wall clock jumps by `jump`; the speaker's nomination re-arms the alarm; the speech still ends 30 s after it began. */
  async function jumpMidSpeech(jump: number): Promise<void> {
    const manager = fakeClockManager();
    const t = await speechRunning(manager);
    await elapse(10_000);
    vi.setSystemTime(Date.now() + jump);
    await nominate(manager, t);
    await expectStepEndsIn(t, 20_000, 1);
  }

  it('backward_clock_jump_does_not_stall_the_app_host', () => jumpMidSpeech(-HOUR));

  it('forward_clock_jump_does_not_shorten_a_step', () => jumpMidSpeech(HOUR));

  it('a_pause_across_a_backward_clock_jump_keeps_what_was_left', async () => {
    const manager = fakeClockManager();
    const t = await speechRunning(manager);
    await elapse(10_000);
    await manager.setPaused(t.ctrl, true, 'stop');
    expect(latestUpdate(t.ctrl).items[0]).toMatchObject({ kind: 'pause', remaining: 20_000 });
    vi.setSystemTime(Date.now() - HOUR);
    await elapse(5_000);
    await manager.setPaused(t.ctrl, false, 'go on');
    await expectStepEndsIn(t, 20_000, 1);
  });
});

/** A real server in this process on fake clocks only (its sockets and timers run for real), stopped after `fn`. */
async function withFakeClockServer(fn: (server: Awaited<ReturnType<typeof startServer>>) => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  const url = tempDbUrl();
  const server = await startServer(url.url);
  try {
    await fn(server);
  } finally {
    vi.useRealTimers();
    await server.stop();
    url.cleanup();
  }
}

describe('the clients\' clock', () => {
  it('pong_tells_the_time_the_timers_run_on_after_a_wall_clock_jump', async () => {
    await withFakeClockServer(async (server) => {
      vi.setSystemTime(Date.now() - HOUR);
      const c = await Client.open(server.ws);
      const pong = await c.request({ v: V, type: 'ping' }, 'pong');
      // A client sets its clock by pong's `now`: it must be the clock the deadlines are on, not the jumped wall clock.
      expect(pong.now - Date.now()).toBe(HOUR);
      expect(pong.now).toBe(server.manager.serverNow());
      await c.close();
    });
  });
});

describe('connections across a wall-clock jump', () => {
  it('a_backward_clock_jump_does_not_rate_limit_an_open_connection', async () => {
    await withFakeClockServer(async (server) => {
      const c = await Client.open(server.ws);
      vi.setSystemTime(Date.now() - HOUR);
      // A connection opened before the jump goes on as before: its rate limit counts on the monotonic clock.
      expect((await c.request({ v: V, type: 'ping' })).type).toBe('pong');
      await c.close();
    });
  });
});
