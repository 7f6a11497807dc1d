import { createGame } from '@mafia/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, createRoom, seatTheTable, startServer, V } from './helpers.js';
import { playBySeats } from './playBySeats.js';
import { TARGETS } from './storageTargets.js';
import { anyObject, jsonOf } from './json.js';

type Msg = Record<string, any>;

const endGame = { type: 'override', action: { kind: 'endGame', winner: 'town' } };

/** The body of the room's `next` entries, read from the storage. */
async function nextBodies(server: { storage: { readLog(id: string): Promise<{ kind: string; body: string }[]> } }, room: string): Promise<Msg[]> {
  return (await server.storage.readLog(room)).filter((r) => r.kind === 'next').map((r) => jsonOf(anyObject, r.body));
}

for (const make of TARGETS) {
  const target = make();
  describe(`the next game at the same table (${target.name})`, () => {
    afterAll(() => target.cleanup());

    /** A server over a fresh database, and a room of `preset` with every seat claimed and the game started. */
    async function table(body: Record<string, unknown> = {}) {
      const server = await startServer(await target.url());
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human', ...body });
      const { seats, tokens, host } = await seatTheTable(server.ws, created, { named: true, seats: (body.seats as number | undefined) ?? 10 });
      const started = await host.request({ v: V, type: 'start', id: 'go' }, 'update');
      let n = 0;
      const hostCmd = (command: Msg) => host.request({ v: V, type: 'command', id: `h${++n}`, command }, 'update');
      return { server, created, seats, tokens, host, started, hostCmd };
    }

    it('same_seats_and_tokens_new_deal_and_every_client_follows', async () => {
      const { server, created, seats, tokens, host, started, hostCmd } = await table();
      try {
        const firstRoles = started.view.seats.map((s: Msg) => s.role);
        const ended = await hostCmd(endGame);
        expect(ended.lobby).toMatchObject({ ended: true, game: 1 });
        const seat3 = seats[2].next((m) => m.type === 'update' && m.lobby?.game === 2);
        const u = await host.request({ v: V, type: 'next', id: 'again' }, 'update');
        expect(u.ack).toBe('again');
        expect(u.lobby).toMatchObject({ started: true, ended: false, game: 2, claimed: Array.from({ length: 10 }, (_, i) => `P${i + 1}`) });
        expect(u.items).toHaveLength(1);
        expect(u.items[0]).toMatchObject({ seq: ended.seq + 1, kind: 'events', by: 'host', game: 2 });
        expect(u.view.phase).toEqual({ kind: 'night', n: 1 });
        // Issue 23 point 5: night 1 waits while everyone looks at his new card.
        expect(u.timer.kind).toBe('cards');
        // A new deal: a new recorded seed, and the roles are that seed's.
        const [body] = await nextBodies(server, created.room);
        const row = await server.storage.roomById(created.room);
        expect(body!.seed).not.toBe(row!.seed);
        const dealt = createGame({ preset: 'classic', players: 10, seed: body!.seed, names: Array.from({ length: 10 }, (_, i) => `P${i + 1}`) });
        if (!dealt.ok) throw new Error(dealt.error.message);
        expect(u.view.seats.map((s: Msg) => s.role)).toEqual(dealt.game.state.setup.roles);
        expect(firstRoles).toHaveLength(10);
        // Every phone follows without claiming again: its update carries its own view of game 2, no seed.
        const s3 = await seat3;
        expect(s3.view.me.seat).toBe(3);
        expect(s3.view.phase).toEqual({ kind: 'night', n: 1 });
        expect(JSON.stringify(s3)).not.toContain(String(body!.seed));
        // The old tokens still open their seats.
        const back = await Client.open(server.ws);
        const w = await back.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 7, token: tokens[6] } }, 'welcome');
        expect(w.you).toEqual({ as: 'seat', seat: 7 });
        expect(w.lobby.game).toBe(2);
        await back.close();
        // The row is open again: a restart resumes the room.
        expect(row!.ended).toBe(false);
        expect((await server.storage.openRooms()).map((r) => r.id)).toContain(created.room);
      } finally {
        for (const c of [...seats, host]) await c.close();
        await server.stop();
      }
    });

    it('refused_before_the_end_by_a_seat_and_by_a_spectator_nothing_changes', async () => {
      const { server, created, seats, host, hostCmd } = await table();
      try {
        const before = (await server.storage.readLog(created.room)).length;
        const early = await host.request({ v: V, type: 'next', id: 'n1' }, 'error');
        expect(early).toMatchObject({ code: 'game-not-over', id: 'n1' });
        expect(early.message).toMatch(/ended/);
        await hostCmd(endGame);
        expect((await seats[0].request({ v: V, type: 'next', id: 'n2' }, 'error')).code).toBe('host-only');
        const spectator = await Client.open(server.ws);
        await spectator.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' } }, 'welcome');
        expect((await spectator.request({ v: V, type: 'next', id: 'n3' }, 'error')).code).toBe('host-only');
        // Only the host's endGame was written.
        expect((await server.storage.readLog(created.room)).length).toBe(before + 1);
        expect(await nextBodies(server, created.room)).toEqual([]);
        await spectator.close();
      } finally {
        for (const c of [...seats, host]) await c.close();
        await server.stop();
      }
    });

    it('a_seat_released_during_the_game_is_dealt_no_role_in_the_next_until_claimed_again', async () => {
      const { server, created, seats, host, hostCmd } = await table();
      try {
        // Issue 24: the player on seat 2 left; the host released his seat.
        await host.request({ v: V, type: 'release', id: 'r1', seat: 2 }, 'update');
        await hostCmd(endGame);
        const before = (await server.storage.readLog(created.room)).length;
        const refused = await host.request({ v: V, type: 'next', id: 'n1' }, 'error');
        expect(refused).toMatchObject({ code: 'seats-empty', id: 'n1' });
        expect(refused.message).toMatch(/seat 2 was released/);
        expect((await server.storage.readLog(created.room)).length).toBe(before);
        // Someone takes seat 2 with the code the host's device shows: the next game is dealt to every seat.
        const codes = host.received.filter((m: Msg) => m.type === 'seatCodes').at(-1)!.codes as { seat: number; code: string }[];
        const code = codes.find((c) => c.seat === 2)!.code;
        const back = await Client.open(server.ws);
        await back.request({ v: V, type: 'claim', room: created.code, seat: 2, name: 'Новый', seatCode: code }, 'welcome');
        const u = await host.request({ v: V, type: 'next', id: 'n2' }, 'update');
        expect(u.lobby).toMatchObject({ game: 2 });
        expect(u.view.seats).toHaveLength(10);
        await back.close();
      } finally {
        for (const c of [...seats, host]) await c.close();
        await server.stop();
      }
    });

    it('club_carries_the_first_night_victims_immunity_into_the_next_game', async () => {
      const { server, created, seats, host, started, hostCmd } = await table({ preset: 'club', modifications: ['first-victim-immunity'] });
      try {
        const roles: string[] = started.view.seats.map((s: Msg) => s.role);
        const mafia = roles.findIndex((r) => r === 'mafia' || r === 'don') + 1;
        const victim = roles.findIndex((r) => r === 'civilian') + 1;
        await hostCmd({ type: 'act', by: mafia, act: 'kill', target: victim });
        const morning = await hostCmd({ type: 'endNight' });
        expect(morning.view.seats[victim - 1].alive).toBe(false);
        await hostCmd(endGame);
        const u = await host.request({ v: V, type: 'next', id: 'again' }, 'update');
        const [body] = await nextBodies(server, created.room);
        expect(body!.immune).toEqual([victim]);
        const created2 = u.items[0].events.find((e: Msg) => e.type === 'GameCreated');
        expect(created2.setup.immune).toEqual([victim]);
        expect(created2.setup.modifications).toContain('first-victim-immunity');
        // A game 3 after a night 1 without a kill carries nobody.
        await hostCmd({ type: 'endNight' });
        await hostCmd(endGame);
        await host.request({ v: V, type: 'next', id: 'third' }, 'update');
        expect((await nextBodies(server, created.room))[1]!.immune).toEqual([]);
      } finally {
        for (const c of [...seats, host]) await c.close();
        await server.stop();
      }
    });

    /** An app-hosted short game (3 seats, no nights) that its seats play to the town's win: the admin may then deal the next. */
    const SHORT_APP = { preset: 'short', seats: 3, mode: 'app', timers: { speech: 2, defence: 2, lastWords: 2, vote: 1 } };

    it('an_app_room_runs_the_next_game_on_its_timers', async () => {
      const { server, seats, host } = await table(SHORT_APP);
      try {
        expect((await playBySeats(seats)).winner).toBe('town');
        const u = await host.request({ v: V, type: 'next', id: 'again' }, 'update');
        expect(u.lobby).toMatchObject({ game: 2, ended: false });
        expect(u.items[0].by).toBe('admin');
        expect(u.view.phase).toEqual({ kind: 'day', n: 1 });
        // The room admin sees what a spectator sees in the next game too: no role.
        expect(u.view.seats.every((s: Msg) => s.role === undefined)).toBe(true);
        // The new game runs on its timers: the first speech ends by itself.
        const ended = await host.next((m) => m.type === 'update' && m.lobby === undefined && m.items.some((i: Msg) => i.events?.some((e: Msg) => e.type === 'SpeechEnded')), 10_000);
        expect(ended.items[0].by).toBe('app');
      } finally {
        for (const c of [...seats, host]) await c.close();
        await server.stop();
      }
    });

    it('a_stop_between_reopening_the_row_and_writing_the_next_game_leaves_the_game_over', async () => {
      const { server, created, seats, host, hostCmd } = await table();
      const url = server.url;
      await hostCmd(endGame);
      // What a crash right after `markOpen` leaves: an open row, a log whose game is over.
      await server.storage.markOpen(created.room);
      for (const c of [...seats, host]) await c.close();
      await server.stop();
      const again = await startServer(url);
      try {
        // Rooms are loaded when used (not at start): the first look-up loads it and repairs the row.
        const lobby = await (await fetch(`${again.base}/api/rooms/${created.code}`)).json();
        expect(lobby).toMatchObject({ ended: true, game: 1 });
        expect((await again.storage.roomById(created.room))!.ended).toBe(true);
      } finally {
        await again.stop();
      }
    });

    it('each_game_has_its_own_log_and_resumes_after_a_restart', async () => {
      const first = await table();
      const { created, seats, tokens, host, hostCmd } = first;
      let server = first.server;
      const url = server.url;
      try {
        await hostCmd(endGame);
        const lastOfGame1: number = (await seats[3].next((m) => m.type === 'update' && m.lobby?.ended === true)).seq;
        const u = await host.request({ v: V, type: 'next', id: 'again' }, 'update');
        // The seq numbering goes on across games: the next game's first entry follows the last one.
        expect(u.items[0].seq).toBe(u.seq);
        for (const c of [...seats, host]) await c.close();
        await server.stop();

        server = await startServer(url);
        // A fresh screen gets this game's log only, from its first entry.
        const fresh = await Client.open(server.ws);
        const w = await fresh.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' }, lastSeq: 0 }, 'welcome');
        expect(w.items[0]).toMatchObject({ kind: 'events', game: 2 });
        expect(JSON.stringify(w.items)).not.toMatch(/GameEnded|"kind":"claim"/);
        expect(w.lobby).toMatchObject({ game: 2, ended: false });
        // A phone that saw game 1 comes back with its token and its lastSeq: it gets game 2 from its start.
        const phone = await Client.open(server.ws);
        const pw = await phone.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 4, token: tokens[3] }, lastSeq: lastOfGame1 }, 'welcome');
        expect(pw.items[0]).toMatchObject({ seq: lastOfGame1 + 1, kind: 'events', game: 2 });
        expect(pw.view.me.seat).toBe(4);
        // The resumed room plays on: the host ends the night, and its seq follows.
        const again = await Client.open(server.ws);
        await again.request({ v: V, type: 'hello', room: created.code, auth: { as: 'host', key: created.hostKey } }, 'welcome');
        const day = await again.request({ v: V, type: 'command', id: 'after-restart', command: { type: 'endNight' } }, 'update');
        expect(day.view.phase).toEqual({ kind: 'day', n: 1 });
        expect(day.seq).toBe(u.seq + 1);
        for (const c of [fresh, phone, again]) await c.close();
      } finally {
        await server.stop();
      }
    });
  });
}
