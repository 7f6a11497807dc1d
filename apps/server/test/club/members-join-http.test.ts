import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { joinByMail, signIn, type ClubHarness, startClub } from './clubServer.js';

/** The answer's shape: its keys, nested, sorted. */
const shapeOf = (v: unknown): unknown => (v !== null && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, shapeOf((v as Record<string, unknown>)[k])])) : typeof v);

for (const make of TARGETS) {
  const target = make();
  describe(`adding a member by e-mail over HTTP on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let h: ClubHarness;
    beforeEach(async () => { h = await startClub(target); });
    afterEach(async () => h.close());

    it('a_stranger_adding_a_known_accounts_address_gets_the_answer_an_unknown_address_gets', async () => {
      const victim = await signIn(h, 'victim@club.test');
      expect((await victim.patch('/api/me', { name: 'Вера Тайная', phone: '+7 900 765-43-21' })).statusCode).toBe(200);
      const stranger = await signIn(h, 'stranger@club.test');
      const clubId = ((await stranger.post('/api/clubs', { name: 'Чужой клуб', nickname: 'Хозяин' })).json() as { club: { id: string } }).club.id;
      const known = await stranger.post(`/api/clubs/${clubId}/members`, { email: 'victim@club.test', nickname: 'К' });
      const unknown = await stranger.post(`/api/clubs/${clubId}/members`, { email: 'nobody@club.test', nickname: 'Н' });
      expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
      expect(shapeOf(known.json())).toEqual(shapeOf(unknown.json()));
      const list = (await stranger.get(`/api/clubs/${clubId}/members`)).body;
      for (const secret of ['Вера Тайная', '765-43-21', 'victim@club.test']) {
        expect(known.body).not.toContain(secret);
        expect(list).not.toContain(secret);
      }
      // Once she accepts, she is the member, and her club's admin sees her fields (the privacy rule).
      const she = await joinByMail(h, 'victim@club.test');
      expect(she.user!.id).toBe(victim.user!.id);
      expect((await stranger.get(`/api/clubs/${clubId}/members`)).body).toContain('Вера Тайная');
    });
  });
}
