import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/club/corrections/audit.js';
import { cancelEvening } from '../../src/club/corrections/evenings.js';
import { setVoided } from '../../src/club/corrections/games.js';
import { mergeMembers } from '../../src/club/corrections/members.js';
import { eveningResults } from '../../src/club/ratings/eveningResults.js';
import { leaderboard } from '../../src/club/ratings/leaderboard.js';
import { ratingsDb } from '../../src/club/ratingsSchema.js';
import { importProtocol } from '../../src/club/services/door.js';
import { eveningPage } from '../../src/club/services/evenings.js';
import { listMembers } from '../../src/club/services/members.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { doorWorld, MINUTE, STARTS_AT, type DoorWorld } from './door-world.js';
import { anyObject, jsonOf } from '../json.js';

const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];

function fixture(name: 'classic-town-wins' | 'classic-mafia-wins', names: readonly string[] = TEN): Record<string, unknown> {
  const url = new URL(`../../../../packages/engine/test/fixtures/protocols/${name}.json`, import.meta.url);
  return { ...jsonOf(anyObject, readFileSync(url, 'utf8')), names: [...names] };
}

/** The world's host made admin: corrections are the admins'. */
async function world(target: Parameters<typeof doorWorld>[0], members: readonly string[] = TEN): Promise<DoorWorld> {
  const w = await doorWorld(target, { members });
  await w.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', w.host).execute();
  return w;
}

const pointsOf = async (w: DoorWorld) => Object.fromEntries((await leaderboard(w.ctx, w.host, w.clubId, {})).rows.map((r) => [r.nickname, [r.points, r.games]]));
const ratedGames = async (w: DoorWorld) => (await ratingsDb(w.db).selectFrom('rating_games').select('game_id').where('club_id', '=', w.clubId).execute()).map((g) => g.game_id).sort();

describe.each(TARGETS.map((make) => [make().name, make] as const))('corrections of games (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('the_same_game_entered_twice_is_refused_naming_the_earlier_one_whatever_its_formatting', async () => {
    const w = await world(target);
    try {
      const first = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins') })).game;
      const before = await w.snapshot();
      const points = await pointsOf(w);
      // The same game as text, keys in another order, spaces, a name typed with spaces around it.
      const doc = fixture('classic-town-wins', [' Аня ', ...TEN.slice(1)]);
      const text = JSON.stringify(Object.fromEntries(Object.entries(doc).reverse()), null, 2);
      for (const protocol of [fixture('classic-town-wins'), text]) {
        const err = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol }));
        expect([err.code, err.status, err.extra.path]).toEqual(['game-duplicate', 409, 'protocol']);
        expect(err.extra.params).toMatchObject({ gameId: first.id, eveningId: w.eveningId, startsAt: STARTS_AT });
      }
      expect(await w.snapshot()).toEqual(before);
      expect(await pointsOf(w)).toEqual(points);
      // Another game (other seats) is taken.
      await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins', [...TEN].reverse()) });
      await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-mafia-wins') });
      expect((await eveningPage(w.ctx, w.host, w.eveningId)).games).toHaveLength(3);
    } finally {
      await w.close();
    }
  });

  it('a_game_is_not_entered_into_an_evening_that_has_not_started', async () => {
    const w = await world(target);
    try {
      w.setNow(STARTS_AT - MINUTE);
      const before = await w.snapshot();
      const err = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins') }));
      expect([err.code, err.status, err.extra.params]).toEqual(['evening-not-started', 409, { startsAt: STARTS_AT }]);
      expect(await w.snapshot()).toEqual(before);
      w.setNow(STARTS_AT);
      await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins') });
    } finally {
      await w.close();
    }
  });

  it('a_voided_game_stays_marked_with_its_reason_and_counts_nothing_until_it_is_unvoided', async () => {
    const w = await world(target);
    try {
      const town = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins') })).game;
      const mafia = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-mafia-wins') })).game;
      const both = await pointsOf(w);
      expect(await ratedGames(w)).toEqual([town.id, mafia.id].sort());
      expect((await refusal(setVoided(w.ctx, w.host, w.clubId, mafia.id, true, {}))).extra.path).toBe('reason');
      const member = w.ids['Аня']!;
      expect((await refusal(setVoided(w.ctx, member, w.clubId, mafia.id, true, { reason: 'x' }))).code).toBe('forbidden');
      expect((await refusal(setVoided(w.ctx, w.host, w.clubId, 'nope', true, { reason: 'x' }))).code).toBe('game-unknown');
      await setVoided(w.ctx, w.host, w.clubId, mafia.id, true, { reason: 'протокол введён по ошибке' });
      expect(await ratedGames(w)).toEqual([town.id]);
      const page = await eveningPage(w.ctx, w.host, w.eveningId);
      expect(page.games.find((g) => g.id === mafia.id)!.voided).toEqual({ at: STARTS_AT + 180 * MINUTE, by: w.host, reason: 'протокол введён по ошибке' });
      expect(page.games.find((g) => g.id === town.id)!.voided).toBeNull();
      const results = await eveningResults(w.ctx, w.host, w.eveningId, {});
      expect(results.games.map((g) => [g.gameId, g.voided !== null])).toContainEqual([mafia.id, true]);
      expect(results.rows.every((r) => r.games === 1)).toBe(true);
      const one = await pointsOf(w);
      // Борис (mafia in both) won only the voided game: his points are those of the town's win alone.
      expect(one['Борис']![1]).toBe(1);
      expect(one).not.toEqual(both);
      expect((await refusal(setVoided(w.ctx, w.host, w.clubId, mafia.id, true, { reason: 'x' }))).code).toBe('game-voided');
      await setVoided(w.ctx, w.host, w.clubId, mafia.id, false, { reason: 'протокол верный' });
      expect(await pointsOf(w)).toEqual(both);
      expect((await refusal(setVoided(w.ctx, w.host, w.clubId, mafia.id, false, { reason: 'x' }))).code).toBe('game-not-voided');
      expect((await auditLog(w.ctx, w.host, w.clubId, {})).entries.map((e) => [e.action, e.target.id, e.reason]).sort()).toEqual([
        ['game-unvoided', mafia.id, 'протокол верный'], ['game-voided', mafia.id, 'протокол введён по ошибке'],
      ]);
    } finally {
      await w.close();
    }
  });

  it('a_voided_game_may_be_entered_again_and_is_then_not_unvoided_twice', async () => {
    const w = await world(target);
    try {
      const g = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins') })).game;
      await setVoided(w.ctx, w.host, w.clubId, g.id, true, { reason: 'не тот вечер' });
      const again = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins') })).game;
      const err = await refusal(setVoided(w.ctx, w.host, w.clubId, g.id, false, { reason: 'x' }));
      expect([err.code, err.extra.params?.gameId]).toEqual(['game-duplicate', again.id]);
    } finally {
      await w.close();
    }
  });

  it('two_records_of_one_member_are_merged_his_games_and_ledger_move_and_the_points_are_recomputed', async () => {
    const w = await world(target, [...TEN, 'Еж']);
    try {
      const stray = w.ids['Еж']!;
      const kir = w.ids['Кир']!;
      // «Еж» played the first game on Кир's seat, Кир the second.
      await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins', [...TEN.slice(0, 9), 'Еж']) });
      await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-mafia-wins') });
      const l = (user: string, key: string | null) => ({
        id: `${user}-${key}`, club_id: w.clubId, user_id: user, evening_id: w.eveningId, rule: 'late', points: -5, reason: 'late', params: '{}',
        dedupe_key: key, created_at: STARTS_AT, created_by: w.host, cancelled_at: null, cancelled_by: null, cancel_note: null,
      });
      await w.db.insertInto('ledger').values([l(stray, `late:${w.eveningId}:${stray}`), l(kir, `late:${w.eveningId}:${kir}`)]).execute();
      expect((await pointsOf(w))['Кир']![1]).toBe(1);
      const same = await refusal(mergeMembers(w.ctx, w.host, w.clubId, w.ids['Аня']!, { into: kir, reason: 'x' }));
      expect([same.code, same.status]).toEqual(['merge-same-game', 409]);
      expect((await refusal(mergeMembers(w.ctx, w.host, w.clubId, kir, { into: kir, reason: 'x' }))).code).toBe('merge-self');
      expect((await refusal(mergeMembers(w.ctx, w.host, w.clubId, stray, { into: kir, nickname: 'Аня', reason: 'x' }))).code).toBe('nickname-taken');
      // Ё read as Е, as every nickname of the club is compared: «Ёгор» is Егор's.
      expect((await refusal(mergeMembers(w.ctx, w.host, w.clubId, stray, { into: kir, nickname: 'ЁГОР', reason: 'x' }))).code).toBe('nickname-taken');
      const r = await mergeMembers(w.ctx, w.host, w.clubId, stray, { into: kir, nickname: 'Кирилл', reason: 'одна и та же запись' });
      expect(r.moved).toMatchObject({ games: 1, ledger: 1, ledgerCancelled: 1 });
      const board = await pointsOf(w);
      expect(board['Кирилл']![1]).toBe(2);
      expect(board['Еж']).toBeUndefined();
      expect((await listMembers(w.ctx, w.host, w.clubId, { archived: '1' })).members.map((m) => m.nickname)).not.toContain('Еж');
      // His −5 moved and, a second −5 for the same lateness, is cancelled; Кир's stays.
      const ledger = await w.db.selectFrom('ledger').select(['id', 'user_id', 'cancelled_at', 'cancel_note']).where('club_id', '=', w.clubId).orderBy('id').execute();
      expect(ledger.map((e) => [e.id, e.user_id, e.cancelled_at !== null])).toEqual([[`${kir}-late:${w.eveningId}:${kir}`, kir, false], [`${stray}-late:${w.eveningId}:${stray}`, kir, true]].sort());
      const log = (await auditLog(w.ctx, w.host, w.clubId, {})).entries;
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ action: 'member-merged', target: { kind: 'member', id: kir }, reason: 'одна и та же запись', details: { from: 'Еж', into: 'Кир', nickname: 'Кирилл', games: 1 } });
    } finally {
      await w.close();
    }
  });

  it('an_evening_with_games_that_count_is_not_cancelled_until_they_are_voided', async () => {
    const w = await world(target);
    try {
      const g = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins') })).game;
      const before = await w.snapshot();
      const err = await refusal(cancelEvening(w.ctx, w.host, w.eveningId, { reason: 'ошибка' }));
      expect([err.code, err.status, err.extra.params]).toEqual(['evening-has-games', 409, { count: 1 }]);
      expect(await w.snapshot()).toEqual(before);
      await setVoided(w.ctx, w.host, w.clubId, g.id, true, { reason: 'вечера не было' });
      const { evening } = await cancelEvening(w.ctx, w.host, w.eveningId, { reason: 'вечера не было' });
      expect(evening.cancelledAt).not.toBeNull();
      expect(Object.values(await pointsOf(w)).every(([points, games]) => points === 0 && games === 0)).toBe(true);
    } finally {
      await w.close();
    }
  });
});
