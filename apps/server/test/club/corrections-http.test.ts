import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { startClub } from './clubServer.js';
import { protocol, world } from './ratings-world.js';

describe.each(TARGETS.map((make) => [make().name, make] as const))('corrections over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('an_admin_voids_a_game_with_a_reason_a_member_may_not_and_the_log_is_the_admins', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const games = await w.db.selectFrom('evening_games').select('id').where('evening_id', '=', w.eveningId).orderBy('created_at').execute();
      const url = `/api/clubs/${w.clubId}/games/${games[0]!.id}/void`;
      const member = await w.member.post(url, { reason: 'x' });
      expect([member.statusCode, member.json().error.code]).toEqual([403, 'forbidden']);
      const noCsrf = await w.admin.post(url, { reason: 'x' }, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      const noReason = await w.admin.post(url, {});
      expect([noReason.statusCode, noReason.json().error.code, noReason.json().error.path]).toEqual([400, 'bad-request', 'reason']);
      const ok = await w.admin.post(url, { reason: 'введена по ошибке' });
      expect([ok.statusCode, ok.json()]).toEqual([200, { gameId: games[0]!.id, voided: true }]);
      const page = (await w.member.get(`/api/evenings/${w.eveningId}`)).json() as { games: { id: string; voided: { reason: string } | null }[] };
      expect(page.games.find((g) => g.id === games[0]!.id)!.voided!.reason).toBe('введена по ошибке');
      // Its own page says so too.
      const gp = await w.member.get(`/api/clubs/${w.clubId}/games/${games[0]!.id}`);
      expect(gp.json().game.voided).toEqual({ at: h.clock.now(), reason: 'введена по ошибке' });
      expect((await w.member.get(`/api/clubs/${w.clubId}/games/${games[1]!.id}`)).json().game.voided).toBeUndefined();
      expect((await w.member.get(`/api/clubs/${w.clubId}/audit`)).statusCode).toBe(403);
      expect((await w.stranger.get(`/api/clubs/${w.clubId}/audit`)).statusCode).toBe(404);
      const log = await w.admin.get(`/api/clubs/${w.clubId}/audit`);
      expect(log.json().entries.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([['game-voided', 'введена по ошибке']]);
    } finally {
      await h.close();
    }
  });

  it('the_same_protocol_posted_again_is_a_409_naming_the_earlier_game', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const first = (await w.db.selectFrom('evening_games').select(['id', 'protocol']).where('evening_id', '=', w.eveningId).execute())
        .find((g) => JSON.parse(g.protocol!).steps.length === 6)!;
      const r = await w.admin.post(`/api/evenings/${w.eveningId}/games`, { protocol: JSON.stringify(protocol('classic-town-wins'), null, 4) });
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toMatchObject({ code: 'game-duplicate', path: 'protocol', params: { gameId: first.id, eveningId: w.eveningId } });
    } finally {
      await h.close();
    }
  });
});
