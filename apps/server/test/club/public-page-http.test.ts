import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { anonymous, startClub } from './clubServer.js';
import { world } from './ratings-world.js';

/** A club's public page (issue 24 point 6): off by default, 404 like an unknown club, only nicknames and numbers. */
describe.each(TARGETS.map((make) => [make().name, make] as const))('the public club page over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('is_off_by_default_and_then_answers_exactly_like_an_unknown_club', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      const guest = anonymous(h);
      const hidden = await guest.get(`/api/public/clubs/${w.clubId}`);
      const unknown = await guest.get('/api/public/clubs/00000000-0000-4000-8000-000000000000');
      expect(hidden.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      // The same answer: body and the headers a reader could compare.
      expect(hidden.body).toBe(unknown.body);
      expect(hidden.headers['content-length']).toBe(unknown.headers['content-length']);
      // Only an admin turns it on; a member is refused and nothing changes.
      expect((await w.member.patch(`/api/clubs/${w.clubId}/public`, { enabled: true })).statusCode).toBe(403);
      expect((await guest.get(`/api/public/clubs/${w.clubId}`)).statusCode).toBe(404);
      expect((await w.admin.patch(`/api/clubs/${w.clubId}/public`, { enabled: 'yes' })).statusCode).toBe(400);
      expect((await guest.get(`/api/public/clubs/${w.clubId}`)).statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });

  it('once_turned_on_shows_the_leaderboard_and_evenings_with_nicknames_only_until_turned_off', async () => {
    const h = await startClub(target);
    try {
      const w = await world(h);
      expect((await w.admin.patch(`/api/clubs/${w.clubId}/public`, { enabled: true })).json()).toEqual({ enabled: true });
      const guest = anonymous(h);
      const r = await guest.get(`/api/public/clubs/${w.clubId}`);
      expect(r.statusCode).toBe(200);
      const page = r.json() as { club: { name: string }; leaderboard: Record<string, unknown>[]; evenings: { startsAt: number; place: string }[] };
      expect(page.leaderboard.length).toBe(10);
      expect(page.leaderboard[0]).toMatchObject({ rank: 1, nickname: 'Борис', total: 50, games: 2, wins: 1 });
      expect(Object.keys(page.leaderboard[0]!).sort()).toEqual(['black', 'evenings', 'games', 'nickname', 'overall', 'rank', 'red', 'total', 'wins']);
      // Nothing beyond nicknames and numbers: no ids, e-mails, names, phones, ledger or invitations.
      const text = r.body;
      for (const id of Object.values(w.ids)) expect(text).not.toContain(id);
      expect(text).not.toContain(w.admin.user!.id);
      expect(text).not.toMatch(/@|\+7|ledger|invitation|penalt/i);
      const red = (await guest.get(`/api/public/clubs/${w.clubId}?by=red`)).json() as { by: string };
      expect(red.by).toBe('red');
      expect((await guest.get(`/api/public/clubs/${w.clubId}?by=nope`)).statusCode).toBe(400);
      // Turned off again: 404 like an unknown club.
      await w.admin.patch(`/api/clubs/${w.clubId}/public`, { enabled: false });
      expect((await guest.get(`/api/public/clubs/${w.clubId}`)).statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });
});
