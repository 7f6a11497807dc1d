import { gameScores, replayProtocol } from '@mafia/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { gamePage } from '../../src/club/games/page.js';
import { clubGameProtocol } from '../../src/club/games/protocol.js';
import { checkIn, doorView, drawTables } from '../../src/club/services/door.js';
import { latestState, playToTheEnd } from '../botsAtTheTable.js';
import { FakeConn } from '../fakeConn.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { doorWorld, hostOf, STARTS_AT, type DoorWorld } from './door-world.js';

const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];

async function seatedTable(w: DoorWorld) {
  for (const n of TEN) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
  const { tables } = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 7 });
  const table = tables[0]!;
  const room = (await w.storage.roomByCode(table.roomCode))!;
  return { table, room, host: await hostOf(w.manager, table.roomCode, table.hostKey) };
}

const download = (w: DoorWorld, code: string, n: number | string, key?: string) =>
  w.app.inject({ method: 'GET', url: `/api/rooms/${code}/games/${n}/protocol`, headers: key === undefined ? {} : { 'x-room-key': key } });

describe.each(TARGETS.map((make) => [make().name, make] as const))('the protocol of a hosted game (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_room_game_played_to_its_end_downloads_as_a_protocol_that_replays_to_its_winner_and_scores', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const { table, room, host } = await seatedTable(w);
      // Before the start, and while the game runs: no protocol (the roles are still secret).
      expect((await download(w, table.roomCode, 1, table.hostKey)).json()).toMatchObject({ error: { code: 'no-game' } });
      await host.start();
      const running = await download(w, table.roomCode, 1, table.hostKey);
      expect(running.statusCode).toBe(409);
      expect(running.json()).toMatchObject({ error: { code: 'game-not-ended' } });
      const final = await playToTheEnd(host, () => latestState(w.storage, room.id), 3);
      expect(final.winner).not.toBeNull();

      const r = await download(w, table.roomCode.toLowerCase(), 1, table.hostKey);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${table.roomCode}-g1.json"`);
      const replayed = replayProtocol(r.json());
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(replayed.result.winner).toBe(final.winner);
      expect(replayed.result.winners).toEqual(final.winners);
      expect(replayed.result.scores).toEqual(gameScores(final));
      expect(r.json()).toMatchObject({ format: 'mafia-protocol/1', preset: 'classic', seats: final.setup.roles });

      // Only the key the room was created with: no key, a wrong key, a seat's key get nothing.
      expect((await download(w, table.roomCode, 1)).json()).toMatchObject({ error: { code: 'key-required' } });
      const wrong = await download(w, table.roomCode, 1, 'not-the-key');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: { code: 'bad-key' } });
      expect((await download(w, table.roomCode, 2, table.hostKey)).statusCode).toBe(404);
      expect((await download(w, table.roomCode, 'x', table.hostKey)).json()).toMatchObject({ error: { code: 'bad-request' } });
      expect((await download(w, 'ZZZZZZ', 1, table.hostKey)).json()).toMatchObject({ error: { code: 'no-room' } });

      // The club's download of the same game: the same protocol, its names the members' nicknames.
      const game = (await doorView(w.ctx, w.eveningId)).games[0]!;
      const club = await clubGameProtocol(w.ctx, w.host, w.clubId, game.id);
      expect(club.file).toBe('Клуб-2030-03-01-t1-g1.json');
      expect(club.protocol).toEqual({ ...r.json(), names: table.seats.map((s) => s.nickname) });
      const again = replayProtocol(club.protocol);
      expect(again.ok && again.result.scores).toEqual(gameScores(final));

      // Its page: every seat's member, final role and points, and one step per night and day played.
      const page = await gamePage(w.ctx, w.host, w.clubId, game.id);
      expect(page.game).toMatchObject({ tableNo: 1, gameNo: 1, preset: 'classic', winner: final.winner });
      expect(page.seats.map((s) => [s.seat, s.nickname, s.role, s.points])).toEqual(table.seats.map((s, i) => [s.seat, s.nickname, final.roles[i], gameScores(final)[s.seat]]));
      expect(page.timeline.map((s) => ('night' in s ? `n${s.night}` : `d${s.day}`))).toEqual(replayed.result.timeline.map((s) => ('night' in s ? `n${s.night}` : `d${s.day}`)));
      expect(page.protocolUnavailable).toBeUndefined();
    } finally {
      await w.close();
    }
  });

  it('an_app_rooms_admin_key_is_the_key_of_its_room_and_a_seats_token_is_no_key', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const created = await w.manager.create({ preset: 'classic', seats: 10, mode: 'app' } as Parameters<typeof w.manager.create>[0]);
      const adminKey = (created as { adminKey?: string }).adminKey!;
      expect(adminKey).toBeTruthy();
      // The admin key is let in (the room has not played a game yet), any other string is not.
      expect((await download(w, created.code, 1, adminKey)).json()).toMatchObject({ error: { code: 'no-game' } });
      expect((await download(w, created.code, 1, `${adminKey}x`)).json()).toMatchObject({ error: { code: 'bad-key' } });
      // A seat's token (what a player holds) is not a room key.
      const conn = new FakeConn();
      await w.manager.claim(conn, created.code, { seat: 1, name: 'Аня' } as Parameters<typeof w.manager.claim>[2]);
      const token = conn.got.find((m) => m.type === 'welcome')?.token as string;
      expect(token).toBeTruthy();
      const r = await download(w, created.code, 1, token);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ error: { code: 'bad-key' } });
    } finally {
      await w.close();
    }
  });

  it('a_game_ended_by_a_host_override_is_refused_with_the_exporters_reason', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const { table, host } = await seatedTable(w);
      await host.start();
      const game = (await doorView(w.ctx, w.eveningId)).games[0]!;
      expect((await refusal(clubGameProtocol(w.ctx, w.host, w.clubId, game.id))).code).toBe('game-not-ended');
      await host.command({ type: 'override', action: { kind: 'endGame', winner: 'town' } });
      const r = await download(w, table.roomCode, 1, table.hostKey);
      expect(r.statusCode).toBe(409);
      const e = (r.json() as { error: { code: string; params: { reason: string } } }).error;
      expect(e.code).toBe('protocol-unavailable');
      expect(e.params.reason).toMatch(/host override ended the game/);
      const club = await refusal(clubGameProtocol(w.ctx, w.host, w.clubId, game.id));
      expect(club.code).toBe('protocol-unavailable');
      // Its page still tells what the result holds, and why the votes are missing.
      const page = await gamePage(w.ctx, w.host, w.clubId, game.id);
      expect(page.game.winner).toBe('town');
      expect(page.protocolUnavailable).toMatch(/host override/);
      expect(page.timeline).toEqual([]);
      expect(club.status).toBe(409);
      expect(club.extra.params?.reason).toMatch(/host override/);
      // Another club's game, or none: unknown.
      expect((await refusal(clubGameProtocol(w.ctx, w.host, w.clubId, 'nope'))).code).toBe('game-unknown');
    } finally {
      await w.close();
    }
  });
});
