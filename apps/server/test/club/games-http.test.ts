import { replayProtocol } from '@mafia/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { startClub } from './clubServer.js';
import { fixture, TEN, world } from './ratings-world.js';

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
      expect(p.json()).toEqual({ ...fixture('classic-town-wins'), names: TEN });
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
});
