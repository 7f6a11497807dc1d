import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/club/auth/tokens.js';
import { num } from '../../src/club/schema.js';
import { TARGETS } from '../storageTargets.js';
import { anonymous, signIn, signinTokenFrom, startClub, type ClubHarness } from './clubServer.js';

for (const make of TARGETS) {
  const target = make();
  describe(`sign-in by a one-time link (${target.name})`, () => {
    let h: ClubHarness;
    beforeEach(async () => {
      h = await startClub(target);
    });
    afterEach(() => h.close());
    afterAll(() => target.cleanup());

    const counts = async () => ({
      users: (await h.club.context.db.selectFrom('users').select('id').execute()).length,
      sessions: (await h.club.context.db.selectFrom('sessions').select('id').execute()).length,
      used: (await h.club.context.db.selectFrom('login_tokens').select('token_hash').where('used_at', 'is not', null).execute()).length,
    });

    it('a_link_that_arrives_signs_the_reader_in', async () => {
      const a = await signIn(h, 'Anna@Club.Test');
      expect(a.user).toMatchObject({ email: 'anna@club.test', name: null, hasPassword: false, locale: 'ru' });
      const me = await a.get('/api/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ user: a.user, clubs: [] });
      // The letter: Russian, the link under PUBLIC_URL.
      const mail = h.outbox.at(-1)!;
      expect(mail.to).toBe('anna@club.test');
      expect(mail.subject).toBe('Вход в Mafia Host');
      expect(mail.text).toMatch(/^Здравствуйте!/);
      expect(mail.text).toMatch(/http:\/\/test\/signin\/[A-Za-z0-9_-]{43}\n/);
    });

    it('the_letter_is_english_for_an_english_reader', async () => {
      await signIn(h, 'bob@club.test', { locale: 'en' });
      expect(h.outbox.at(-1)!.subject).toBe('Sign in to Mafia Host');
      expect(h.outbox.at(-1)!.text).toContain('To sign in to the club, open this link');
    });

    it('the_link_request_answers_alike_for_a_known_and_an_unknown_address', async () => {
      await signIn(h, 'known@club.test');
      const x = anonymous(h);
      const known = await x.post('/api/auth/link', { email: 'known@club.test' });
      const unknown = await x.post('/api/auth/link', { email: 'nobody@club.test' });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(JSON.parse(known.body)).toEqual({ sent: true });
      // Nothing was sent yet: the letters go from the job.
      const before = h.outbox.length;
      expect(await h.club.jobs.runDue()).toBe(2);
      expect(h.outbox.length).toBe(before + 2);
    });

    it('only_the_hash_of_the_token_is_stored', async () => {
      await anonymous(h).post('/api/auth/link', { email: 'hash@club.test' });
      await h.club.jobs.runDue();
      const token = signinTokenFrom(h.outbox, 'hash@club.test')!;
      // A new address: its link waits in signin_links (no account until it is used).
      const rows = await h.club.context.db.selectFrom('signin_links').selectAll().execute();
      expect(rows.map((r) => r.token_hash)).toEqual([hashToken(token)]);
      expect(num(rows[0].expires_at) - num(rows[0].created_at)).toBe(30 * 60_000);
      const jobs = await h.club.context.db.selectFrom('jobs').select('payload').execute();
      expect(jobs.some((j) => j.payload.includes(token))).toBe(false);
    });

    it('a_used_link_is_refused_with_link_used_and_changes_nothing', async () => {
      const a = anonymous(h);
      await a.post('/api/auth/link', { email: 'twice@club.test' });
      await h.club.jobs.runDue();
      const token = signinTokenFrom(h.outbox, 'twice@club.test')!;
      expect((await a.post('/api/auth/link/consume', { token })).statusCode).toBe(200);
      const b = anonymous(h);
      await b.refreshCsrf();
      const before = await counts();
      const again = await b.post('/api/auth/link/consume', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toMatchObject({ code: 'link-used', path: 'token' });
      expect(await counts()).toEqual(before);
      expect((await b.get('/api/me')).json()).toEqual({ user: null });
    });

    it('an_expired_link_is_refused_with_link_expired_and_changes_nothing', async () => {
      const a = anonymous(h);
      await a.post('/api/auth/link', { email: 'late@club.test' });
      await h.club.jobs.runDue();
      const token = signinTokenFrom(h.outbox, 'late@club.test')!;
      h.clock.advance(30 * 60_000);
      const before = await counts();
      const r = await a.post('/api/auth/link/consume', { token });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('link-expired');
      expect(r.json().error.message).toMatch(/expired/);
      expect(await counts()).toEqual(before);
      expect((await a.get('/api/me')).json()).toEqual({ user: null });
    });

    it('a_link_used_just_before_its_end_works', async () => {
      const a = anonymous(h);
      await a.post('/api/auth/link', { email: 'intime@club.test' });
      await h.club.jobs.runDue();
      h.clock.advance(30 * 60_000 - 1);
      const r = await a.post('/api/auth/link/consume', { token: signinTokenFrom(h.outbox, 'intime@club.test') });
      expect(r.statusCode).toBe(200);
    });

    it('a_forged_link_is_refused_with_link_unknown_and_changes_nothing', async () => {
      const a = anonymous(h);
      await a.refreshCsrf();
      const before = await counts();
      for (const token of ['A'.repeat(43), 'not a token', '']) {
        const r = await a.post('/api/auth/link/consume', { token });
        expect(r.statusCode).toBe(400);
        expect(r.json().error.code).toBe('link-unknown');
      }
      expect(await counts()).toEqual(before);
    });

    it('signing_in_gives_a_new_session_id', async () => {
      // No session exists before the first sign-in (a CSRF token makes none): sign in twice.
      const a = await signIn(h, 'fixation@club.test');
      const before = a.cookies.get('mafia.sid');
      expect(before).toBeTruthy();
      await signIn(h, 'fixation@club.test', { agent: a });
      expect(a.cookies.get('mafia.sid')).not.toBe(before);
      // The old session id is gone from the store.
      const ids = (await h.club.context.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
      expect(ids.some((id) => before!.startsWith(`${id}.`))).toBe(false);
    });

    it('the_session_survives_a_restart_of_the_server', async () => {
      const a = await signIn(h, 'stay@club.test');
      const secret = await h.club.context.db.selectFrom('settings').select('value').where('key', '=', 'session-secret').executeTakeFirst();
      expect(secret?.value.length).toBeGreaterThanOrEqual(32);
      // A second server on the same database reads the same secret and the same sessions.
      const { buildServer } = await import('../../src/http/app.js');
      const pino = (await import('pino')).default;
      const second = await buildServer({ storage: h.storage, logger: pino({ level: 'silent' }), club: { jobPollMs: 0, mailer: { async send() {} }, sms: null } });
      try {
        const r = await second.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `mafia.sid=${a.cookies.get('mafia.sid')}` } });
        expect(r.json().user.email).toBe('stay@club.test');
      } finally {
        await second.app.close();
      }
    });

    it('logout_ends_the_session', async () => {
      const a = await signIn(h, 'bye@club.test');
      const r = await a.post('/api/auth/logout');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ ok: true });
      expect((await a.get('/api/me')).json()).toEqual({ user: null });
      const rows = await h.club.context.db.selectFrom('sessions').select('user_id').execute();
      expect(rows.filter((s) => s.user_id === a.user!.id)).toEqual([]);
    });

    it('a_bad_address_is_refused_with_bad_email_and_sends_nothing', async () => {
      const r = await anonymous(h).post('/api/auth/link', { email: 'not-an-address' });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'bad-email', path: 'email' });
      expect(await h.club.jobs.runDue()).toBe(0);
      expect(h.outbox).toEqual([]);
    });
  });
}
