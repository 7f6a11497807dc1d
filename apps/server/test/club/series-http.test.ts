import { seriesTable } from '@mafia/club';
import { replayProtocol } from '@mafia/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { importProtocol } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { startClub } from './clubServer.js';
import { protocol, TEN, world } from './ratings-world.js';

const FIIM = ['fiim-default-code-best-move-final-minute', 'fiim-self-break-nine-yes-lift-gives-mafia-the-game'];

type Row = { rank: number; userId: string; nickname: string; games: number; wins: number; marked: number; points: number; compensation: number; total: number };

describe.each(TARGETS.map((make) => [make().name, make] as const))('FIIM series over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('an_admin_makes_a_series_of_ended_fiim_games_and_members_read_its_table_and_csv', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const ids: string[] = [];
      for (const f of FIIM) ids.push((await importProtocol(h.club.context, w.admin.user!.id, w.eveningId, { protocol: protocol(f) })).game.id);
      const classic = (await w.db.selectFrom('evening_games').select('id').where('id', 'not in', ids).execute()).map((g) => g.id);

      const list = await w.member.get(`/api/clubs/${w.clubId}/series`);
      expect(list.json()).toMatchObject({ series: [] });
      expect((list.json() as { games: { gameId: string; winner: string }[] }).games.map((g) => g.gameId).sort()).toEqual([...ids].sort());

      const made = await w.admin.post(`/api/clubs/${w.clubId}/series`, { name: 'Кубок клуба, тур 1', gameIds: ids });
      expect(made.statusCode).toBe(201);
      const series = (made.json() as { series: { id: string; name: string; gameIds: string[] } }).series;
      expect(series).toMatchObject({ name: 'Кубок клуба, тур 1', gameIds: ids });

      const r = await w.member.get(`/api/clubs/${w.clubId}/series/${series.id}`);
      expect(r.statusCode).toBe(200);
      const rows = (r.json() as { rows: Row[] }).rows;
      // The same table as the engine's own results give (R-FIIM-16: tournament points + Ci once).
      const expected = seriesTable(FIIM.map((f, k) => {
        const res = replayProtocol(protocol(f));
        if (!res.ok) throw new Error(res.error.message);
        return { gameId: ids[k]!, seats: TEN.map((n, i) => ({ seat: i + 1, memberId: w.ids[n]!, nickname: n })), tournamentScores: res.result.tournamentScores!, shotFirstNight: res.result.shotFirstNight!, winners: res.result.winners };
      }));
      expect(rows).toEqual(expected.map(({ memberId, ...x }) => ({ ...x, userId: memberId })));
      // Егор (seat 6): 1 + 0.25, shot on the first night once in two games: Ci = min(0.4, 0.4·1 / max(1, round(0.8))) = 0.4.
      expect(rows.find((x) => x.nickname === 'Егор')).toMatchObject({ games: 2, marked: 1, points: 1.25, compensation: 0.4, total: 1.65 });

      const csv = await w.member.get(`/api/clubs/${w.clubId}/series/${series.id}?format=csv`);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="series.csv"');
      const lines = csv.body.replace(/^\ufeff/, '').split('\r\n');
      expect(lines[0]).toBe('rank,nickname,games,wins,marked,points,compensation,total');
      expect(lines).toContain(`${rows.find((x) => x.nickname === 'Егор')!.rank},Егор,2,1,1,1.25,0.40,1.65`);
      expect(lines).toHaveLength(12);
      expect((await w.member.get(`/api/clubs/${w.clubId}/series`)).json()).toMatchObject({ series: [{ id: series.id, gameIds: ids }] });

      // Refusals: nothing is written.
      const cases: [unknown, number, string, string?][] = [
        [{ name: 'x', gameIds: [ids[0], ids[0]] }, 400, 'series-games', 'gameIds[1]'],
        [{ name: 'x', gameIds: [ids[0], classic[0]] }, 400, 'series-not-fiim', 'gameIds[1]'],
        [{ name: 'x', gameIds: ['nope'] }, 400, 'series-game-unknown', 'gameIds[0]'],
        [{ name: 'x', gameIds: [] }, 400, 'bad-request', 'gameIds'],
        [{ name: ' ', gameIds: ids }, 400, 'bad-request', 'name'],
      ];
      for (const [body, status, code, path] of cases) {
        const no = await w.admin.post(`/api/clubs/${w.clubId}/series`, body);
        expect(no.statusCode, JSON.stringify(body)).toBe(status);
        expect(no.json()).toMatchObject({ error: { code, ...(path ? { path } : {}) } });
      }
      // A game of the club that has not ended (no facts yet): refused with 409.
      await w.db.insertInto('evening_games').values({ id: 'running', evening_id: w.eveningId, table_no: 1, room_id: null, game_no: 1, protocol: null, winner: null, created_at: 0 }).execute();
      const running = await w.admin.post(`/api/clubs/${w.clubId}/series`, { name: 'x', gameIds: [ids[0], 'running'] });
      expect(running.statusCode).toBe(409);
      expect(running.json()).toMatchObject({ error: { code: 'series-game-not-ended', path: 'gameIds[1]', params: { gameId: 'running' } } });
      const member = await w.member.post(`/api/clubs/${w.clubId}/series`, { name: 'x', gameIds: ids });
      expect(member.statusCode).toBe(403);
      expect((await w.member.get(`/api/clubs/${w.clubId}/series`)).json()).toMatchObject({ series: [{ id: series.id }] });
      expect((await w.stranger.get(`/api/clubs/${w.clubId}/series/${series.id}`)).json()).toMatchObject({ error: { code: 'not-a-member' } });
      const unknown = await w.member.get(`/api/clubs/${w.clubId}/series/nope`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: { code: 'series-unknown' } });
    } finally {
      await h.close();
    }
  });
});
