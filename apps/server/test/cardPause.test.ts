import { seatNo } from '@mafia/engine';
import { CARD_PAUSE_SECONDS } from '@mafia/protocol';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RoomManager } from '../src/room/manager.js';
import type { FakeConn } from './fakeConn.js';
import { elapse, fakeClockStorage } from './fakeClocks.js';
import { seatedRoom, type SeatedRoom } from './fakeRooms.js';
import { anyObject, jsonOf } from './json.js';

/**
 * Issue 23 point 5: a next game at the same table begins with a pause for everyone to look at his
 * new card (timer kind `cards`); the server starts the night's timer when it runs out, in every
 * room, and nothing a phone sends cuts it short. The clocks are vitest's fake ones.
 */

type Msg = Record<string, any>;
const PAUSE = CARD_PAUSE_SECONDS * 1000;
const endGame = { type: 'override', action: { kind: 'endGame', winner: 'town' } } as const;
const env = fakeClockStorage();

/** A manager on fake clocks; its app host ends the game when a timer runs out (so a test reaches a next game fast). */
function manager(): RoomManager {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  return env.track(new RoomManager(env.storage, pino({ level: 'silent' }), () => Date.now(), 10 * 60_000, () => endGame, { mono: () => performance.now() }));
}

const timer = (c: FakeConn): Msg => c.last('update')!.timer;

/** The room's `timer` entries after the last `next` one. */
async function timerEntriesOfGame2(t: SeatedRoom): Promise<Msg[]> {
  const log = await env.storage.readLog(t.created.room);
  const from = log.findIndex((r) => r.kind === 'next');
  return log.slice(from).filter((r) => r.kind === 'timer').map((r) => jsonOf(anyObject, r.body));
}

describe('the card pause before a next game', () => {
  it('human_room_pauses_and_starts_the_night_by_itself_whatever_a_phone_sends', async () => {
    const m = manager();
    const t = await seatedRoom(m, 'human', { nightStep: 10 });
    await m.start(t.ctrl, 'go');
    await m.command(t.ctrl, 'end', endGame);
    await m.nextGame(t.ctrl, 'again');
    const cards = timer(t.ctrl);
    expect(cards).toMatchObject({ kind: 'cards' });
    expect(cards.deadline - cards.started).toBe(PAUSE);
    // Every phone is told the same pause.
    expect(timer(t.seats[4])).toEqual(cards);
    // Whatever a phone sends meanwhile, the pause stands (a night ends on its timer only: R-NIGHT-4).
    await m.command(t.seats[1], 'early', { type: 'act', by: seatNo(2), act: 'kill', target: seatNo(3) });
    await m.command(t.seats[1], 'end', { type: 'endNight' });
    expect(timer(t.seats[1])).toEqual(cards);
    expect(t.ctrl.last('update')!.view.phase).toEqual({ kind: 'night', n: 1 });
    // Not a moment before the pause is over.
    await elapse(PAUSE - 1_000);
    expect(timer(t.ctrl)).toEqual(cards);
    await elapse(1_100);
    const night = timer(t.ctrl);
    expect(night).toMatchObject({ kind: 'night' });
    expect(night.deadline - night.started).toBe(30_000);
    expect(timer(t.seats[4])).toEqual(night);
    expect((await timerEntriesOfGame2(t)).map((b) => [b.by, b.timer.kind])).toEqual([['app', 'night']]);
  });

  it('app_room_admin_skip_ends_the_pause_not_the_night', async () => {
    const m = manager();
    const t = await seatedRoom(m, 'app', { nightStep: 10 });
    await m.start(t.ctrl, 'go');
    const first = timer(t.ctrl);
    await elapse(first.deadline - first.started + 100);
    expect(t.ctrl.last('update')!.view.phase.kind).toBe('ended');
    await m.nextGame(t.ctrl, 'again');
    expect(timer(t.ctrl)).toMatchObject({ kind: 'cards' });
    await m.skip(t.ctrl, 'skip-cards');
    const u = t.ctrl.last('update')!;
    expect(u.ack).toBe('skip-cards');
    expect(u.view.phase).toEqual({ kind: 'night', n: 1 });
    expect(u.timer).toMatchObject({ kind: 'night' });
    expect((await timerEntriesOfGame2(t)).map((b) => [b.by, b.timer.kind])).toEqual([['admin', 'night']]);
  });
});
