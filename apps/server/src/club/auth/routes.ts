import { ConsumeLinkSchema, SignInLinkSchema, SignInPasswordSchema, type User } from '@mafia/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { parseBody } from './body.js';
import { SESSION_COOKIE, userView } from './current.js';
import { PER_ADDRESS, perEmailLimit } from './limits.js';
import { useSigninLink } from './linkUse.js';
import { burnPasswordTime, verifyPassword } from './password.js';
import { SIGNIN_JOB, type SigninJob } from './signinMail.js';
import { hashToken } from './tokens.js';

/** Starts a fresh session for `user` (a new id: a session id known before sign-in is worth nothing after). */
export async function startSession(req: FastifyRequest, reply: FastifyReply, user: User) {
  await req.session.regenerate();
  req.session.userId = user.id;
  return { user, csrfToken: reply.generateCsrf() };
}

export async function registerSigninRoutes(scope: FastifyInstance, ctx: ClubContext): Promise<void> {
  const linkLimit = perEmailLimit(scope, 'link');
  const passwordLimit = perEmailLimit(scope, 'password');

  scope.get('/api/auth/csrf', async (_req, reply) => ({ csrfToken: reply.generateCsrf() }));

  scope.post('/api/auth/link', { config: { rateLimit: PER_ADDRESS } }, async (req, reply) => {
    const b = parseBody(SignInLinkSchema, req.body, { email: 'bad-email' });
    await linkLimit(req, b.email);
    // The same single insert for every address: the answer and its timing tell nothing.
    const job: SigninJob = { email: b.email, ...(b.locale ? { locale: b.locale } : {}) };
    await ctx.jobs.enqueue(SIGNIN_JOB, job);
    return reply.status(202).send({ sent: true });
  });

  scope.post('/api/auth/link/consume', { config: { rateLimit: PER_ADDRESS } }, async (req, reply) => {
    const b = parseBody(ConsumeLinkSchema, req.body, { token: 'link-unknown' });
    const user = await useSigninLink(ctx, hashToken(b.token));
    return startSession(req, reply, userView(user));
  });

  scope.post('/api/auth/password', { config: { rateLimit: PER_ADDRESS } }, async (req, reply) => {
    const b = parseBody(SignInPasswordSchema, req.body, { email: 'bad-email' });
    await passwordLimit(req, b.email);
    const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', b.email).where('deleted_at', 'is', null).executeTakeFirst();
    const ok = user?.password_hash ? await verifyPassword(b.password, user.password_hash) : (await burnPasswordTime(b.password), false);
    if (!user || !ok) return clubRefuse('bad-credentials', 'the e-mail address or the password is wrong', 401);
    return startSession(req, reply, userView(user));
  });

  scope.post('/api/auth/logout', async (req, reply) => {
    if (req.session.sessionId) await req.session.destroy();
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });
}
