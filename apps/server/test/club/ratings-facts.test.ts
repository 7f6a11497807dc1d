import { readFileSync } from 'node:fs';
import { rateGames, redChance } from '@mafia/club';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackChanges } from '../../src/club/ratings/changes.js';
import { ratingsDb } from '../../src/club/ratingsSchema.js';
import { deleteAccount, exportAccount } from '../../src/club/auth/account.js';
import { ratedGamesOf, recomputeRatings } from '../../src/club/ratings/recompute.js';
import { checkIn, doorView, drawTables, importProtocol } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { doorWorld, hostOf, STARTS_AT, type DoorWorld } from './door-world.js';
import { anyObject, jsonOf } from '../json.js';
import { z } from 'zod';
import { parseSeatFacts } from '../../src/club/stored.js';

const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];

/** An engine fixture protocol (classic: mafia on seats 2, 5 and 8), its names the given ones. */
function fixture(name: 'classic-town-wins' | 'classic-mafia-wins', names: readonly string[]): Record<string, unknown> {
  const url = new URL(`../../../../packages/engine/test/fixtures/protocols/${name}.json`, import.meta.url);
  return { ...jsonOf(anyObject, readFileSync(url, 'utf8')), names: [...names] };
}
const resultOf = (name: string) => jsonOf(z.object({ scores: z.record(z.string(), z.number()) }), readFileSync(new URL(`../../../../packages/engine/test/fixtures/protocols/${name}.result.json`, import.meta.url), 'utf8'));

async function ratingRows(w: DoorWorld) {
  const db = ratingsDb(w.db);
  return {
    games: await db.selectFrom('rating_games').selectAll().orderBy('position').execute(),
    // One row per change, as the members' packed changes hold them.
    changes: (await db.selectFrom('member_rating_changes').selectAll().execute())
      .flatMap((m) => unpackChanges(m.changes).map((c) => ({ game_id: c.gameId, club_id: m.club_id, user_id: m.user_id, track: c.track, before: c.before, delta: c.delta, after: c.after })))
      .sort((a, b) => (a.game_id + a.user_id < b.game_id + b.user_id ? -1 : 1)),
    members: (await db.selectFrom('member_ratings').selectAll().execute()).sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
  };
}

/** Puts the club's games in a known order (a paper game is dated at its evening's start, so two of one evening tie). */
async function orderGames(w: DoorWorld, ids: readonly string[]) {
  for (const [i, id] of ids.entries()) await ratingsDb(w.db).updateTable('game_facts').set({ ended_at: STARTS_AT + i }).where('game_id', '=', id).execute();
}

describe.each(TARGETS.map((make) => [make().name, make] as const))('game facts and the rating recomputation (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_room_game_played_to_its_end_has_its_facts_and_rates_its_members', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      for (const n of TEN) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
      const { tables } = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 7 });
      const host = await hostOf(w.manager, tables[0]!.roomCode, tables[0]!.hostKey);
      await host.start();
      const roles: string[] = host.view().seats.map((s: { role: string }) => s.role);
      await doorView(w.ctx, w.eveningId);
      // Running: no facts yet.
      expect(await ratingsDb(w.db).selectFrom('game_facts').selectAll().execute()).toEqual([]);
      await host.command({ type: 'override', action: { kind: 'endGame', winner: 'mafia' } });
      await doorView(w.ctx, w.eveningId);
      const facts = await ratingsDb(w.db).selectFrom('game_facts').selectAll().execute();
      expect(facts).toHaveLength(1);
      expect(facts[0]).toMatchObject({ club_id: w.clubId, evening_id: w.eveningId, kind: 'club', preset: 'classic', players: 10, winner: 'mafia' });
      const seats = parseSeatFacts(facts[0]!.seats);
      expect(seats.map((s) => s.role)).toEqual(roles);
      for (const s of seats) {
        const black = s.role === 'mafia' || s.role === 'don';
        expect(s.team).toBe(black ? 'mafia' : 'town');
        expect(s.won).toBe(black);
        // Seed 004: an alive mafia player of a mafia win has 4 points, a town player none.
        expect(s.points).toBe(black ? 4 : 0);
      }
      // Syncing again changes nothing (idempotent).
      const before = await ratingRows(w);
      await doorView(w.ctx, w.eveningId);
      expect(await ratingRows(w)).toEqual(before);
      // Rated at once: the chance was even, black gained 4·0.5, red lost 3·0.5.
      expect(before.games).toMatchObject([{ rated: 1, chance: 0.5, k_win: 4, k_loss: 3, position: 0 }]);
      expect(before.members).toHaveLength(10);
      for (const m of before.members) expect([m.red, m.black]).toEqual(m.games_black === 1 ? [1000, 1002] : [998.5, 1000]);
    } finally {
      await w.close();
    }
  });

  it('an_imported_protocol_has_its_facts_with_the_engines_scores', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const { game } = await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins', TEN) });
      const f = await ratingsDb(w.db).selectFrom('game_facts').selectAll().where('game_id', '=', game.id).executeTakeFirstOrThrow();
      expect(f).toMatchObject({ kind: 'club', preset: 'classic', players: 10, winner: 'town' });
      expect(Number(f.ended_at)).toBe(STARTS_AT);
      const seats = parseSeatFacts(f.seats);
      const scores = resultOf('classic-town-wins').scores;
      expect(seats.map((s) => s.points)).toEqual(TEN.map((_, i) => scores[i + 1]));
      expect(seats.filter((s) => s.team === 'mafia').map((s) => s.seat)).toEqual([2, 5, 8]);
      expect(seats.filter((s) => s.won).map((s) => s.seat)).toEqual([1, 3, 4, 6, 7, 9, 10]);
      const rows = await ratingRows(w);
      expect(rows.games).toMatchObject([{ game_id: game.id, rated: 1, chance: 0.5 }]);
      expect(rows.changes.find((c) => c.user_id === w.ids['Аня'])).toMatchObject({ track: 'red', before: 1000, delta: 2, after: 1002 });
      expect(rows.changes.find((c) => c.user_id === w.ids['Борис'])).toMatchObject({ track: 'black', before: 1000, delta: -1.5, after: 998.5 });
    } finally {
      await w.close();
    }
  });

  it('two_games_rate_as_worked_by_hand_and_as_rateGames_folds_them', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const g1 = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins', TEN) })).game.id;
      const g2 = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-mafia-wins', TEN) })).game.id;
      await orderGames(w, [g1, g2]);
      const r = await recomputeRatings(w.ctx, w.clubId);
      expect(r).toMatchObject({ games: 2, rated: 2 });
      // Game 1, town wins at even chances: red +2 (1002), black -1.5 (998.5).
      // Game 2, the same seats, mafia wins: red's chance from means 1002 vs 998.5.
      const c = 1 / (1 + 10 ** ((998.5 - 1002) / 400));
      expect(redChance(1002, 998.5)).toBe(c);
      const rows = await ratingRows(w);
      expect(rows.games.map((g) => [g.game_id, g.position, g.chance])).toEqual([[g1, 0, 0.5], [g2, 1, c]]);
      const anya = rows.members.find((m) => m.user_id === w.ids['Аня'])!;
      const boris = rows.members.find((m) => m.user_id === w.ids['Борис'])!;
      expect(anya).toMatchObject({ games_red: 2, games_black: 0, black: 1000 });
      expect(anya.red).toBeCloseTo(1002 - 3 * c, 12);
      expect(boris).toMatchObject({ games_red: 0, games_black: 2, red: 1000 });
      // Black won with its chance 1 - c: + K_win·(1 - (1 - c)) = 4c.
      expect(boris.black).toBeCloseTo(998.5 + 4 * c, 12);
      // And exactly what the pure fold gives.
      const { ratings } = rateGames(await ratedGamesOf(ratingsDb(w.db), w.clubId));
      for (const m of rows.members) expect([m.red, m.black]).toEqual([ratings.get(m.user_id)!.red, ratings.get(m.user_id)!.black]);
    } finally {
      await w.close();
    }
  });

  it('recomputing_twice_gives_the_same_rows', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      // Three games (the same game twice is refused, issue 24: the third has other seats).
      for (const [f, names] of [['classic-town-wins', TEN], ['classic-mafia-wins', TEN], ['classic-town-wins', [...TEN].reverse()]] as const) await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture(f, names) });
      await recomputeRatings(w.ctx, w.clubId);
      const first = await ratingRows(w);
      expect(first.games).toHaveLength(3);
      expect(first.changes).toHaveLength(30);
      await recomputeRatings(w.ctx, w.clubId);
      expect(await ratingRows(w)).toEqual(first);
    } finally {
      await w.close();
    }
  });

  it('a_seat_without_a_member_plays_at_the_start_rating_and_is_not_rated', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const g1 = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins', TEN) })).game.id;
      const g2 = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-mafia-wins', TEN) })).game.id;
      await orderGames(w, [g1, g2]);
      // Борис (seat 2, black) leaves the club's history: his seats keep the nickname and no user.
      await w.db.updateTable('game_seats').set({ user_id: null }).where('user_id', '=', w.ids['Борис']!).execute();
      await recomputeRatings(w.ctx, w.clubId);
      const rows = await ratingRows(w);
      expect(rows.changes.some((c) => c.user_id === w.ids['Борис'])).toBe(false);
      expect(rows.members.some((m) => m.user_id === w.ids['Борис'])).toBe(false);
      // In game 2 his seat still counted for black, at 1000 (not at his 998.5): black's mean is (1000 + 998.5 + 998.5) / 3.
      const c = 1 / (1 + 10 ** (((1000 + 998.5 + 998.5) / 3 - 1002) / 400));
      expect(rows.games[1]!.chance).toBeCloseTo(c, 12);
    } finally {
      await w.close();
    }
  });

  it('a_deleted_account_leaves_the_ratings_and_the_club_is_rated_again_without_him', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const g1 = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins', TEN) })).game.id;
      const g2 = (await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-mafia-wins', TEN) })).game.id;
      await orderGames(w, [g1, g2]);
      await recomputeRatings(w.ctx, w.clubId);
      const boris = w.ids['Борис']!;
      // Before: his export holds his ratings and each change with the game's chance.
      const mine = await exportAccount(w.ctx, boris);
      expect(mine.ratings).toEqual([expect.objectContaining({ clubId: w.clubId, gamesBlack: 2, gamesRed: 0 })]);
      expect(mine.ratingChanges).toHaveLength(2);
      await deleteAccount(w.ctx, boris, `${boris}@example.test`);
      const rows = await ratingRows(w);
      expect(rows.changes.some((c) => c.user_id === boris)).toBe(false);
      expect(rows.members.some((m) => m.user_id === boris)).toBe(false);
      // Rated again at once: his seat played for black at 1000 in game 2, as a guest's does.
      const c = 1 / (1 + 10 ** (((1000 + 998.5 + 998.5) / 3 - 1002) / 400));
      expect(rows.games[1]!.chance).toBeCloseTo(c, 12);
    } finally {
      await w.close();
    }
  });
});
