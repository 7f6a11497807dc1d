import type { ClubContext, MailMessage } from '../ports.js';
import { hashToken, LINK_VALID_MS, newToken } from './tokens.js';

export const SIGNIN_JOB = 'signin-link';

export interface SigninJob {
  readonly email: string;
  readonly locale?: 'ru' | 'en';
}

/** The sign-in letter: Russian unless the reader's locale is English. */
export function signinMessage(to: string, link: string, locale: string): MailMessage {
  if (locale === 'en') {
    return {
      to,
      subject: 'Sign in to Mafia Host',
      text: `Hello!\n\nTo sign in to the club, open this link (it works once, for 30 minutes):\n\n${link}\n\nIf you did not ask to sign in, ignore this letter: nothing happens without the link.\n`,
    };
  }
  return {
    to,
    subject: 'Вход в Mafia Host',
    text: `Здравствуйте!\n\nЧтобы войти в клуб, откройте эту ссылку (она действует один раз, 30 минут):\n\n${link}\n\nЕсли вы не просили вход, просто не обращайте внимания на это письмо: без ссылки ничего не произойдёт.\n`,
  };
}

/**
 * The job behind POST /api/auth/link: the request itself only enqueues it, so it answers alike and
 * as fast for an address the club knows and for one it does not. Here the token is made (only its
 * hash is kept: the token itself is in no table, not even in this job's payload) and the letter is
 * sent. An address with no account gets a `signin_links` row, not an account: the account is made
 * when the link is used (issue 23 point 12). A retry after a
 * temporary SMTP failure makes a fresh token; the unsent one expires unused.
 */
export function handleSigninJobs(ctx: ClubContext): void {
  ctx.jobs.handle(SIGNIN_JOB, async (payload) => {
    const { email, locale } = payload as SigninJob;
    const at = ctx.now();
    const user = await ctx.db.selectFrom('users').select(['id', 'locale']).where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
    const token = newToken();
    const link = { token_hash: hashToken(token), created_at: at, expires_at: at + LINK_VALID_MS, used_at: null };
    if (user) await ctx.db.insertInto('login_tokens').values({ ...link, user_id: user.id }).execute();
    else {
      await ctx.db.deleteFrom('signin_links').where('expires_at', '<=', at).execute();
      await ctx.db.insertInto('signin_links').values({ ...link, email, locale: locale ?? 'ru' }).execute();
    }
    await ctx.mailer.send(signinMessage(email, `${ctx.publicUrl()}/signin/${token}`, locale ?? user?.locale ?? 'ru'));
  });
}
