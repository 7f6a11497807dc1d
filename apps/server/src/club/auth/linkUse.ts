import { randomUUID } from 'node:crypto';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, type UsersTable } from '../schema.js';

const unknown = () => clubRefuse('link-unknown', 'this sign-in link is not one the club sent', 400, { path: 'token' });
const used = () => clubRefuse('link-used', 'this sign-in link was used already; ask for a new one', 400, { path: 'token' });

/** Refuses a link that was used or has expired. */
function refuseStale(row: { used_at: number | string | null; expires_at: number | string }, at: number): void {
  if (row.used_at !== null) used();
  if (num(row.expires_at) <= at) clubRefuse('link-expired', 'this sign-in link has expired (links work for 30 minutes); ask for a new one', 400, { path: 'token' });
}

/**
 * Uses the sign-in link whose token hashes to `hash` and returns whom it signs in: the account it
 * was sent to, or, for an address with no account yet, the account made now (issue 23 point 12:
 * accounts only on the first sign-in). Of two requests with one link, one signs in.
 */
export async function useSigninLink(ctx: ClubContext, hash: string): Promise<UsersTable> {
  const at = ctx.now();
  const known = await ctx.db.selectFrom('login_tokens').innerJoin('users', 'users.id', 'login_tokens.user_id')
    .select(['login_tokens.user_id', 'login_tokens.expires_at', 'login_tokens.used_at', 'users.deleted_at'])
    .where('login_tokens.token_hash', '=', hash).executeTakeFirst();
  if (known) {
    if (known.deleted_at !== null) return unknown();
    refuseStale(known, at);
    const taken = await ctx.db.updateTable('login_tokens').set({ used_at: at }).where('token_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return used();
    return ctx.db.selectFrom('users').selectAll().where('id', '=', known.user_id).executeTakeFirstOrThrow();
  }
  const fresh = await ctx.db.selectFrom('signin_links').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  if (!fresh) return unknown();
  refuseStale(fresh, at);
  const taken = await ctx.db.updateTable('signin_links').set({ used_at: at }).where('token_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return used();
  // Two links to one new address, both used: the first makes the account, the second finds it.
  await ctx.db.insertInto('users').values({ id: randomUUID(), email: fresh.email, name: null, phone: null, password_hash: null, locale: fresh.locale, created_at: at, deleted_at: null })
    .onConflict((oc) => oc.column('email').doNothing()).execute();
  return ctx.db.selectFrom('users').selectAll().where('email', '=', fresh.email).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
}
