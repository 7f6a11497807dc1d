import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { setVoided } from '../../src/club/corrections/games.js';
import { gamePage } from '../../src/club/games/page.js';
import { clubGameProtocol } from '../../src/club/games/protocol.js';
import { eveningResults } from '../../src/club/ratings/eveningResults.js';
import { importProtocol } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { signIn, startClub } from './clubServer.js';
import { doorWorld, MINUTE, seedEvening, STARTS_AT } from './door-world.js';
import { anyObject, jsonOf } from '../json.js';

const NINE = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира'];
const GUEST = 'Петя из Твери';
/** The members on seats 1–3 and 5–10, a guest on seat 4. */
const WITH_GUEST = [...NINE.slice(0, 3), GUEST, ...NINE.slice(3)];

/** A protocol of the engine's fixtures (a classic game the town wins), its names the given ones. */
function townWins(names: readonly string[]): Record<string, unknown> {
  const url = new URL('../../../../packages/engine/test/fixtures/protocols/classic-town-wins.json', import.meta.url);
  return { ...jsonOf(anyObject, readFileSync(url, 'utf8')), names: [...names] };
}

describe.each(TARGETS.map((make) => [make().name, make] as const))('guests in a paper game (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_guest_seat_is_taken_as_a_guest_without_account_shown_in_the_game_and_the_evenings_points_but_not_among_the_members', async () => {
    const w = await doorWorld(target, { members: NINE });
    try {
      const { game } = await importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(WITH_GUEST), guests: [4] });
      expect(game.winner).toBe('town');
      expect(game.seats[3]).toEqual({ seat: 4, userId: null, nickname: GUEST });
      expect(game.seats.filter((s) => s.userId === null)).toHaveLength(1);
      const page = await gamePage(w.ctx, w.host, w.clubId, game.id);
      expect(page.seats[3]).toMatchObject({ seat: 4, userId: null, nickname: GUEST });
      // The members' points count; the guest is no member: no membership row, no row of his own.
      const results = await eveningResults(w.ctx, w.host, w.eveningId, {});
      expect(results.rows.map((r) => r.nickname).sort()).toEqual([...NINE].sort());
      // In the evening's points as a guest: his games, wins and game points, apart from the ranked rows.
      expect(results.guests).toEqual([{ nickname: GUEST, games: 1, wins: page.seats[3]!.won ? 1 : 0, points: page.seats[3]!.points }]);
      expect(page.seats[3]!.won).toBe(true);
      expect(await w.db.selectFrom('memberships').select('nickname').where('nickname', '=', GUEST).execute()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('the_download_of_a_game_with_a_guest_enters_again_with_its_guest_seats', async () => {
    const w = await doorWorld(target, { members: NINE });
    try {
      const first = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(WITH_GUEST), guests: [4] })).game;
      const { protocol } = await clubGameProtocol(w.ctx, w.host, w.clubId, first.id);
      expect(protocol).toMatchObject({ names: WITH_GUEST });
      const guests = first.seats.filter((s) => s.userId === null).map((s) => s.seat);
      // The same game is refused while the first stands (issue 24, point 3), guests and all ...
      expect((await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol, guests }))).code).toBe('game-duplicate');
      // ... and enters again, guest seats and all, once the first is voided.
      await w.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', w.host).execute();
      await setVoided(w.ctx, w.host, w.clubId, first.id, true, { reason: 'entered again from its download' });
      const again = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol, guests })).game;
      expect(again.id).not.toBe(first.id);
      expect(again.winner).toBe(first.winner);
      expect(again.seats).toEqual(first.seats);
    } finally {
      await w.close();
    }
  });

  it('a_guest_named_as_a_member_or_twice_or_on_no_seat_is_refused_and_nothing_changes', async () => {
    const w = await doorWorld(target, { members: NINE });
    try {
      const before = await w.snapshot();
      // Without the guest's seat marked: still no member.
      const unknown = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(WITH_GUEST) }));
      expect(unknown.code).toBe('unknown-member');
      expect(unknown.extra).toEqual({ path: 'names[3]', params: { name: GUEST } });
      const asMember = [...WITH_GUEST];
      asMember[3] = 'Аня';
      asMember[0] = 'Кто-то';
      const member = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(asMember), guests: [1, 4] }));
      expect(member.code).toBe('guest-is-member');
      expect(member.extra).toEqual({ path: 'names[3]', params: { name: 'Аня' } });
      const twice = [...WITH_GUEST];
      twice[0] = GUEST;
      const dup = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(twice), guests: [1, 4] }));
      expect(dup.code).toBe('duplicate-member');
      expect(dup.extra).toEqual({ path: 'names[3]', params: { name: GUEST } });
      const beyond = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(WITH_GUEST), guests: [4, 11] }));
      expect(beyond.code).toBe('bad-guest-seat');
      const nameless = [...WITH_GUEST];
      nameless[3] = ' ';
      expect((await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(nameless), guests: [4] }))).code).toBe('guest-name-missing');
      expect(await w.snapshot()).toEqual(before);
    } finally {
      await w.close();
    }
  });

  it('the_import_endpoint_takes_the_guest_seats', async () => {
    const h = await startClub(target, { now: STARTS_AT + 30 * MINUTE });
    try {
      const host = await signIn(h, 'host@club.test');
      const w = await seedEvening(h.club.context.db, STARTS_AT - 60 * MINUTE, { hostUserId: host.user!.id, members: NINE });
      const made = await host.post(`/api/evenings/${w.eveningId}/games`, { protocol: townWins(WITH_GUEST), guests: [4] });
      expect(made.statusCode).toBe(201);
      expect(made.json().game.seats[3]).toEqual({ seat: 4, userId: null, nickname: GUEST });
      const bad = await host.post(`/api/evenings/${w.eveningId}/games`, { protocol: townWins(WITH_GUEST), guests: ['4'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'bad-request' });
    } finally {
      await h.close();
    }
  });
});
