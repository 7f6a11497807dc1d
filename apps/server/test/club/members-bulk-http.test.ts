import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { signIn, type ClubHarness, startClub } from './clubServer.js';

// Issue 24 point 6: adding members in bulk, previewed line by line, then added all or nothing.

type Row = { line: number; nickname: string; errors: string[]; firstLine?: number };

for (const make of TARGETS) {
  const target = make();
  describe(`adding members in bulk on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let h: ClubHarness;
    beforeEach(async () => { h = await startClub(target); });
    afterEach(async () => h.close());

    const setUp = async () => {
      const admin = await signIn(h, 'boss@club.test');
      const clubId = ((await admin.post('/api/clubs', { name: 'Клуб', nickname: 'Ёжик' })).json() as { club: { id: string } }).club.id;
      const nicknames = async () => ((await admin.get(`/api/clubs/${clubId}/members`)).json() as { members: { nickname: string }[] }).members.map((m) => m.nickname);
      return { admin, clubId, nicknames };
    };

    it('a_preview_marks_each_bad_line_and_a_confirmation_with_errors_changes_nothing', async () => {
      const { admin, clubId, nicknames } = await setUp();
      const text = '\ufeffНик;Имя;E-mail;Телефон\r\nЕжик;;a@club.test;\r\n;Без ника;;\r\nКот;;not-an-address;\r\nЛиса;;;\r\nлиса;;;\r\n';
      const before = await nicknames();
      const preview = await admin.post(`/api/clubs/${clubId}/members/bulk`, { text });
      expect(preview.statusCode).toBe(200);
      const p = preview.json() as { separator: string; rows: Row[]; ready: number; added: number };
      expect(p.separator).toBe(';');
      expect(p.rows.map((r) => [r.line, r.errors])).toEqual([[2, ['nickname-taken']], [3, ['missing-nickname']], [4, ['bad-email']], [5, []], [6, ['duplicate-in-file']]]);
      expect([p.ready, p.added]).toEqual([1, 0]);
      const refused = await admin.post(`/api/clubs/${clubId}/members/bulk`, { text, confirm: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'member-list-invalid', params: { count: 4, lines: '2, 3, 4, 6' } } });
      expect(await nicknames()).toEqual(before);
      await h.club.jobs.runDue();
      expect(h.outbox.filter((m) => m.to === 'a@club.test')).toHaveLength(0);
    });

    it('a_clean_list_adds_everyone_and_invites_those_with_an_e_mail', async () => {
      const { admin, clubId, nicknames } = await setUp();
      const r = await admin.post(`/api/clubs/${clubId}/members/bulk`, { text: 'Кот,Кот Котов,kot@club.test\nЯна\nёлка,,elka@club.test', confirm: true });
      expect(r.statusCode).toBe(200);
      expect((r.json() as { added: number }).added).toBe(3);
      expect(await nicknames()).toEqual(['Ёжик', 'ёлка', 'Кот', 'Яна']);
      await h.club.jobs.runDue();
      expect(h.outbox.map((m) => m.to).filter((to) => to.endsWith('@club.test') && to !== 'boss@club.test').sort()).toEqual(['elka@club.test', 'kot@club.test']);
      // The same list again: every nickname is now taken, nothing is added.
      const again = await admin.post(`/api/clubs/${clubId}/members/bulk`, { text: 'Кот\nЕлка', confirm: true });
      expect(again.statusCode).toBe(409);
      expect(await nicknames()).toHaveLength(4);
    });

    it('a_non_admin_a_bad_body_and_an_oversized_list_are_refused', async () => {
      const { admin, clubId } = await setUp();
      expect((await admin.post(`/api/clubs/${clubId}/members/bulk`, { text: '' })).json()).toMatchObject({ error: { code: 'bad-request', path: 'text' } });
      expect((await admin.post(`/api/clubs/${clubId}/members/bulk`, { text: 'Кот', extra: 1 })).statusCode).toBe(400);
      expect((await admin.post(`/api/clubs/${clubId}/members/bulk`, { text: Array.from({ length: 301 }, (_, i) => `Игрок${i}`).join('\n') })).json()).toMatchObject({ error: { code: 'bad-request', path: 'text' } });
      const stranger = await signIn(h, 'stranger@club.test');
      expect((await stranger.post(`/api/clubs/${clubId}/members/bulk`, { text: 'Кот' })).statusCode).toBe(404);
    });
  });
}
