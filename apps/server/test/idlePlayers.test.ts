import { afterAll, describe, expect, it } from 'vitest';
import { Client, createRoom, seatTheTable, startServer, tempDbUrl, V } from './helpers.js';

/**
 * Idle players of online rooms (issue 26, point 4): a seat that misses a required act or a vote is
 * told so on its own connections; after two misses in a row a bot plays it until its person sends
 * anything; a missed night act stays the seat's secret (the admin counts public misses only); a
 * seat whose connection was lost is not counted for a grace period.
 */

type Msg = Record<string, any>;
/** On the test clock: a step lasts half a second, the grace is 3 s. */
const TIME_SCALE = 0.05;
/** Speeches long enough for the test's own seats to end them under load; the rest runs out at once. */
const TIMERS = { speech: 60, defence: 10, lastWords: 10, vote: 10, nightStep: 10 };
/** Deals the Commissar seat 1 (its phone is the one that drops below): CI once drew that deal at random. */
const COMMISSAR_ON_SEAT_1 = 16;
const db = tempDbUrl();
afterAll(() => db.cleanup());

const idleOf = (c: Client): Msg[] => c.received.filter((m) => m.type === 'idle');
const phaseIs = (kind: string, n: number) => (m: Msg) => m.type === 'update' && m.view?.phase.kind === kind && m.view.phase.n === n;

describe('idle players', () => {
  it('a_missed_vote_is_public_a_missed_night_act_is_private_and_two_in_a_row_bring_a_stand_in', async () => {
    const server = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE, testSeed: COMMISSAR_ON_SEAT_1 });
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online', timers: TIMERS });
      const { seats, tokens, host: admin } = await seatTheTable(server.ws, created, { named: true });
      await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      const state = server.manager.gameStateOf(created.room)!;
      const nightRoles = state.roles.flatMap((r, i) => (r === 'civilian' ? [] : [i + 1]));
      const civilians = state.roles.flatMap((r, i) => (r === 'civilian' ? [i + 1] : []));
      const commissar = state.roles.indexOf('commissar') + 1;
      expect(commissar).toBe(1);

      // Day 1: the first two speakers nominate a civilian each (one nominee is not voted on day 1,
      // R-VOTE-4), every speaker ends his own speech; nobody votes, so every living seat missed the vote.
      let done = 0;
      for (;;) {
        const m = await admin.next((x) => x.type === 'update' && x.view?.phase.kind === 'day', 30_000);
        const day = m.view.day;
        if (day.stage !== 'speeches') break;
        const speaker: number = day.speaker;
        if (done !== speaker) {
          done = speaker;
          if (day.nominations.length < 2 && speaker <= 3) {
            const nominee = civilians.filter((x) => x !== speaker && !day.nominations.some((n: number[]) => n[1] === x))[0];
            await seats[speaker - 1].request({ v: V, type: 'command', id: `nom${speaker}`, command: { type: 'nominate', by: speaker, target: nominee } });
          }
          await seats[speaker - 1].request({ v: V, type: 'command', id: `end${speaker}`, command: { type: 'endSpeech' } });
        }
      }
      const listed = await admin.next((m) => m.type === 'idleSeats' && m.seats.length > 0, 30_000);
      const idleEvents = (await server.storage.readLog(created.room)).flatMap((r) => (r.kind === 'command' ? JSON.parse(r.body).events : [])).filter((e: Msg) => e.type === 'SeatsIdle');
      expect(idleEvents.filter((e: Msg) => e.stage !== 'defence' && e.stage !== 'lastWords'), JSON.stringify(idleEvents)).toEqual([{ type: 'SeatsIdle', stage: 'vote', seats: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }]);
      expect(listed.seats.map((s: Msg) => s.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(listed.seats.every((s: Msg) => s.misses === 1)).toBe(true);
      for (const c of seats) expect(await c.next((m) => m.type === 'idle')).toEqual({ v: V, type: 'idle', misses: 1, limit: 2, standIn: false });

      // The Commissar's phone drops as the night begins: the night is not counted against him. The
      // phases are watched on the admin's page, as seat 1 is the Commissar's.
      await admin.next(phaseIs('night', 2), 30_000);
      await seats[commissar - 1].close();
      const civilianFramesBefore = civilians.map((s) => idleOf(seats[s - 1]).length);
      await admin.next(phaseIs('day', 2), 30_000);
      // The mafia, the Don (still alive) missed their acts: a second miss in a row, a stand-in plays them.
      const alive = server.manager.gameStateOf(created.room)!.alive;
      const expected = nightRoles.filter((s) => s !== commissar && alive[s - 1]);
      expect(server.manager.standInSeats(created.room)).toEqual(expected);
      for (const s of expected) expect(await seats[s - 1].next((m) => m.type === 'idle' && m.misses === 2)).toMatchObject({ standIn: true });
      // Nobody else heard of the night's misses: no civilian got a word, the admin's list did not move.
      expect(civilians.map((s) => idleOf(seats[s - 1]).length)).toEqual(civilianFramesBefore);
      expect(admin.received.filter((m) => m.type === 'idleSeats').at(-1)!.seats.every((s: Msg) => s.misses === 1)).toBe(true);

      // The first of them is back: a word from his phone takes his seat back.
      const back = await seats[expected[0] - 1].request({ v: V, type: 'back' }, 'idle');
      expect(back).toEqual({ v: V, type: 'idle', misses: 0, limit: 2, standIn: false });
      expect(server.manager.standInSeats(created.room)).toEqual(expected.slice(1));
      // A phone that opens a stood-in seat again is told at once, after its welcome, where it stands.
      const other = expected[1];
      const again = await Client.open(server.ws);
      await again.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: other, token: tokens[other - 1] } }, 'welcome');
      expect(await again.next((m) => m.type === 'idle')).toMatchObject({ misses: 2, standIn: true });
      await Promise.all([...seats, admin, again].map((c) => c.close()));
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('the_admin_sets_the_room_limit_and_one_miss_then_brings_a_stand_in', async () => {
    const server = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online', timers: { ...TIMERS, speech: 10 } });
      const { seats, host: admin } = await seatTheTable(server.ws, created, { named: true });
      expect(await seats[0].request({ v: V, type: 'idleLimit', limit: 1, id: 'mine' })).toMatchObject({ type: 'error', code: 'host-only' });
      const set = await admin.request({ v: V, type: 'idleLimit', limit: 1, id: 'one' });
      expect(set.items).toEqual([{ seq: expect.any(Number), kind: 'idleLimit', limit: 1 }]);
      expect(set.lobby.idleLimit).toBe(1);
      expect(await admin.request({ v: V, type: 'idleLimit', limit: 1, id: 'again' })).toMatchObject({ type: 'error', code: 'idle-limit-unchanged' });
      await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      const roles = server.manager.gameStateOf(created.room)!.roles;
      const commissar = roles.indexOf('commissar') + 1;
      // Night 2: the Commissar does not check; one miss is the room's limit now.
      await seats[commissar - 1].next((m) => m.type === 'idle' && m.standIn === true, 60_000);
      expect(server.manager.standInSeats(created.room)).toContain(commissar);
      expect(idleOf(seats[commissar - 1]).at(-1)).toEqual({ v: V, type: 'idle', misses: 1, limit: 1, standIn: true });
      await Promise.all([...seats, admin].map((c) => c.close()));
    } finally {
      await server.stop();
    }
  }, 90_000);
});
