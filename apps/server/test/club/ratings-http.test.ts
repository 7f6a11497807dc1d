import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { startClub, type Agent } from './clubServer.js';
import { MEMBER_NICK, world } from './ratings-world.js';


const seasonsOf = async (a: Agent, clubId: string) => ((await a.get(`/api/clubs/${clubId}/seasons`)).json() as { seasons: unknown[] }).seasons;

describe.each(TARGETS.map((make) => [make().name, make] as const))('seasons and the leaderboard over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('the_leaderboard_ranks_season_points_with_penalties_apart_and_by_rating', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const made = await w.admin.post(`/api/clubs/${w.clubId}/seasons`, { name: 'Весна 2030', startsAt: Date.UTC(2030, 2, 1), endsAt: Date.UTC(2030, 5, 1) });
      expect(made.statusCode).toBe(201);
      const season = (made.json() as { season: { id: string; order: string[] } }).season;
      expect(season.order).toEqual(['total', 'wins', 'games']);
      expect(await seasonsOf(w.member, w.clubId)).toEqual([season]);
      const r = await w.member.get(`/api/clubs/${w.clubId}/leaderboard?season=${season.id}`);
      expect(r.statusCode).toBe(200);
      const board = r.json() as { by: string; rows: { rank: number; nickname: string; points: number; penalties: number; total: number; evenings: number; games: number; wins: number; winRate: number }[] };
      expect(board.by).toBe('points');
      // (1 + game 1 + game 2) × 10 players × weight 1; Зоя's −5 apart, Борис's cancelled −10 counts nothing.
      expect(board.rows.map((x) => [x.rank, x.nickname, x.points, x.penalties, x.total, x.games, x.wins])).toEqual([
        [1, 'Борис', 50, 0, 50, 2, 1], [1, 'Дина', 50, 0, 50, 2, 1], [3, 'Зоя', 50, -5, 45, 2, 1],
        [4, 'Аня', 40, 0, 40, 2, 1], [4, 'Вера', 40, 0, 40, 2, 1], [4, 'Егор', 40, 0, 40, 2, 1], [4, 'Жора', 40, 0, 40, 2, 1],
        [4, 'Ира', 40, 0, 40, 2, 1], [4, 'Кир', 40, 0, 40, 2, 1], [10, 'Глеб', 30, 0, 30, 2, 1],
        [11, 'Ведущий', 0, 0, 0, 0, 0], [11, MEMBER_NICK, 0, 0, 0, 0, 0],
      ]);
      expect(board.rows[0]).toMatchObject({ evenings: 1, winRate: 0.5 });
      // A season without the evening: nothing in it.
      const later = (await w.admin.post(`/api/clubs/${w.clubId}/seasons`, { name: 'Лето', startsAt: Date.UTC(2030, 5, 1), endsAt: Date.UTC(2030, 8, 1), order: ['points', 'winRate'] })).json() as { season: { id: string } };
      const empty = (await w.member.get(`/api/clubs/${w.clubId}/leaderboard?season=${later.season.id}`)).json() as { rows: { total: number; rank: number }[] };
      expect(empty.rows.every((x) => x.total === 0 && x.rank === 1)).toBe(true);
      // By the red rating: the seven town players of both games first, equal; the others at 1000.
      const red = (await w.member.get(`/api/clubs/${w.clubId}/leaderboard?by=red`)).json() as { rows: { rank: number; nickname: string; red: number; black: number; overall: number }[] };
      expect(red.rows.slice(0, 7).map((x) => x.nickname)).toEqual(['Аня', 'Вера', 'Глеб', 'Егор', 'Жора', 'Ира', 'Кир']);
      expect(red.rows.slice(0, 7).every((x) => x.rank === 1 && x.red > 1000 && x.overall === x.red)).toBe(true);
      expect(red.rows.slice(7).every((x) => x.rank === 8 && x.red === 1000)).toBe(true);
      const black = (await w.member.get(`/api/clubs/${w.clubId}/leaderboard?by=black`)).json() as { rows: { rank: number; nickname: string }[] };
      expect(black.rows.slice(0, 3).map((x) => [x.rank, x.nickname])).toEqual([[1, 'Борис'], [1, 'Дина'], [1, 'Зоя']]);
    } finally {
      await h.close();
    }
  });

  it('the_leaderboard_as_csv_has_a_header_a_bom_and_quotes_what_needs_quoting', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const r = await w.member.get(`/api/clubs/${w.clubId}/leaderboard?format=csv`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toBe('attachment; filename="leaderboard.csv"');
      expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = r.body.replace(/^\ufeff/, '').split('\r\n');
      expect(lines[0]).toBe('rank,nickname,points,penalties,total,evenings,games,wins,winRate,red,black,overall');
      expect(lines[1]).toMatch(/^1,Борис,50\.00,0\.00,50\.00,1,2,1,0\.5000,1000\.00,\d{4}\.\d\d,\d{3,4}\.\d\d$/);
      expect(lines[3]).toMatch(/^3,Зоя,50\.00,-5\.00,45\.00,1,2,1,0\.5000,/);
      expect(lines).toContain('11,"Игрок, ""Ю""",0.00,0.00,0.00,0,0,0,0.0000,1000.00,1000.00,1000.00');
      expect(lines.at(-1)).toBe('');
      expect(lines).toHaveLength(14);
    } finally {
      await h.close();
    }
  });

  it('only_an_admin_recomputes_and_a_stranger_sees_nothing', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const before = await w.db.selectFrom('member_ratings' as any).selectAll().execute();
      const ok = await w.admin.post(`/api/clubs/${w.clubId}/ratings/recompute`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ games: 2, rated: 2 });
      expect(typeof (ok.json() as { ms: unknown }).ms).toBe('number');
      const sorted = (rows: any[]) => [...rows].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
      expect(sorted(await w.db.selectFrom('member_ratings' as any).selectAll().execute())).toEqual(sorted(before));
      const no = await w.member.post(`/api/clubs/${w.clubId}/ratings/recompute`);
      expect(no.statusCode).toBe(403);
      expect(no.json()).toMatchObject({ error: { code: 'forbidden' } });
      expect((await w.admin.post(`/api/clubs/${w.clubId}/ratings/recompute`, {}, { csrf: false })).json()).toMatchObject({ error: { code: 'bad-csrf' } });
      for (const r of [
        await w.stranger.get(`/api/clubs/${w.clubId}/leaderboard`),
        await w.stranger.get(`/api/clubs/${w.clubId}/seasons`),
        await w.stranger.post(`/api/clubs/${w.clubId}/ratings/recompute`),
      ]) {
        expect(r.statusCode).toBe(404);
        expect(r.json()).toMatchObject({ error: { code: 'not-a-member' } });
      }
      const unknown = await w.member.get(`/api/clubs/${w.clubId}/leaderboard?season=nope`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: { code: 'season-unknown', path: 'season' } });
      expect((await w.member.get(`/api/clubs/${w.clubId}/leaderboard?by=wins`)).json()).toMatchObject({ error: { code: 'bad-request', path: 'by' } });
    } finally {
      await h.close();
    }
  });

  it('bad_season_bodies_are_refused_and_nothing_changes', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const url = `/api/clubs/${w.clubId}/seasons`;
      const good = { name: 'Весна', startsAt: Date.UTC(2030, 2, 1), endsAt: Date.UTC(2030, 5, 1) };
      const cases: [unknown, string, string][] = [
        [{ ...good, endsAt: good.startsAt }, 'bad-season', 'endsAt'],
        [{ ...good, order: ['wins', 'total'] }, 'bad-season-order', 'order'],
        [{ ...good, order: ['total', 'total'] }, 'bad-season-order', 'order'],
        [{ ...good, order: ['total', 'luck'] }, 'bad-season-order', 'order'],
        [{ ...good, name: '  ' }, 'bad-request', 'name'],
        [{ ...good, startsAt: 'tomorrow' }, 'bad-request', 'startsAt'],
        [{ ...good, extra: 1 }, 'bad-request', ''],
      ];
      for (const [body, code, path] of cases) {
        const r = await w.admin.post(url, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        const e = (r.json() as { error: { code: string; path?: string; message: string } }).error;
        expect(e.code).toBe(code);
        if (path) expect(e.path).toBe(path);
        expect(e.message.length).toBeGreaterThan(5);
      }
      const notAdmin = await w.member.post(url, good);
      expect(notAdmin.statusCode).toBe(403);
      expect(await seasonsOf(w.admin, w.clubId)).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
