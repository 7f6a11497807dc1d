import { afterAll, describe, expect, it } from 'vitest';
import { Client, controllerAuth, createRoom, startServer, tempDbUrl, V, type CreatedForTest } from './helpers.js';
import { openStorage } from '../src/storage/open.js';
import type { Storage } from '../src/storage/types.js';
import { anyObject, jsonOf } from './json.js';

/**
 * Bots in rooms (issue 26 point 3): the room admin of an app or online room gives free seats to
 * bots; a bot plays its seat through the server's own command path, seeing its seat's frames only;
 * the claim is logged with the bot's kind, so a restarted server seats the bots again.
 */

type Msg = Record<string, any>;
/**
 * On the test clock (×0.05): a 10 s step lasts half a second, a bot thinks 20–90 ms. A speech is 20 s
 * (one second): a bot's turn is up to four actions, each after its think time (its opinions, a
 * statement a frame, then its nomination and the end of its speech), and on a loaded CI machine half a
 * second was too short for the nominations (a game without a vote).
 */
const TIME_SCALE = 0.05;
const TIMERS = { speech: 20, defence: 10, lastWords: 10, vote: 10, nightStep: 10 };
const db = tempDbUrl();
afterAll(() => db.cleanup());

async function adminOf(ws: string, created: CreatedForTest): Promise<Client> {
  const c = await Client.open(ws);
  await c.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created) }, 'welcome');
  return c;
}

const addBot = (admin: Client, seat: number, id = `bot-${seat}`) => admin.request({ v: V, type: 'bot', seat, name: `Бот ${seat}`, id });

/** The commands of the room's log, by who sent them. */
async function commandsBy(server: Awaited<ReturnType<typeof startServer>>, roomId: string): Promise<Map<string, number>> {
  const by = new Map<string, number>();
  for (const e of await server.storage.readLog(roomId)) {
    if (e.kind !== 'command') continue;
    const who = String(jsonOf(anyObject, e.body).by);
    by.set(who, (by.get(who) ?? 0) + 1);
  }
  return by;
}

/** Who sent each command of the room's log, in order. */
async function readCommands(storage: Pick<Storage, 'readLog'>, roomId: string): Promise<unknown[]> {
  return (await storage.readLog(roomId)).filter((e) => e.kind === 'command').map((e) => jsonOf(anyObject, e.body).by);
}

describe('bots in rooms', () => {
  it('admin_gives_nine_seats_to_bots_and_one_person_plays_an_online_game_to_its_end', async () => {
    const server = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online', timers: TIMERS });
      const admin = await adminOf(server.ws, created);
      for (let seat = 2; seat <= 10; seat++) {
        const u = await addBot(admin, seat);
        expect(u.type, JSON.stringify(u)).toBe('update');
        // The claim's log item says it is a bot's: every viewer reads it so.
        expect(u.items).toEqual([{ seq: expect.any(Number), kind: 'claim', seat, name: `Бот ${seat}`, bot: true }]);
      }
      const person = await Client.open(server.ws);
      const welcome = await person.request({ v: V, type: 'claim', room: created.code, seat: 1, name: 'Анна' }, 'welcome');
      expect(welcome.lobby.claimed).toEqual(['Анна', ...Array.from({ length: 9 }, (_, i) => `Бот ${i + 2}`)]);
      expect(welcome.lobby.bots).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(server.manager.botSeats(created.room).map((b) => b.seat)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);

      const review = (key?: string) => fetch(`${server.base}/api/rooms/${created.code}/review`, key ? { headers: { 'x-room-key': key } } : {});
      // No review before the game has ended, none without the room's key.
      expect(await (await review(created.adminKey)).json()).toEqual({ error: { code: 'game-not-ended', message: 'the review opens once the game has ended' } });
      await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      // The person never taps: his steps end on their timers (R-HOST-2); the bots play theirs.
      const end = await person.next((m) => m.type === 'update' && m.view?.phase.kind === 'ended', 100_000);
      expect(end.view.winner).toBeTruthy();
      // The review: each bot's votes and acts with their reasons, for the room's key only.
      expect((await review()).status).toBe(403);
      expect((await review('wrong-key')).status).toBe(403);
      const r = await review(created.adminKey);
      expect(r.status).toBe(200);
      const body = (await r.json()) as { game: number; bots: { seat: number; name: string; journal: { phase: string; n: number; act: string; target: number; reason: { code: string } }[] }[] };
      expect(body.game).toBe(1);
      expect(body.bots.map((b) => [b.seat, b.name])).toEqual(Array.from({ length: 9 }, (_, i) => [i + 2, `Бот ${i + 2}`]));
      const entries = body.bots.flatMap((b) => b.journal);
      expect(entries.length).toBeGreaterThan(5);
      for (const e of entries) expect(e.reason.code).toMatch(/^[a-zA-Z]+$/);
      // Each vote a bot cast is in its journal, its target named. Whether the bots vote at all is the
      // game's: in a one-second speech on a loaded machine they may nominate nobody, and a day without
      // a nominee has no vote.
      const botVotes = (await server.storage.readLog(created.room)).filter((e) => e.kind === 'command')
        .map((e) => (jsonOf(anyObject, e.body) as { command?: { type?: string; by?: number; target?: number } }).command)
        .filter((c): c is { type: 'vote'; by: number; target: number } => c?.type === 'vote' && (c.by ?? 0) >= 2);
      for (const v of botVotes) {
        const journal = body.bots.find((b) => b.seat === v.by)!.journal;
        expect(journal.some((e) => e.act === 'vote' && e.target === v.target), `seat ${v.by}'s vote for ${v.target} in ${JSON.stringify(journal)}`).toBe(true);
      }
      const by = await commandsBy(server, created.room);
      const botCommands = [...by].filter(([who]) => Number(who) >= 2).reduce((n, [, k]) => n + k, 0);
      expect(botCommands, `commands by seat: ${JSON.stringify([...by])}`).toBeGreaterThan(10);
      // The person sent nothing himself: whatever seat 1 sent was his stand-in's, after two missed steps (idle.ts).
      const stoodIn = person.received.some((m) => m.type === 'idle' && m.standIn === true);
      expect({ commands: by.get('1') ?? 0, stoodIn }).toEqual({ commands: stoodIn ? expect.any(Number) : 0, stoodIn });
      // Every frame a bot was sent parsed as the wire's own message; no command of theirs was refused but for a race with the clock.
      for (const bot of server.manager.botSeats(created.room)) expect(bot.troubles.filter((t) => t.startsWith('bad frame'))).toEqual([]);
      await Promise.all([admin.close(), person.close()]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('a_bot_is_refused_at_a_human_hosts_table_on_a_taken_seat_and_to_a_seat_and_nothing_is_logged', async () => {
    const server = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    try {
      const human = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
      const host = await adminOf(server.ws, human);
      const refusedHere = await addBot(host, 3);
      expect(refusedHere).toMatchObject({ type: 'error', code: 'bots-need-app-host' });

      const online = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online', timers: TIMERS });
      const admin = await adminOf(server.ws, online);
      const person = await Client.open(server.ws);
      await person.request({ v: V, type: 'claim', room: online.code, seat: 1, name: 'Анна' }, 'welcome');
      const before = (await server.storage.readLog(online.room)).length;
      expect(await addBot(admin, 1)).toMatchObject({ type: 'error', code: 'seat-taken' });
      expect(await addBot(admin, 11)).toMatchObject({ type: 'error', code: 'bad-seat' });
      expect(await addBot(person, 2)).toMatchObject({ type: 'error', code: 'host-only' });
      const spectator = await Client.open(server.ws);
      await spectator.request({ v: V, type: 'hello', room: online.code, auth: { as: 'spectator' } }, 'welcome');
      expect(await addBot(spectator, 2)).toMatchObject({ type: 'error', code: 'host-only' });
      expect((await server.storage.readLog(online.room)).length, 'nothing logged').toBe(before);
      expect(server.manager.botSeats(online.room)).toEqual([]);

      // A re-sent `bot` (the same id) is answered, not applied again; a second seat is a second bot.
      await addBot(admin, 2, 'same');
      const again = await addBot(admin, 2, 'same');
      expect(again).toMatchObject({ type: 'ack', duplicate: true });
      expect((await server.storage.readLog(online.room)).length).toBe(before + 1);
      await Promise.all([host.close(), admin.close(), person.close(), spectator.close()]);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('a_released_bot_seat_goes_to_a_person_and_the_bot_stops', async () => {
    const server = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online', timers: TIMERS });
      const admin = await adminOf(server.ws, created);
      await addBot(admin, 4);
      const [bot] = server.manager.botSeats(created.room);
      await admin.request({ v: V, type: 'release', seat: 4, id: 'free-4' }, 'update');
      expect(server.manager.botSeats(created.room)).toEqual([]);
      expect(bot!.you, 'the bot left its seat').toBeNull();
      const person = await Client.open(server.ws);
      const w = await person.request({ v: V, type: 'claim', room: created.code, seat: 4, name: 'Борис' }, 'welcome');
      expect(w.lobby.claimed[3]).toBe('Борис');
      expect(w.lobby.bots).toBeUndefined();
      await Promise.all([admin.close(), person.close()]);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('a_player_who_left_mid_game_is_replaced_by_a_bot_that_plays_his_seat_on', async () => {
    const server = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online', timers: TIMERS });
      const admin = await adminOf(server.ws, created);
      for (let seat = 2; seat <= 10; seat++) await addBot(admin, seat);
      const person = await Client.open(server.ws);
      await person.request({ v: V, type: 'claim', room: created.code, seat: 1, name: 'Анна' }, 'welcome');
      await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'day', 20_000);
      // He leaves: the admin frees his seat and gives it to a bot, which plays on from the seat's own view.
      await admin.request({ v: V, type: 'release', seat: 1, id: 'free-1' }, 'update');
      const before = (await readCommands(server.storage, created.room)).length;
      const given = await addBot(admin, 1, 'bot-for-1');
      expect(given.lobby.bots).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const end = await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'ended', 100_000);
      expect(end.view.winner).toBeTruthy();
      // The bot on seat 1 was sent the seat's frames from its welcome on and read every one.
      const bot = server.manager.botSeats(created.room).find((b) => b.seat === 1)!;
      expect(bot.viewFrames).toBeGreaterThan(1);
      expect(bot.troubles.filter((t) => t.startsWith('bad frame'))).toEqual([]);
      expect((await readCommands(server.storage, created.room)).length).toBeGreaterThan(before);
      await Promise.all([admin.close(), person.close()]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('bots_sit_again_after_a_restart_and_a_table_of_bots_only_plays_to_its_end', async () => {
    const first = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    let created: CreatedForTest;
    try {
      created = await createRoom(first.base, { preset: 'classic', seats: 10, mode: 'online', timers: TIMERS });
      const admin = await adminOf(first.ws, created);
      for (let seat = 1; seat <= 10; seat++) await addBot(admin, seat);
      await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      // A day is played (the bots end speeches, nominate, vote: ids of theirs in the log), then the server stops, its bots with it.
      await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'night' && m.view.phase.n === 2, 30_000);
      await admin.close();
    } finally {
      await first.stop();
    }
    // Read while no server runs: the log as the first server left it.
    const stored = await openStorage(db.url);
    const before = (await readCommands(stored, created!.room)).length;
    await stored.close();
    const second = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    try {
      const watcher = await Client.open(second.ws);
      const w = await watcher.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' } }, 'welcome');
      expect(w.lobby.bots).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(second.manager.botSeats(created.room)).toHaveLength(10);
      const end = w.view?.phase.kind === 'ended' ? w : await watcher.next((m) => m.type === 'update' && m.view?.phase.kind === 'ended', 100_000);
      expect(end.view.winner).toBeTruthy();
      // The bots seated again played: their commands after the restart were applied, none taken for a repeat of an earlier id.
      for (const bot of second.manager.botSeats(created!.room)) expect(bot.troubles.filter((t) => t.includes('"duplicate":true')), `seat ${bot.seat}`).toEqual([]);
      const after = (await readCommands(second.storage, created!.room)).slice(before);
      expect(after.filter((by) => typeof by === 'number').length, `commands after the restart by: ${JSON.stringify(after)}`).toBeGreaterThan(3);
      await watcher.close();
    } finally {
      await second.stop();
    }
  }, 150_000);

  it('the_review_of_the_next_game_at_the_same_table_holds_that_games_journals_only', async () => {
    const server = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 7, mode: 'online', timers: TIMERS });
      const admin = await adminOf(server.ws, created);
      for (let seat = 1; seat <= 7; seat++) await addBot(admin, seat);
      const review = async () => (await (await fetch(`${server.base}/api/rooms/${created.code}/review`, { headers: { 'x-room-key': created.adminKey! } })).json()) as { game: number; bots: { journal: { phase: string; n: number }[] }[] };
      await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'ended', 100_000);
      const first = await review();
      expect(first.game).toBe(1);
      await admin.request({ v: V, type: 'next', id: 'again' }, 'update');
      // The next game is under way: no review until it ends.
      expect((await fetch(`${server.base}/api/rooms/${created.code}/review`, { headers: { 'x-room-key': created.adminKey! } })).status).toBe(409);
      await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'ended', 100_000);
      const second = await review();
      expect(second.game).toBe(2);
      // Each bot's journal starts again with the new game (a fresh bot): none carries the first game's entries.
      const entries = (r: typeof first) => r.bots.reduce((n, b) => n + b.journal.length, 0);
      expect(entries(first)).toBeGreaterThan(0);
      expect(entries(second)).toBeGreaterThan(0);
      // A bot carried over would start its second journal with the whole first one; one bot's short
      // journal can start the same by chance (the same kill on night 2), so the check is over the table:
      // a carry-over makes every bot's do so, fresh bots all at once almost never.
      const kept = first.bots.filter((b) => b.journal.length > 0);
      expect(kept.length).toBeGreaterThan(1);
      const carried = second.bots.filter((b, i) => {
        const before = first.bots[i]!.journal;
        return before.length > 0 && JSON.stringify(b.journal.slice(0, before.length)) === JSON.stringify(before);
      });
      expect(carried.length, JSON.stringify({ first: first.bots, second: second.bots })).toBeLessThan(kept.length);
      await admin.close();
    } finally {
      await server.stop();
    }
  }, 150_000);
});

