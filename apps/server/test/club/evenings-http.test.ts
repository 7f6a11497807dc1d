import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError } from '../../src/club/ports.js';
import { TARGETS } from '../storageTargets.js';
import { anonymous, joinByMail, signIn, type Agent, type ClubHarness, startClub } from './clubServer.js';
import { DAY, HOUR, tokenIn } from './clubs-context.js';

for (const make of TARGETS) {
  const target = make();
  describe(`the club's HTTP routes on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let h: ClubHarness;
    beforeEach(async () => { h = await startClub(target); });
    afterEach(async () => h.close());

    /** A club over HTTP: the admin made it; Anna and Boris were added by him and signed in. */
    const club = async () => {
      const admin = await signIn(h, 'admin@club.test');
      const made = await admin.post('/api/clubs', { name: 'Клуб Полночь', nickname: 'Ведущий' });
      expect(made.statusCode).toBe(201);
      const clubId = (made.json() as { club: { id: string } }).club.id;
      // Each accepts the invitation from her mail, then fills in her name and phone (written to her row here).
      const add = async (email: string, nickname: string, more: { name: string; phone: string }) => {
        const r = await admin.post(`/api/clubs/${clubId}/members`, { email, nickname });
        expect(r.statusCode, r.body).toBe(201);
        const agent = await joinByMail(h, email);
        await h.storage.db.updateTable('users').set(more).where('email', '=', email).execute();
        return { agent, id: agent.user!.id };
      };
      const { agent: anna, id: annaId } = await add('anna@club.test', 'Анна', { name: 'Анна Петрова', phone: '+7 900 111-11-11' });
      const { agent: boris, id: borisId } = await add('boris@club.test', 'Борис', { name: 'Борис Иванов', phone: '+7 900 222-22-22' });
      return { admin, clubId, anna, annaId, boris, borisId };
    };
    const evening = async (admin: Agent, clubId: string, more: Record<string, unknown> = {}) => {
      const r = await admin.post(`/api/clubs/${clubId}/evenings`, { startsAt: h.clock.now() + 3 * DAY, place: 'Кафе', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3, ...more });
      expect(r.statusCode, r.body).toBe(201);
      return (r.json() as { evening: { id: string; startsAt: number; answerBy: number } }).evening;
    };

    it('a_plain_member_does_not_receive_another_members_email_phone_or_name_over_http', async () => {
      const { admin, clubId, boris, annaId } = await club();
      const list = await boris.get(`/api/clubs/${clubId}/members`);
      expect(list.statusCode).toBe(200);
      for (const secret of ['anna@club.test', 'Анна Петрова', '111-11-11', 'admin@club.test']) expect(list.body).not.toContain(secret);
      const page = await boris.get(`/api/clubs/${clubId}/members/${annaId}`);
      expect(page.statusCode).toBe(200);
      for (const secret of ['anna@club.test', 'Анна Петрова', '111-11-11']) expect(page.body).not.toContain(secret);
      // Anna shares her phone (a row change as her account page would make it): Boris sees only that.
      await h.storage.db.updateTable('memberships').set({ share_phone: 1 }).where('user_id', '=', annaId).execute();
      const shared = await boris.get(`/api/clubs/${clubId}/members`);
      expect(shared.body).toContain('+7 900 111-11-11');
      expect(shared.body).not.toContain('anna@club.test');
      const forAdmin = await admin.get(`/api/clubs/${clubId}/members`);
      expect(forAdmin.body).toContain('anna@club.test');
      expect(forAdmin.body).toContain('"invitations"');
    });

    it('the_link_in_the_mail_answers_the_invitation_without_sign_in_or_csrf', async () => {
      const { admin, clubId, annaId } = await club();
      const e = await evening(admin, clubId);
      const inv = await admin.post(`/api/evenings/${e.id}/invitations`, { userIds: [annaId] });
      expect([inv.statusCode, inv.json()]).toEqual([200, { invited: 1 }]);
      await h.club.jobs.runDue();
      const mail = h.outbox.filter((m) => m.to === 'anna@club.test').at(-1)!;
      const link = /http:\/\/test(\/i\/[A-Za-z0-9_-]+)\?a=yes/.exec(mail.text)!;
      const token = tokenIn(mail.text);
      const stranger = anonymous(h);
      const seen = await stranger.get(`/api/invitations/${token}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ club: { name: 'Клуб Полночь' }, nickname: 'Анна', answer: null, open: true });
      expect(link[1]).toBe(`/i/${token}`);
      const yes = await stranger.post(`/api/invitations/${token}`, { answer: 'yes' }, { csrf: false });
      expect([yes.statusCode, yes.json()]).toEqual([200, { answer: 'yes' }]);
      const page = await admin.get(`/api/evenings/${e.id}`);
      expect(page.json()).toMatchObject({ evening: { counts: { invited: 1, yes: 1, no: 0, none: 0 } }, invitations: [{ userId: annaId, answer: 'yes' }] });
      // Changing his mind two hours before: −10 in the answer and on the page.
      h.clock.set(e.startsAt - 2 * HOUR);
      const no = await stranger.post(`/api/invitations/${token}`, { answer: 'no' }, { csrf: false });
      expect(no.json()).toMatchObject({ answer: 'no', penalty: { rule: 'late-decline', points: -10, nickname: 'Анна' } });
      const forged = await stranger.post(`/api/invitations/${'x'.repeat(43)}`, { answer: 'no' }, { csrf: false });
      expect([forged.statusCode, (forged.json() as { error: { code: string } }).error.code]).toEqual([404, 'invitation-unknown']);
      h.clock.set(e.answerBy);
      const closed = await stranger.post(`/api/invitations/${token}`, { answer: 'yes' }, { csrf: false });
      expect([closed.statusCode, (closed.json() as { error: { code: string } }).error.code]).toEqual([409, 'answers-closed']);
    });

    it('a_bounced_invitation_shows_on_the_evening_page_for_the_admin', async () => {
      const { admin, clubId, anna, borisId } = await club();
      const e = await evening(admin, clubId);
      h.failures.set('boris@club.test', new DeliveryError('550 5.1.1 mailbox unavailable', true));
      await admin.post(`/api/evenings/${e.id}/invitations`, { userIds: [borisId] });
      await h.club.jobs.runDue();
      const page = (await admin.get(`/api/evenings/${e.id}`)).json() as { invitations: { deliveryError?: { channel: string; to: string; detail: string } }[] };
      expect(page.invitations[0]!.deliveryError?.channel).toBe('email');
      expect(page.invitations[0]!.deliveryError?.detail).toContain('550 5.1.1 mailbox unavailable');
      expect((await anna.get(`/api/evenings/${e.id}`)).body).not.toContain('mailbox unavailable'); // the bounce's words (an id may hold «550» by chance)
    });

    it('refusals_over_http_carry_their_code_status_and_field', async () => {
      const { admin, clubId, anna } = await club();
      const neg = await admin.post(`/api/clubs/${clubId}/evenings`, { startsAt: h.clock.now() + DAY, place: 'Кафе', capacity: 20, weight: -1, preset: 'club', gamesPlanned: 3 });
      expect([neg.statusCode, neg.json()]).toEqual([400, { error: { code: 'negative-weight', message: 'the weight cannot be negative (got -1)', path: 'weight', params: { weight: -1 } } }]);
      const shape = await admin.post(`/api/clubs/${clubId}/evenings`, { place: 'Кафе' });
      expect([shape.statusCode, (shape.json() as { error: { code: string; path: string } }).error]).toMatchObject([400, { code: 'bad-request', path: 'startsAt' }]);
      const byMember = await anna.post(`/api/clubs/${clubId}/evenings`, { startsAt: h.clock.now() + DAY, place: 'Кафе', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3 });
      expect([byMember.statusCode, (byMember.json() as { error: { code: string } }).error.code]).toEqual([403, 'forbidden']);
      const anon = await anonymous(h).get(`/api/clubs/${clubId}`);
      expect([anon.statusCode, (anon.json() as { error: { code: string } }).error.code]).toEqual([401, 'sign-in-required']);
      const noCsrf = await admin.post('/api/clubs', { name: 'X', nickname: 'Y' }, { csrf: false });
      expect([noCsrf.statusCode, (noCsrf.json() as { error: { code: string } }).error.code]).toEqual([403, 'bad-csrf']);
      const calendar = await anna.get(`/api/clubs/${clubId}/evenings?from=soon`);
      expect([calendar.statusCode, (calendar.json() as { error: { path: string } }).error.path]).toEqual([400, 'from']);
      const overview = (await anna.get(`/api/clubs/${clubId}`)).json();
      expect(overview).toEqual({ club: { id: clubId, name: 'Клуб Полночь' }, me: { role: 'member', nickname: 'Анна' }, upcoming: [] });
    });

    it('an_admin_restores_a_member_and_cancels_a_penalty_over_http', async () => {
      const { admin, clubId, anna, annaId } = await club();
      const e = await evening(admin, clubId);
      await admin.post(`/api/evenings/${e.id}/invitations`, {});
      await h.club.jobs.runDue();
      h.clock.set(e.startsAt - HOUR);
      const token = tokenIn(h.outbox.filter((m) => m.to === 'anna@club.test').at(-1)!.text);
      const { penalty } = (await anonymous(h).post(`/api/invitations/${token}`, { answer: 'no' }, { csrf: false })).json() as { penalty: { id: string } };
      const byAnna = await anna.post(`/api/ledger/${penalty.id}/cancel`, { note: 'прошу' });
      expect(byAnna.statusCode).toBe(403);
      const ok = await admin.post(`/api/ledger/${penalty.id}/cancel`, { note: 'заболела, предупредила' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ entry: { id: penalty.id, cancelNote: 'заболела, предупредила' } });
      const again = await admin.post(`/api/ledger/${penalty.id}/cancel`, { note: 'ещё' });
      expect([again.statusCode, (again.json() as { error: { code: string } }).error.code]).toEqual([409, 'already-cancelled']);
      const ledger = (await anna.get(`/api/clubs/${clubId}/ledger`)).json() as { entries: { id: string }[] };
      expect(ledger.entries.map((x) => x.id)).toEqual([penalty.id]);
      await h.storage.db.updateTable('memberships').set({ on_list: 0, unanswered_streak: 3, off_list_at: h.clock.now() }).where('user_id', '=', annaId).execute();
      const restored = await admin.patch(`/api/clubs/${clubId}/members/${annaId}`, { restore: true });
      expect(restored.json()).toMatchObject({ member: { onList: true, unansweredStreak: 0, points: 0 } });
    });
  });
}
