import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/club/auth/password.js';
import { TARGETS } from '../storageTargets.js';
import { anonymous, signIn, startClub, type ClubHarness } from './clubServer.js';

describe('password hashing', () => {
  it('a_hash_is_scrypt_with_its_parameters_and_a_random_salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'garbage')).toBe(false);
    expect(await verifyPassword('correct horse', 'scrypt$0$8$1$AA$')).toBe(false);
  });
});

for (const make of TARGETS) {
  const target = make();
  describe(`sign-in by password and the rate limits (${target.name})`, () => {
    let h: ClubHarness;
    beforeEach(async () => {
      h = await startClub(target);
    });
    afterEach(() => h.close());
    afterAll(() => target.cleanup());

    it('a_password_set_after_a_link_sign_in_signs_in_later', async () => {
      const a = await signIn(h, 'pw@club.test');
      const set = await a.post('/api/me/password', { password: 'long enough' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ ok: true });
      expect((await a.get('/api/me')).json().user.hasPassword).toBe(true);
      const stored = await h.club.context.db.selectFrom('users').select('password_hash').where('email', '=', 'pw@club.test').executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^scrypt\$/);
      const b = anonymous(h);
      const r = await b.post('/api/auth/password', { email: 'PW@club.test', password: 'long enough' });
      expect(r.statusCode).toBe(200);
      expect(r.json().user).toMatchObject({ email: 'pw@club.test', hasPassword: true });
      b.csrfToken = r.json().csrfToken;
      expect((await b.get('/api/me')).json().user.email).toBe('pw@club.test');
      // The hash never leaves the server.
      expect(JSON.stringify((await b.get('/api/me')).json())).not.toContain('scrypt');
    });

    it('changing_the_password_signs_out_every_other_session_of_the_account', async () => {
      // Issue 23 point 15: two browsers of one member, and another member's.
      const here = await signIn(h, 'two@club.test');
      const there = await signIn(h, 'two@club.test');
      const someoneElse = await signIn(h, 'else@club.test');
      const who = async (a: typeof here) => (await a.get('/api/me')).json().user?.email ?? null;
      expect(await who(there)).toBe('two@club.test');
      expect((await here.post('/api/me/password', { password: 'long enough' })).statusCode).toBe(200);
      expect(await who(there)).toBe(null);
      // Its CSRF cookie is not bound to a session (issue 23 point 10): the signed-out session is refused as such.
      expect((await there.post('/api/me/password', { password: 'another one' })).json().error.code).toBe('sign-in-required');
      expect((await here.get('/api/me')).json().user).toMatchObject({ email: 'two@club.test', hasPassword: true });
      expect(await who(someoneElse)).toBe('else@club.test');
      // A refused change (too short) signs nobody out.
      const again = await signIn(h, 'two@club.test');
      expect((await here.post('/api/me/password', { password: 'short' })).statusCode).toBe(400);
      expect(await who(again)).toBe('two@club.test');
    });

    it('a_wrong_password_and_an_unknown_address_get_the_same_refusal', async () => {
      const a = await signIn(h, 'pw2@club.test');
      await a.post('/api/me/password', { password: 'long enough' });
      const x = anonymous(h);
      const wrong = await x.post('/api/auth/password', { email: 'pw2@club.test', password: 'not this one' });
      const unknown = await x.post('/api/auth/password', { email: 'who@club.test', password: 'long enough' });
      const noPassword = await x.post('/api/auth/password', { email: (await signIn(h, 'link-only@club.test')).user!.email, password: 'long enough' });
      for (const r of [wrong, unknown, noPassword]) {
        expect(r.statusCode).toBe(401);
        expect(r.json()).toEqual({ error: { code: 'bad-credentials', message: 'the e-mail address or the password is wrong' } });
      }
      expect((await x.get('/api/me')).json()).toEqual({ user: null });
    });

    it('a_short_password_is_refused_with_bad_password_and_changes_nothing', async () => {
      const a = await signIn(h, 'short@club.test');
      const r = await a.post('/api/me/password', { password: 'short' });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'bad-password', path: 'password' });
      expect((await a.get('/api/me')).json().user.hasPassword).toBe(false);
    });

    it('setting_a_password_needs_a_sign_in', async () => {
      const r = await anonymous(h).post('/api/me/password', { password: 'long enough' });
      expect(r.statusCode).toBe(401);
      expect(r.json().error.code).toBe('sign-in-required');
    });

    it('the_sixth_link_request_for_one_address_within_ten_minutes_is_refused_and_sends_no_mail', async () => {
      // From six different devices: the limit is the address's, not the device's.
      for (let i = 1; i <= 5; i++) {
        const r = await anonymous(h).post('/api/auth/link', { email: 'flood@club.test' });
        expect(r.statusCode).toBe(202);
      }
      expect(await h.club.jobs.runDue()).toBe(5);
      const sixth = await anonymous(h).post('/api/auth/link', { email: 'Flood@Club.test' });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.code).toBe('too-many-requests');
      expect(sixth.json().error.message).toContain('flood@club.test');
      expect(await h.club.jobs.runDue()).toBe(0);
      expect(h.outbox.filter((m) => m.to === 'flood@club.test')).toHaveLength(5);
      // Another address is not held up.
      expect((await anonymous(h).post('/api/auth/link', { email: 'other@club.test' })).statusCode).toBe(202);
    });

    it('the_eleventh_request_from_one_device_within_a_minute_is_refused', async () => {
      const a = anonymous(h);
      await a.refreshCsrf();
      for (let i = 1; i <= 10; i++) {
        const r = await a.post('/api/auth/link/consume', { token: `forged-${i}` });
        expect(r.statusCode).toBe(400);
      }
      const r = await a.post('/api/auth/link/consume', { token: 'forged-11' });
      expect(r.statusCode).toBe(429);
      expect(r.json().error.code).toBe('too-many-requests');
      expect(r.headers['retry-after']).toBeDefined();
    });

    it('passwords_are_not_guessed_more_than_five_times_in_ten_minutes_per_address', async () => {
      const a = await signIn(h, 'guess@club.test');
      await a.post('/api/me/password', { password: 'the real one' });
      for (let i = 1; i <= 5; i++) expect((await anonymous(h).post('/api/auth/password', { email: 'guess@club.test', password: `guess ${i}` })).statusCode).toBe(401);
      const r = await anonymous(h).post('/api/auth/password', { email: 'guess@club.test', password: 'the real one' });
      expect(r.statusCode).toBe(429);
      expect(r.json().error.code).toBe('too-many-requests');
    });
  });
}
