import { afterAll, describe, expect, it } from 'vitest';
import { setVoided } from '../../src/club/corrections/games.js';
import { clubGameProtocol } from '../../src/club/games/protocol.js';
import { checkIn, doorView, drawTables, importProtocol } from '../../src/club/services/door.js';
import { latestState, playToTheEnd } from '../botsAtTheTable.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { doorWorld, hostOf, STARTS_AT, type DoorWorld } from './door-world.js';

// Issue 24: a room game's own download entered again as paper is the same game (the same digest).

const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];

/** A table drawn, its game played to the end, and linked (the evening's door view syncs the rooms). */
async function playedRoomGame(w: DoorWorld) {
  for (const n of TEN) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
  const { tables } = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 7 });
  const table = tables[0]!;
  const room = (await w.storage.roomByCode(table.roomCode))!;
  const host = await hostOf(w.manager, table.roomCode, table.hostKey);
  await host.start();
  await playToTheEnd(host, () => latestState(w.storage, room.id), 3);
  return (await doorView(w.ctx, w.eveningId)).games[0]!;
}

const digestOf = async (w: DoorWorld, id: string) => (await w.db.selectFrom('evening_games').select('digest').where('id', '=', id).executeTakeFirstOrThrow()).digest;

describe.each(TARGETS.map((make) => [make().name, make] as const))('room games have digests (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('the_downloaded_room_game_entered_as_paper_is_refused_naming_the_room_game_until_it_is_voided', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      await w.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', w.host).execute();
      const game = await playedRoomGame(w);
      expect(await digestOf(w, game.id)).toMatch(/^[0-9a-f]{64}$/);
      const { protocol } = await clubGameProtocol(w.ctx, w.host, w.clubId, game.id);
      const file = JSON.stringify(protocol, null, 2);
      const before = await w.db.selectFrom('evening_games').select('id').execute();
      const dup = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: file }));
      expect([dup.code, dup.status, dup.extra.path]).toEqual(['game-duplicate', 409, 'protocol']);
      expect(dup.extra.params).toMatchObject({ gameId: game.id, eveningId: w.eveningId, startsAt: STARTS_AT });
      expect(await w.db.selectFrom('evening_games').select('id').execute()).toEqual(before);

      // Voided, the room game no longer counts: its download is entered; un-voiding it is then refused naming the paper game.
      await setVoided(w.ctx, w.host, w.clubId, game.id, true, { reason: 'сыграли на бумаге' });
      const paper = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: file })).game;
      expect(paper.protocol).toBe(true);
      const back = await refusal(setVoided(w.ctx, w.host, w.clubId, game.id, false, { reason: 'передумали' }));
      expect([back.code, back.extra.params?.gameId]).toEqual(['game-duplicate', paper.id]);
    } finally {
      await w.close();
    }
  });

  it('a_room_game_linked_before_digests_gets_its_digest_when_a_paper_game_is_entered', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const game = await playedRoomGame(w);
      const digest = await digestOf(w, game.id);
      // As a game linked before this change: no digest.
      await w.db.updateTable('evening_games').set({ digest: null }).where('id', '=', game.id).execute();
      const { protocol } = await clubGameProtocol(w.ctx, w.host, w.clubId, game.id);
      const dup = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol }));
      expect([dup.code, dup.extra.params?.gameId]).toEqual(['game-duplicate', game.id]);
      expect(await digestOf(w, game.id)).toBe(digest);
      // Another seat's member makes another game: not a duplicate.
      const names = [...(protocol as { names: string[] }).names];
      [names[0], names[1]] = [names[1]!, names[0]!];
      const other = await importProtocol(w.ctx, w.host, w.eveningId, { protocol: { ...protocol, names } });
      expect(other.game.protocol).toBe(true);
    } finally {
      await w.close();
    }
  });
});
