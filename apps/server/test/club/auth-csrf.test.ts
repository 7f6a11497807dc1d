import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerAuth } from '../../src/club/auth/index.js';
import { ClubError } from '../../src/club/errors.js';
import { DbJobQueue } from '../../src/club/jobs.js';
import type { ClubContext } from '../../src/club/ports.js';
import type { ClubDb } from '../../src/club/schema.js';
import { RoomManager } from '../../src/room/manager.js';
import { openStorage } from '../../src/storage/open.js';
import { sqliteTarget, TARGETS } from '../storageTargets.js';
import { Agent, anonymous, signIn, signinTokenFrom, startClub, type ClubHarness } from './clubServer.js';

for (const make of TARGETS) {
  const target = make();
  describe(`CSRF and the session cookie (${target.name})`, () => {
    let h: ClubHarness;
    beforeEach(async () => {
      h = await startClub(target, { build: { trustProxy: true } });
    });
    afterEach(() => h.close());
    afterAll(() => target.cleanup());

    it('a_post_without_the_csrf_header_is_refused_with_bad_csrf_and_changes_nothing', async () => {
      const a = await signIn(h, 'csrf@club.test');
      const r = await a.post('/api/auth/logout', {}, { csrf: false });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.code).toBe('bad-csrf');
      expect((await a.get('/api/me')).json().user.email).toBe('csrf@club.test');
    });

    it('a_wrong_csrf_token_is_refused', async () => {
      const a = await signIn(h, 'wrong@club.test');
      const r = await a.post('/api/auth/logout', {}, { csrf: false, headers: { 'x-csrf-token': 'forged-token' } });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.code).toBe('bad-csrf');
      expect((await a.get('/api/me')).json().user.email).toBe('wrong@club.test');
    });

    it('another_sessions_token_is_refused', async () => {
      const a = await signIn(h, 'mine@club.test');
      const b = await signIn(h, 'theirs@club.test');
      const r = await a.post('/api/auth/logout', {}, { csrf: false, headers: { 'x-csrf-token': b.csrfToken! } });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.code).toBe('bad-csrf');
    });

    it('a_link_request_without_a_session_is_refused_and_sends_nothing', async () => {
      const r = await anonymous(h).post('/api/auth/link', { email: 'x@club.test' }, { csrf: false });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.code).toBe('bad-csrf');
      expect(await h.club.jobs.runDue()).toBe(0);
    });

    it('the_session_cookie_is_http_only_and_lax_and_not_secure_over_http', async () => {
      const a = anonymous(h);
      expect((await a.post('/api/auth/link', { email: 'cookie@club.test' })).statusCode).toBe(202);
      await h.club.jobs.runDue();
      const r = await a.post('/api/auth/link/consume', { token: signinTokenFrom(h.outbox, 'cookie@club.test') });
      expect(r.statusCode).toBe(200);
      const c = r.cookies.find((x) => x.name === 'mafia.sid')!;
      expect(c).toBeDefined();
      expect(c.httpOnly).toBe(true);
      expect(c.sameSite).toBe('Lax');
      expect(c.secure).toBeFalsy();
      expect(c.path).toBe('/');
      // 30 days.
      expect(Math.abs(c.expires!.getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    });

    it('the_csrf_cookie_is_signed_http_only_and_lax_and_secure_when_the_request_came_over_https', async () => {
      const plain = (await anonymous(h).get('/api/auth/csrf')).cookies.find((x) => x.name === 'mafia.csrf')!;
      expect(plain).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(plain.secure).toBeFalsy();
      const a = new Agent(h, { headers: { 'x-forwarded-proto': 'https' } });
      const r = await a.get('/api/auth/csrf');
      const c = r.cookies.find((x) => x.name === 'mafia.csrf')!;
      expect(c.secure).toBe(true);
      expect(c.httpOnly).toBe(true);
      expect(c.sameSite).toBe('Lax');
    });

    it('asking_for_a_csrf_token_writes_no_session_row_and_the_token_still_works', async () => {
      const agents = Array.from({ length: 20 }, () => anonymous(h));
      for (const a of agents) expect((await a.get('/api/auth/csrf')).statusCode).toBe(200);
      expect(await h.club.context.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
      expect((await anonymous(h).get('/api/auth/csrf')).cookies.map((c) => c.name)).not.toContain('mafia.sid');
      // The anonymous token is good for the sign-in request, and a token of another browser is not.
      const ok = await agents[0]!.post('/api/auth/link', { email: 'anon@club.test' });
      expect(ok.statusCode).toBe(202);
      const foreign = await agents[1]!.post('/api/auth/link', { email: 'anon@club.test' }, { csrf: false, headers: { 'x-csrf-token': agents[0]!.csrfToken! } });
      expect(foreign.json()).toMatchObject({ error: { code: 'bad-csrf' } });
      expect(await h.club.context.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });

    it('a_get_needs_no_token_and_makes_no_session', async () => {
      const r = await anonymous(h).get('/api/me');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ user: null });
      expect(r.cookies).toEqual([]);
      expect(await h.club.context.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });
  });
}

describe('a route may be exempt from CSRF (config csrf: false)', () => {
  const target = sqliteTarget();
  afterAll(() => target.cleanup());
  it('an_exempt_route_takes_a_post_without_a_token_and_others_do_not', async () => {
    const storage = await openStorage(await target.url());
    await storage.migrate();
    const log = pino({ level: 'silent' });
    const db = storage.db as ClubDb;
    const ctx: ClubContext = { db, kind: storage.kind, now: Date.now, jobs: new DbJobQueue(db, Date.now, log), log, mailer: { async send() {} }, sms: null, publicUrl: () => 'http://test', rooms: new RoomManager(storage, log) };
    const app = Fastify();
    await app.register(async (scope) => {
      scope.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) =>
        err instanceof ClubError ? reply.status(err.status).send(err.body) : reply.status(err.statusCode ?? 500).send({ error: { code: err.code?.startsWith('FST_CSRF') ? 'bad-csrf' : 'other' } }));
      await registerAuth(scope, ctx);
      scope.post('/api/invitations/:token', { config: { csrf: false } }, async () => ({ answered: true }));
      scope.post('/api/guarded', async () => ({ done: true }));
    });
    try {
      const open = await app.inject({ method: 'POST', url: '/api/invitations/abc', payload: { answer: 'yes' } });
      expect(open.statusCode).toBe(200);
      expect(open.json()).toEqual({ answered: true });
      const guarded = await app.inject({ method: 'POST', url: '/api/guarded', payload: {} });
      expect(guarded.statusCode).toBe(403);
      expect(guarded.json().error.code).toBe('bad-csrf');
    } finally {
      await app.close();
      await storage.close();
    }
  });
});
