import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ratingsDb } from '../../src/club/ratingsSchema.js';
import { csvDate } from '../../src/club/ratings/profileCsv.js';
import { recomputeRatings } from '../../src/club/ratings/recompute.js';
import { importProtocol } from '../../src/club/services/games.js';
import { TARGETS, type Target } from '../storageTargets.js';
import { startClub, type ClubHarness } from './clubServer.js';
import { STARTS_AT } from './door-world.js';
import { lateEntry, protocol, ratingsClub, TEN } from './ratings-world.js';

/** Evening 2: Борис and Вера change places (Борис on seat 3, the Commissar; Вера on seat 2, a mafioso). */
const SWAPPED = ['Аня', 'Вера', 'Борис', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];
const WEEK = 7 * 24 * 3600_000;
const EVENING_2 = STARTS_AT + WEEK;

/**
 * Борис's two evenings and three games. Evening 1 (weight 1): the town wins game A (he is a
 * mafioso, 0 points), the mafia wins game B (a mafioso, alive: 4 points). Evening 2 (weight 2): the
 * town wins game C (he is the Commissar, the engine gives him 3). A −5 of his in the ledger, and a
 * cancelled −10. The games are dated A < B < C and the ratings recomputed. The reader is a member
 * («Читатель») who played nothing.
 */
async function world(h: ClubHarness) {
  const w = await ratingsClub(h, 'Читатель');
  // Games are entered once their evening has started (issue 24).
  h.clock.set(EVENING_2 + 3 * 60 * 60_000);
  const by = w.admin.user!.id;
  const evening2 = randomUUID();
  await w.db.insertInto('evenings').values({
    id: evening2, club_id: w.clubId, starts_at: EVENING_2, answer_by: EVENING_2, place: 'Кафе', capacity: 40, weight: 2,
    preset: 'classic', games_planned: 3, created_by: by, created_at: 0, closed_at: null, cancelled_at: null,
  }).execute();
  const play = async (evening: string, name: string, names: readonly string[], endedAt: number) => {
    const { game } = await importProtocol(h.club.context, by, evening, { protocol: protocol(name, names) });
    await ratingsDb(w.db).updateTable('game_facts').set({ ended_at: endedAt }).where('game_id', '=', game.id).execute();
    return game.id;
  };
  const games = {
    a: await play(w.eveningId, 'classic-town-wins', TEN, STARTS_AT + 1),
    b: await play(w.eveningId, 'classic-mafia-wins', TEN, STARTS_AT + 2),
    c: await play(evening2, 'classic-town-wins', SWAPPED, EVENING_2 + 1),
  };
  await recomputeRatings(h.club.context, w.clubId);
  const entry = (points: number, cancelled: boolean) =>
    lateEntry({ clubId: w.clubId, userId: w.ids['Борис']!, eveningId: evening2, points, at: EVENING_2 + 1000, by, cancelled, params: '{"minutes":12}' });
  await w.db.insertInto('ledger').values([entry(-5, false), entry(-10, true)]).execute();
  return { ...w, evening2, games, url: `/api/clubs/${w.clubId}/members/${w.ids['Борис']!}/profile` };
}

type World = Awaited<ReturnType<typeof world>>;

/** A test over a fresh server and world of `target`, closed after it. */
const inWorld = (target: Target, test: (w: World) => Promise<void>) => async () => {
  const h = await startClub(target);
  try {
    await test(await world(h));
  } finally {
    await h.close();
  }
};

/** Red's chance (docs/ratings.md): 1 / (1 + 10^((mean black − mean red) / 400)). */
const chance = (meanRed: number, meanBlack: number) => 1 / (1 + 10 ** ((meanBlack - meanRed) / 400));

describe.each(TARGETS.map((make) => [make().name, make] as const))('a member\'s profile (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('shows_his_win_rates_evening_points_and_rating_history_as_worked_by_hand', inWorld(target, async (w) => {
    const r = await w.member.get(w.url);
    expect(r.statusCode).toBe(200);
    const p = r.json() as any;
    expect(p.member).toEqual({ userId: w.ids['Борис'], nickname: 'Борис' });
    // Evening 1: (1 + 0 + 4) × 10 players × weight 1 = 50; evening 2: (1 + 3) × 10 × 2 = 80.
    expect(p.eveningPoints).toEqual([
      { eveningId: w.eveningId, at: STARTS_AT, score: 50, games: 2, wins: 1 },
      { eveningId: w.evening2, at: EVENING_2, score: 80, games: 1, wins: 1 },
    ]);
    // The cancelled −10 counts nothing.
    expect(p.totals).toEqual({ evenings: 2, games: 3, wins: 2, winRate: 2 / 3, points: 130, penalties: -5, total: 125 });
    expect(p.byRole).toEqual([{ role: 'mafia', games: 2, wins: 1, winRate: 0.5 }, { role: 'commissar', games: 1, wins: 1, winRate: 1 }]);
    expect(p.byTeam).toEqual([{ team: 'town', games: 1, wins: 1, winRate: 1 }, { team: 'mafia', games: 2, wins: 1, winRate: 0.5 }]);

    // Game A: 7 red against 3 black, all at 1000: chance 0.5, black loses 3 × 0.5.
    // Game B: red at 1002, black at 998.5: the mafia wins, black gains 4 × red's chance.
    const pB = chance(1002, 998.5);
    const blackAfterB = 998.5 + 4 * pB;
    // Game C: six red at 1002 − 3·pB and Борис at 1000 (his first red game) against Вера (1000 on black) and
    // Дина and Зоя (each at blackAfterB): the town wins, red gains 4 × (1 − red's chance).
    const pC = chance((6 * (1002 - 3 * pB) + 1000) / 7, (1000 + 2 * blackAfterB) / 3);
    const redAfterC = 1000 + 4 * (1 - pC);
    expect(p.games.map((g: any) => [g.gameId, g.eveningId, g.seat, g.role, g.team, g.won, g.points, g.winner, g.tableNo, g.gameNo])).toEqual([
      [w.games.a, w.eveningId, 2, 'mafia', 'mafia', false, 0, 'town', null, null],
      [w.games.b, w.eveningId, 2, 'mafia', 'mafia', true, 4, 'mafia', null, null],
      [w.games.c, w.evening2, 3, 'commissar', 'town', true, 3, 'town', null, null],
    ]);
    expect(p.games.map((g: any) => g.at)).toEqual([STARTS_AT + 1, STARTS_AT + 2, EVENING_2 + 1]);
    const deltas = p.games.map((g: any) => g.ratingDelta);
    expect(deltas[0]).toEqual({ track: 'black', before: 1000, delta: -1.5, after: 998.5 });
    expect(deltas[1].track).toBe('black');
    expect(deltas[1].after).toBeCloseTo(blackAfterB, 10);
    expect(deltas[2].track).toBe('red');
    expect(deltas[2].before).toBe(1000);
    expect(deltas[2].after).toBeCloseTo(redAfterC, 10);
    expect(p.ratingHistory.map((x: any) => [x.gameId, x.at])).toEqual([[w.games.a, STARTS_AT + 1], [w.games.b, STARTS_AT + 2], [w.games.c, EVENING_2 + 1]]);
    const [h1, h2, h3] = p.ratingHistory;
    expect([h1.red, h1.black, h1.overall]).toEqual([1000, 998.5, 998.5]);
    expect(h2.red).toBe(1000);
    expect(h2.black).toBeCloseTo(blackAfterB, 10);
    expect(h2.overall).toBe(h2.black);
    expect(h3.red).toBeCloseTo(redAfterC, 10);
    expect(h3.black).toBe(h2.black);
    // Overall: weighted by his games on each track, one red and two black.
    expect(h3.overall).toBeCloseTo((redAfterC + 2 * blackAfterB) / 3, 10);
    expect(p.ratings).toEqual({ red: h3.red, black: h3.black, overall: h3.overall, gamesRed: 1, gamesBlack: 2 });
    expect(p.penalties.map((e: any) => [e.points, e.rule, Boolean(e.cancelledAt)])).toEqual([[-5, 'late', false], [-10, 'late', true]]);
    // Only his nickname of his account: no e-mail, no name.
    expect(r.body).not.toContain('@example.test');
  }));

  it('a_member_with_no_game_has_zeros_and_the_start_ratings', inWorld(target, async (w) => {
    const p = (await w.member.get(`/api/clubs/${w.clubId}/members/${w.member.user!.id}/profile`)).json();
    expect(p).toEqual({
      member: { userId: w.member.user!.id, nickname: 'Читатель' },
      ratings: { red: 1000, black: 1000, overall: 1000, gamesRed: 0, gamesBlack: 0 },
      totals: { evenings: 0, games: 0, wins: 0, winRate: 0, points: 0, penalties: 0, total: 0 },
      byRole: [], byTeam: [], games: [], ratingHistory: [], eveningPoints: [], penalties: [],
    });
  }));

  it('a_stranger_gets_404_and_an_unknown_member_too', inWorld(target, async (w) => {
    const no = await w.stranger.get(w.url);
    expect(no.statusCode).toBe(404);
    expect(no.json()).toMatchObject({ error: { code: 'not-a-member' } });
    expect((await w.stranger.get(`${w.url}?format=csv&table=games`)).statusCode).toBe(404);
    const unknown = await w.member.get(`/api/clubs/${w.clubId}/members/${w.stranger.user!.id}/profile`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'member-unknown', path: 'userId' } });
    const noTable = await w.member.get(`${w.url}?format=csv`);
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json()).toMatchObject({ error: { code: 'bad-request', path: 'table' } });
    expect((await w.member.get(`${w.url}?table=nope&format=csv`)).json()).toMatchObject({ error: { code: 'bad-request', path: 'table' } });
  }));

  it('each_table_downloads_as_csv_rounded_for_display', inWorld(target, async (w) => {
    const csv = async (table: string) => {
      const r = await w.member.get(`${w.url}?format=csv&table=${table}`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toBe(`attachment; filename="member-${table}.csv"`);
      expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = r.body.replace(/^\ufeff/, '').split('\r\n');
      expect(lines.at(-1)).toBe('');
      return lines.slice(0, -1);
    };
    const [d1, d2] = [csvDate(STARTS_AT), csvDate(EVENING_2)];
    expect(await csv('evenings')).toEqual(['startsAt,score,games,wins', `${d1},50.00,2,1`, `${d2},80.00,1,1`]);
    const games = await csv('games');
    expect(games[0]).toBe('no,endedAt,tableNo,gameNo,seat,role,team,won,points,winner,track,ratingBefore,ratingDelta,ratingAfter');
    expect(games.slice(1)).toHaveLength(3);
    expect(games[1]).toBe(`1,${csvDate(STARTS_AT + 1)},,,2,mafia,mafia,0,0.00,town,black,1000.00,-1.50,998.50`);
    expect(games[3]).toMatch(new RegExp(`^3,${csvDate(EVENING_2 + 1)},,,3,commissar,town,1,3\\.00,town,red,1000\\.00,\\d\\.\\d\\d,100\\d\\.\\d\\d$`));
    const ratings = await csv('ratings');
    expect(ratings[0]).toBe('no,endedAt,red,black,overall');
    expect(ratings[1]).toBe(`1,${csvDate(STARTS_AT + 1)},1000.00,998.50,998.50`);
    expect(ratings).toHaveLength(4);
    expect(await csv('roles')).toEqual(['role,games,wins,winRate', 'mafia,2,1,0.5000', 'commissar,1,1,1.0000']);
    expect(await csv('teams')).toEqual(['team,games,wins,winRate', 'town,1,1,1.0000', 'mafia,2,1,0.5000']);
  }));
});

describe('the profile\'s CSV dates', () => {
  it('are_in_the_clubs_time_zone', () => {
    expect(csvDate(Date.UTC(2030, 2, 1, 19, 5), 'Europe/Moscow')).toBe('2030-03-01 22:05');
    expect(csvDate(Date.UTC(2030, 2, 1, 23, 30), 'UTC')).toBe('2030-03-01 23:30');
    expect(csvDate(Date.UTC(2030, 2, 1, 23, 30), 'Europe/Moscow')).toBe('2030-03-02 02:30');
  });
});
