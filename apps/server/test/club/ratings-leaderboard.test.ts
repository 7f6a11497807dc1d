import type { LeaderboardBy } from '@mafia/protocol';
/**
 * The leaderboard reads `member_evenings` (written by the recomputation) instead of folding every
 * game's facts per request. It must answer exactly what the fold answered — JSON and CSV, byte for
 * byte — on any club, and stay so after everything that changes the games, their seats or the
 * ledger. The fold is kept as the oracle in leaderboardFold.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../src/club/auth/account.js';
import { leaderboard, leaderboardCsv } from '../../src/club/ratings/leaderboard.js';
import { recomputeUnprojected } from '../../src/club/ratings/rebuild.js';
import { recomputeRatings } from '../../src/club/ratings/recompute.js';
import { ratingsDb, type SeatFact } from '../../src/club/ratingsSchema.js';
import type { ClubContext } from '../../src/club/ports.js';
import type { ClubDb } from '../../src/club/schema.js';
import { checkIn, doorView, drawTables, importProtocol } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { doorWorld, hostOf, STARTS_AT } from './door-world.js';
import { foldLeaderboard } from './leaderboardFold.js';
import { anyObject, jsonOf } from '../json.js';

const DAY = 86_400_000;
const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];

function fixture(name: 'classic-town-wins' | 'classic-mafia-wins', names: readonly string[]): Record<string, unknown> {
  const url = new URL(`../../../../packages/engine/test/fixtures/protocols/${name}.json`, import.meta.url);
  return { ...jsonOf(anyObject, readFileSync(url, 'utf8')), names: [...names] };
}

type Season = { startsAt: number; endsAt: number; order: string[] };

/** Every query a page may ask (all time and each season, by each key): the answer and its CSV equal the fold's. */
async function expectSameAsFold(ctx: ClubContext, actor: string, clubId: string, seasons: readonly Season[] = []): Promise<void> {
  const db = ratingsDb(ctx.db);
  await db.deleteFrom('seasons').where('club_id', '=', clubId).execute();
  const ids: (string | undefined)[] = [undefined];
  for (const s of seasons) {
    const id = randomUUID();
    await db.insertInto('seasons').values({ id, club_id: clubId, name: 'S', starts_at: s.startsAt, ends_at: s.endsAt, order_keys: JSON.stringify(s.order), created_by: actor, created_at: 0 }).execute();
    ids.push(id);
  }
  for (const season of ids) {
    for (const by of ['points', 'red', 'black', 'overall'] as LeaderboardBy[]) {
      const { format: _format, ...fast } = await leaderboard(ctx, actor, clubId, { by, ...(season ? { season } : {}) });
      const fold = await foldLeaderboard(ctx.db, clubId, fast.season, by);
      expect(JSON.stringify(fast), `season ${season ?? 'all time'}, by ${by}`).toBe(JSON.stringify(fold));
      expect(leaderboardCsv(fast.rows)).toBe(leaderboardCsv(fold.rows));
    }
  }
}

/** A random club's shape: members, evenings (weights, cancelled ones), games (table sizes, guests, ties in time), ledger entries. */
const clubPlan = fc.record({
  members: fc.integer({ min: 2, max: 12 }),
  evenings: fc.array(fc.record({
    weight: fc.constantFrom(0, 0.1, 0.5, 1, 1.1, 1.5, 2.3),
    cancelled: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
    day: fc.integer({ min: 0, max: 60 }),
    games: fc.array(fc.record({
      players: fc.integer({ min: 3, max: 10 }),
      guests: fc.integer({ min: 0, max: 2 }),
      minute: fc.integer({ min: 0, max: 5 }),
      winner: fc.constantFrom('town', 'mafia', 'draw', 'maniac'),
      seats: fc.array(fc.record({ team: fc.constantFrom('town', 'mafia', 'solo'), points: fc.integer({ min: -2, max: 7 }), won: fc.boolean() }), { minLength: 10, maxLength: 10 }),
      pick: fc.integer({ min: 0, max: 1_000_000 }),
    }), { maxLength: 6 }),
  }), { minLength: 1, maxLength: 5 }),
  ledger: fc.array(fc.record({
    member: fc.nat(), points: fc.integer({ min: -10, max: 0 }), evening: fc.option(fc.nat(), { nil: null }), day: fc.integer({ min: -5, max: 70 }), cancelled: fc.boolean(),
  }), { maxLength: 8 }),
  seasons: fc.array(fc.record({ from: fc.integer({ min: -5, max: 60 }), length: fc.integer({ min: 1, max: 40 }), order: fc.constantFrom(['total', 'wins', 'games'], ['points', 'winRate'], ['total', 'penalties', 'games']) }), { maxLength: 2 }),
});

/** Writes a club of `plan` directly (facts as the server writes them) and returns its ids. */
async function writeClub(db: ClubDb, plan: fc.TypeOf<typeof clubPlan>) {
  const clubId = randomUUID();
  const users = Array.from({ length: plan.members }, () => randomUUID());
  await db.insertInto('clubs').values({ id: clubId, name: 'Случайный', created_at: 0 }).execute();
  for (const [i, id] of users.entries()) {
    await db.insertInto('users').values({ id, email: `${id}@example.test`, name: null, phone: null, password_hash: null, locale: 'ru', created_at: 0, deleted_at: null }).execute();
    // Nicknames repeat in case only: the listing's order by nickname is by code unit.
    await db.insertInto('memberships').values({ club_id: clubId, user_id: id, role: i === 0 ? 'admin' : 'member', nickname: i % 3 === 0 ? `Ёж ${i}` : `ёж ${i}`, share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: 0 }).execute();
  }
  const eveningIds: string[] = [];
  for (const [e, ev] of plan.evenings.entries()) {
    const eveningId = randomUUID();
    eveningIds.push(eveningId);
    const at = STARTS_AT + ev.day * DAY;
    await db.insertInto('evenings').values({ id: eveningId, club_id: clubId, starts_at: at, answer_by: at, place: 'Кафе', capacity: 40, weight: ev.weight, preset: 'classic', games_planned: 6, created_by: users[0]!, created_at: 0, closed_at: null, cancelled_at: ev.cancelled ? at - DAY : null }).execute();
    for (const [g, game] of ev.games.entries()) {
      const gameId = `${e}.${g}.${randomUUID()}`;
      // Seats: members from a rotating start (a member plays at most once per game), guests at the end.
      const seated = Array.from({ length: game.players }, (_, i) => (i < game.players - game.guests ? users[(game.pick + i) % users.length] ?? null : null));
      const unique = seated.map((u, i) => (u !== null && seated.indexOf(u) !== i ? null : u));
      await db.insertInto('evening_games').values({ id: gameId, evening_id: eveningId, table_no: null, room_id: null, game_no: null, protocol: '{}', winner: game.winner, created_at: 0 }).execute();
      await db.insertInto('game_seats').values(unique.map((u, i) => ({ game_id: gameId, seat: i + 1, user_id: u, nickname: u ?? `Гость ${i + 1}` }))).execute();
      const seats: SeatFact[] = unique.map((_, i) => ({ seat: i + 1, team: game.seats[i]!.team, role: 'civilian', points: game.seats[i]!.points, won: game.seats[i]!.won }));
      await ratingsDb(db).insertInto('game_facts').values({
        game_id: gameId, club_id: clubId, evening_id: eveningId, kind: g % 4 === 3 ? 'tournament' : 'club', preset: 'classic', players: game.players,
        winner: game.winner, ended_at: at + game.minute * 60_000, seats: JSON.stringify(seats),
      }).execute();
    }
  }
  for (const l of plan.ledger) {
    const at = STARTS_AT + l.day * DAY;
    await db.insertInto('ledger').values({
      id: randomUUID(), club_id: clubId, user_id: users[l.member % users.length]!, evening_id: l.evening === null ? null : eveningIds[l.evening % eveningIds.length]!,
      rule: 'late', points: l.points, reason: 'late', params: '{}', dedupe_key: null, created_at: at, created_by: users[0]!,
      cancelled_at: l.cancelled ? at + 1 : null, cancelled_by: null, cancel_note: null,
    }).execute();
  }
  const seasons = plan.seasons.map((s) => ({ startsAt: STARTS_AT + s.from * DAY, endsAt: STARTS_AT + (s.from + s.length) * DAY, order: s.order }));
  return { clubId, admin: users[0]!, seasons };
}

describe.each(TARGETS.map((make) => [make().name, make] as const))('the leaderboard from member_evenings (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('answers_as_the_fold_of_every_games_facts_on_random_clubs', async () => {
    const w = await doorWorld(target, { members: [] });
    try {
      await fc.assert(fc.asyncProperty(clubPlan, async (plan) => {
        const club = await writeClub(w.db, plan);
        await recomputeRatings(w.ctx, club.clubId);
        await expectSameAsFold(w.ctx, club.admin, club.clubId, club.seasons);
      }), { numRuns: 12, seed: 1515 });
    } finally {
      await w.close();
    }
  });

  it('stays_equal_to_the_fold_after_every_change_of_games_seats_and_accounts', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const same = () => expectSameAsFold(w.ctx, w.host, w.clubId, [{ startsAt: STARTS_AT, endsAt: STARTS_AT + DAY, order: ['total', 'wins', 'games'] }]);
      const points = async () => (await leaderboard(w.ctx, w.host, w.clubId, {})).rows.filter((r) => r.points !== 0).length;
      // A paper protocol: its facts and the recomputation in the import.
      await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-town-wins', TEN) });
      expect(await points()).toBe(10);
      await same();
      // A room game ended: synced by the evening's page.
      for (const n of TEN) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
      const { tables } = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 7 });
      const host = await hostOf(w.manager, tables[0]!.roomCode, tables[0]!.hostKey);
      await host.start();
      await host.command({ type: 'override', action: { kind: 'endGame', winner: 'mafia' } });
      await doorView(w.ctx, w.eveningId);
      expect(await ratingsDb(w.db).selectFrom('game_facts').select('game_id').execute()).toHaveLength(2);
      await same();
      // Its end undone: its facts go, and its points with them.
      const before = JSON.stringify((await leaderboard(w.ctx, w.host, w.clubId, {})).rows);
      await host.command({ type: 'undo', count: 1 });
      await doorView(w.ctx, w.eveningId);
      expect(await ratingsDb(w.db).selectFrom('game_facts').select('game_id').execute()).toHaveLength(1);
      expect(JSON.stringify((await leaderboard(w.ctx, w.host, w.clubId, {})).rows)).not.toBe(before);
      await same();
      // A deleted account: his seats become a guest's, and he leaves the board.
      await deleteAccount(w.ctx, w.ids['Борис']!, `${w.ids['Борис']}@example.test`);
      expect((await leaderboard(w.ctx, w.host, w.clubId, {})).rows.some((r) => r.userId === w.ids['Борис'])).toBe(false);
      await same();
    } finally {
      await w.close();
    }
  });

  it('a_database_from_before_member_evenings_gets_its_rows_at_start', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      await importProtocol(w.ctx, w.host, w.eveningId, { protocol: fixture('classic-mafia-wins', TEN) });
      const rows = await ratingsDb(w.db).selectFrom('member_evenings').selectAll().execute();
      expect(rows).toHaveLength(10);
      // As after migration 005 on a database with games: no rows; the start rebuilds them, once.
      await ratingsDb(w.db).deleteFrom('member_evenings').execute();
      expect(await recomputeUnprojected(w.db)).toEqual([w.clubId]);
      expect(await ratingsDb(w.db).selectFrom('member_evenings').selectAll().execute()).toEqual(expect.arrayContaining(rows));
      expect(await recomputeUnprojected(w.db)).toEqual([]);
      await expectSameAsFold(w.ctx, w.host, w.clubId);
    } finally {
      await w.close();
    }
  });
});
