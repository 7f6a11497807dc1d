import { replayProtocol } from '@mafia/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { startClub } from './clubServer.js';
import { protocol, TEN, world } from './ratings-world.js';

type Page = {
  game: Record<string, unknown>;
  seats: { seat: number; userId: string | null; nickname: string; role: string; team: string; points: number; won: boolean }[];
  timeline: Record<string, unknown>[];
};

describe.each(TARGETS.map((make) => [make().name, make] as const))('a game page and its protocol over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_member_reads_an_ended_games_page_with_every_step_and_downloads_its_protocol', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const games = await w.db.selectFrom('evening_games').select(['id', 'protocol']).where('evening_id', '=', w.eveningId).execute();
      const town = games.find((g) => JSON.parse(g.protocol!).seats[2] === 'commissar' && JSON.parse(g.protocol!).steps.length === 6)!;
      const r = await w.member.get(`/api/clubs/${w.clubId}/games/${town.id}`);
      expect(r.statusCode).toBe(200);
      const page = r.json() as Page;
      expect(page.game).toEqual({ id: town.id, eveningId: w.eveningId, tableNo: null, gameNo: null, preset: 'classic', winner: 'town', endedAt: expect.any(Number) });
      expect(page.seats.map((s) => [s.seat, s.nickname, s.role, s.team, s.points, s.won])).toEqual([
        [1, 'Аня', 'civilian', 'town', 3, true], [2, 'Борис', 'mafia', 'mafia', 0, false], [3, 'Вера', 'commissar', 'town', 3, true],
        [4, 'Глеб', 'civilian', 'town', 2, true], [5, 'Дина', 'don', 'mafia', 0, false], [6, 'Егор', 'civilian', 'town', 3, true],
        [7, 'Жора', 'civilian', 'town', 3, true], [8, 'Зоя', 'mafia', 'mafia', 0, false], [9, 'Ира', 'civilian', 'town', 3, true],
        [10, 'Кир', 'civilian', 'town', 3, true],
      ]);
      expect(page.seats[0]!.userId).toBe(w.ids['Аня']);
      // The protocol's steps, each with its result: the acts and their answers, the ballots and the count.
      expect(page.timeline[1]).toEqual({ day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 9, 10] }, left: [8], by: 'vote', tally: { 2: 3, 8: 7 } });
      expect(page.timeline[2]).toMatchObject({
        night: 2, died: [4],
        acts: [{ by: 2, act: 'kill', target: 4 }, { by: 5, act: 'kill', target: 4 }, { by: 5, act: 'check', target: 3 }, { by: 3, act: 'check', target: 5 }],
        results: [{ by: 5, act: 'check', target: 3, answer: 'yes' }, { by: 3, act: 'check', target: 5, answer: 'yes' }],
      });
      expect(page.timeline.map((s) => ('night' in s ? `n${s.night}` : `d${s.day}`))).toEqual(['n1', 'd1', 'n2', 'd2', 'n3', 'd3']);

      const p = await w.member.get(`/api/clubs/${w.clubId}/games/${town.id}/protocol`);
      expect(p.statusCode).toBe(200);
      const file = `Клуб-2030-03-01-p${town.id.slice(0, 8)}.json`;
      // An ASCII name for old clients, the club's own name in UTF-8 for the others (RFC 6266).
      expect(p.headers['content-disposition']).toBe(`attachment; filename="${file.replace('Клуб', '____')}"; filename*=UTF-8''${encodeURIComponent(file)}`);
      expect(p.json()).toEqual({ ...protocol('classic-town-wins'), names: TEN });
      const replayed = replayProtocol(p.json());
      expect(replayed.ok && replayed.result.winner).toBe('town');

      // Strangers get nothing; an unknown game is unknown.
      for (const url of [`/api/clubs/${w.clubId}/games/${town.id}`, `/api/clubs/${w.clubId}/games/${town.id}/protocol`]) {
        const no = await w.stranger.get(url);
        expect(no.statusCode).toBe(404);
        expect(no.json()).toMatchObject({ error: { code: 'not-a-member' } });
      }
      const unknown = await w.member.get(`/api/clubs/${w.clubId}/games/nope`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: { code: 'game-unknown', path: 'gameId' } });
    } finally {
      await h.close();
    }
  });

  it('an_evenings_results_rank_its_players_by_their_evening_score_with_penalties_apart_and_as_csv', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const r = await w.member.get(`/api/evenings/${w.eveningId}/results`);
      expect(r.statusCode).toBe(200);
      const res = r.json() as { evening: Record<string, unknown>; games: { gameId: string; winner: string }[]; rows: { rank: number; nickname: string; games: number; wins: number; points: number; score: number; penalties: number; total: number }[] };
      expect(res.evening).toMatchObject({ id: w.eveningId, clubId: w.clubId, weight: 1, place: 'Кафе', preset: 'classic' });
      expect(res.games.map((g) => g.winner).sort()).toEqual(['mafia', 'town']);
      // score = (1 + Σ points) × 10 players × weight 1, the leaderboard's; Зоя's −5 apart, Борис's cancelled −10 nothing.
      expect(res.rows.map((x) => [x.rank, x.nickname, x.games, x.wins, x.points, x.score, x.penalties, x.total])).toEqual([
        [1, 'Борис', 2, 1, 4, 50, 0, 50], [1, 'Дина', 2, 1, 4, 50, 0, 50], [3, 'Зоя', 2, 1, 4, 50, -5, 45],
        [4, 'Аня', 2, 1, 3, 40, 0, 40], [4, 'Вера', 2, 1, 3, 40, 0, 40], [4, 'Егор', 2, 1, 3, 40, 0, 40], [4, 'Жора', 2, 1, 3, 40, 0, 40],
        [4, 'Ира', 2, 1, 3, 40, 0, 40], [4, 'Кир', 2, 1, 3, 40, 0, 40], [10, 'Глеб', 2, 1, 2, 30, 0, 30],
      ]);
      const csv = await w.member.get(`/api/evenings/${w.eveningId}/results?format=csv`);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="evening-2030-03-01.csv"');
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = csv.body.replace(/^\ufeff/, '').split('\r\n');
      expect(lines.slice(0, 4)).toEqual(['rank,nickname,games,wins,points,score,penalties,total', '1,Борис,2,1,4,50.00,0.00,50.00', '1,Дина,2,1,4,50.00,0.00,50.00', '3,Зоя,2,1,4,50.00,-5.00,45.00']);
      expect(lines).toHaveLength(12);
      const no = await w.stranger.get(`/api/evenings/${w.eveningId}/results`);
      expect(no.statusCode).toBe(404);
      expect(no.json()).toMatchObject({ error: { code: 'not-a-member' } });
      expect((await w.member.get(`/api/evenings/nope/results`)).json()).toMatchObject({ error: { code: 'evening-unknown' } });
      expect((await w.member.get(`/api/evenings/${w.eveningId}/results?format=xls`)).json()).toMatchObject({ error: { code: 'bad-request', path: 'format' } });
    } finally {
      await h.close();
    }
  });
});
