import type { FastifyInstance } from 'fastify';
import { membershipOf } from './access.js';
import { deleteAccount, exportAccount } from './auth/account.js';
import { normalEmail, parseBody } from './auth/body.js';
import { currentUser, forgetCurrentUser, requireUser, SESSION_COOKIE } from './auth/current.js';
import { hashPassword } from './auth/password.js';
import { clubRefuse } from './errors.js';
import type { ClubContext } from './ports.js';
import type { MembershipsTable } from './schema.js';
import { nicknameColumns, refuseTakenNickname, withNickname } from './services/nicknames.js';
import { DeleteMeSchema, MePatchSchema, MembershipPatchSchema, PasswordSchema } from '@mafia/protocol';


export const membershipView = (m: MembershipsTable) => ({
  clubId: m.club_id, userId: m.user_id, role: m.role, nickname: m.nickname,
  shareName: m.share_name === 1, shareEmail: m.share_email === 1, sharePhone: m.share_phone === 1, onList: m.on_list === 1,
});

/** The signed-in user's own account (docs/club-api.md, "Sign-in and the account"). */
export async function registerMeRoutes(scope: FastifyInstance, ctx: ClubContext): Promise<void> {
  const db = ctx.db;

  scope.get('/api/me', async (req) => {
    const user = await currentUser(req);
    if (!user) return { user: null };
    const clubs = await db.selectFrom('memberships').innerJoin('clubs', 'clubs.id', 'memberships.club_id')
      .select(['clubs.id', 'clubs.name', 'memberships.role', 'memberships.nickname', 'memberships.share_name', 'memberships.share_email', 'memberships.share_phone', 'clubs.public_page'])
      .where('memberships.user_id', '=', user.id).orderBy('clubs.name').execute();
    return {
      user,
      clubs: clubs.map((c) => ({ id: c.id, name: c.name, role: c.role, nickname: c.nickname, shareName: c.share_name === 1, shareEmail: c.share_email === 1, sharePhone: c.share_phone === 1, publicPage: Number(c.public_page) === 1 })),
    };
  });

  scope.patch('/api/me', async (req) => {
    const me = await requireUser(req);
    const b = parseBody(MePatchSchema, req.body, { phone: 'bad-phone', name: 'bad-name', locale: 'bad-locale' });
    const set = { ...(b.name !== undefined ? { name: b.name } : {}), ...(b.phone !== undefined ? { phone: b.phone } : {}), ...(b.locale ? { locale: b.locale } : {}) };
    if (Object.keys(set).length > 0) await db.updateTable('users').set(set).where('id', '=', me.id).execute();
    forgetCurrentUser(req);
    return { user: await requireUser(req) };
  });

  scope.post('/api/me/password', async (req) => {
    const me = await requireUser(req);
    const b = parseBody(PasswordSchema, req.body, { password: 'bad-password' });
    const hash = await hashPassword(b.password);
    // A new password ends every other session of the account (a thief's signed-in browser too);
    // the one that changed it stays signed in. Both in one transaction: never one without the other.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', me.id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', me.id).where('id', '!=', req.session.sessionId).execute();
    });
    return { ok: true };
  });

  scope.patch<{ Params: { clubId: string } }>('/api/me/clubs/:clubId', async (req) => {
    const me = await requireUser(req);
    const m = await membershipOf(db, me.id, req.params.clubId);
    const b = parseBody(MembershipPatchSchema, req.body, { nickname: 'bad-nickname' });
    if (b.nickname !== undefined && b.nickname !== m.nickname) await refuseTakenNickname(db, m.club_id, b.nickname, me.id);
    const set = {
      ...(b.nickname !== undefined ? nicknameColumns(b.nickname) : {}),
      ...(b.shareName !== undefined ? { share_name: b.shareName ? 1 : 0 } : {}),
      ...(b.shareEmail !== undefined ? { share_email: b.shareEmail ? 1 : 0 } : {}),
      ...(b.sharePhone !== undefined ? { share_phone: b.sharePhone ? 1 : 0 } : {}),
    };
    if (Object.keys(set).length > 0) {
      await withNickname(b.nickname, () => db.updateTable('memberships').set(set).where('club_id', '=', m.club_id).where('user_id', '=', me.id).execute());
    }
    return { membership: membershipView(await membershipOf(db, me.id, m.club_id)) };
  });

  scope.get('/api/me/export', async (req, reply) => {
    const me = await requireUser(req);
    const data = await exportAccount(ctx, me.id);
    void reply.header('content-disposition', 'attachment; filename="mafia-club-export.json"');
    void reply.header('cache-control', 'no-store');
    return data;
  });

  scope.delete('/api/me', async (req, reply) => {
    const me = await requireUser(req);
    const b = parseBody(DeleteMeSchema, req.body, { confirm: 'confirm-mismatch' });
    if (normalEmail(b.confirm) !== me.email) return clubRefuse('confirm-mismatch', 'to delete the account, type its e-mail address exactly', 400, { path: 'confirm' });
    await deleteAccount(ctx, me.id, me.email);
    // The session's row is gone with the account's; the cookie goes too.
    await req.session.destroy().catch(() => undefined);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });
}
