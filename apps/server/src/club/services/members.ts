import { compareNicknames, latePenalty } from '@mafia/club';
import { z } from 'zod';
import { membershipOf } from '../access.js';
import { DbJobQueue } from '../jobs.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, numOrNull, type ClubDb, type MembershipsTable, type UsersTable } from '../schema.js';
import { eveningsByIds } from './evenings.js';
import { ledgerQuery, pointsOf, toLedgerEntry } from './ledger.js';
import { createJoinInvite, isPlaceholderEmail, JOIN_JOB } from './joinInvites.js';
import { nicknameColumns, refuseTakenNickname, withNickname } from './nicknames.js';
import { parseInput } from './validate.js';
import type { Member, MemberPage } from '@mafia/protocol';
import { MemberPatchSchema, NewMemberSchema } from '@mafia/protocol';

const Phone = z.string().trim().regex(/^\+?[0-9][0-9 ()-]{4,24}$/, 'not a phone number (digits, spaces, +, -, brackets)');

type MemberRow = MembershipsTable & Pick<UsersTable, 'name' | 'email' | 'phone'> & {
  invite_used_at: number | string | null; invite_sent_at: number | string | null; invite_email: string | null;
};
type Counts = { sent: number; yes: number; no: number; unanswered: number };

/**
 * What a reader sees of a member. An admin sees everything; anybody else sees the nickname, the
 * role, the list state and only the fields the member chose to share (the issue: real name,
 * e-mail and phone are for the admins unless he shares them). A member reading himself sees his own.
 */
export function memberView(r: MemberRow, readerIsAdmin: boolean, readerId: string, counts: Counts | undefined, points: number): Member {
  const all = readerIsAdmin || r.user_id === readerId;
  // A member who has not accepted has no account of his own to show: nothing but the nickname.
  const placeholder = isPlaceholderEmail(r.email);
  const show = (flag: number, v: string | null) => (v !== null && !placeholder && (all || flag === 1) ? v : undefined);
  const open = r.invite_sent_at !== null && r.invite_used_at === null;
  const status = !placeholder ? undefined : open && r.invite_email !== '' ? 'invited' as const : open ? 'expired' as const : 'nickname' as const;
  const name = show(r.share_name, r.name);
  const email = show(r.share_email, r.email);
  const phone = show(r.share_phone, r.phone);
  const offListAt = numOrNull(r.off_list_at);
  return {
    userId: r.user_id, nickname: r.nickname, role: r.role, ...(status ? { status } : {}),
    ...(name !== undefined ? { name } : {}), ...(email !== undefined ? { email } : {}), ...(phone !== undefined ? { phone } : {}),
    onList: Number(r.on_list) === 1, unansweredStreak: Number(r.unanswered_streak), ...(offListAt !== null ? { offListAt } : {}),
    ...(readerIsAdmin ? { invitations: counts ?? { sent: 0, yes: 0, no: 0, unanswered: 0 } } : {}),
    points, ...(r.archived_at != null ? { archivedAt: num(r.archived_at) } : {}),
  };
}

const memberRows = (db: ClubDb, clubId: string) => db.selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id')
  .leftJoin('member_invites', (j) => j.onRef('member_invites.club_id', '=', 'memberships.club_id').onRef('member_invites.user_id', '=', 'memberships.user_id'))
  .selectAll('memberships').select(['users.name', 'users.email', 'users.phone', 'member_invites.sent_at as invite_sent_at', 'member_invites.used_at as invite_used_at', 'member_invites.email as invite_email'])
  .where('memberships.club_id', '=', clubId);

/** Invitation counts per member of a club (sent = invitations made to him). */
async function invitationCounts(db: ClubDb, clubId: string, userId?: string): Promise<Map<string, Counts>> {
  let q = db.selectFrom('invitations').innerJoin('evenings', 'evenings.id', 'invitations.evening_id')
    .select(['invitations.user_id', 'invitations.answer', 'invitations.unanswered']).where('evenings.club_id', '=', clubId);
  if (userId) q = q.where('invitations.user_id', '=', userId);
  const out = new Map<string, Counts>();
  for (const r of await q.execute()) {
    const c = out.get(r.user_id) ?? { sent: 0, yes: 0, no: 0, unanswered: 0 };
    c.sent++;
    if (r.answer === 'yes') c.yes++;
    else if (r.answer === 'no') c.no++;
    else if (Number(r.unanswered) === 1) c.unanswered++;
    out.set(r.user_id, c);
  }
  return out;
}

async function pointsByMember(db: ClubDb, clubId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('ledger').select(['user_id', 'points', 'cancelled_at']).where('club_id', '=', clubId).execute();
  const out = new Map<string, number>();
  for (const r of rows) if (r.cancelled_at === null) out.set(r.user_id, (out.get(r.user_id) ?? 0) + Number(r.points));
  return out;
}

const ListQuery = z.object({ archived: z.enum(['0', '1', 'only']).optional() });

/** GET /api/clubs/:clubId/members, by nickname; archived members (issue 24) only with `?archived=1` (with the others) or `only`. */
export async function listMembers(ctx: ClubContext, actor: string, clubId: string, query: unknown = {}): Promise<{ members: Member[] }> {
  const me = await membershipOf(ctx.db, actor, clubId);
  const admin = me.role === 'admin';
  const { archived } = parseInput(ListQuery, query);
  let q = memberRows(ctx.db, clubId);
  if (archived === undefined || archived === '0') q = q.where('memberships.archived_at', 'is', null);
  else if (archived === 'only') q = q.where('memberships.archived_at', 'is not', null);
  // Sorted here, not in SQL: the Russian order (Ё with Е) is no database collation.
  const rows = (await q.execute()).sort((a, b) => compareNicknames(a.nickname, b.nickname));
  const counts = admin ? await invitationCounts(ctx.db, clubId) : new Map<string, Counts>();
  const points = await pointsByMember(ctx.db, clubId);
  return { members: rows.map((r) => memberView(r, admin, actor, counts.get(r.user_id), points.get(r.user_id) ?? 0)) };
}

async function oneMember(ctx: ClubContext, actor: string, clubId: string, userId: string, admin: boolean): Promise<Member> {
  const r = await memberRows(ctx.db, clubId).where('memberships.user_id', '=', userId).executeTakeFirst();
  if (!r) return clubRefuse('member-unknown', `user ${userId} is no member of this club`, 404, { path: 'userId' });
  const counts = admin ? await invitationCounts(ctx.db, clubId, userId) : new Map<string, Counts>();
  const points = (await pointsByMember(ctx.db, clubId)).get(userId) ?? 0;
  return memberView(r, admin, actor, counts.get(userId), points);
}

/**
 * POST /api/clubs/:clubId/members (admin): adds a nickname-only member and mails the address an
 * invitation to join (issue 23 point 9). The address's account, if there is one, is not looked up:
 * the answer, its shape and the writes behind it are the same for every address, and the club learns
 * her name, e-mail and phone only when she accepts (and then only as the privacy rule allows).
 */
export async function addMember(ctx: ClubContext, actor: string, clubId: string, body: unknown): Promise<{ member: Member }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const b = parseInput(NewMemberSchema, body);
  const at = ctx.now();
  const userId = await withNickname(b.nickname, () => ctx.db.transaction().execute(async (trx) => {
    await refuseTakenNickname(trx, clubId, b.nickname);
    const id = await createJoinInvite(trx, clubId, b.email, b.locale ?? 'ru', at);
    // Off the invitation list until she accepts: the club may not mail a person who has not agreed.
    await trx.insertInto('memberships').values({
      club_id: clubId, user_id: id, role: b.role ?? 'member', ...nicknameColumns(b.nickname), share_name: 0, share_email: 0, share_phone: 0,
      on_list: 0, unanswered_streak: 0, off_list_at: null, joined_at: at,
    }).execute();
    await new DbJobQueue(trx, ctx.now, ctx.log).enqueue(JOIN_JOB, { clubId, userId: id });
    return id;
  }));
  return { member: await oneMember(ctx, actor, clubId, userId, true) };
}

/** Only a person who accepted the club's invitation may be put on its mailing list. */
async function refuseNoAccount(trx: Pick<ClubDb, 'selectFrom'>, userId: string, nickname: string): Promise<void> {
  const u = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (u && isPlaceholderEmail(u.email)) clubRefuse('member-not-joined', `«${nickname}» has not accepted the invitation to join: the club may not mail him yet`, 409, { path: 'restore', params: { nickname } });
}

/**
 * PATCH /api/clubs/:clubId/members/:userId (admin): role, nickname, and `restore`, which puts a
 * member taken off the invitation list back on it with his run of unanswered invitations at 0.
 * The club's last admin cannot stop being one (the club would have nobody to run it).
 */
export async function updateMember(ctx: ClubContext, actor: string, clubId: string, userId: string, body: unknown): Promise<{ member: Member }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const b = parseInput(MemberPatchSchema, body);
  await withNickname(b.nickname, () => ctx.db.transaction().execute(async (trx) => {
    const m = await trx.selectFrom('memberships').selectAll().where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
    if (!m) return clubRefuse('member-unknown', `user ${userId} is no member of this club`, 404, { path: 'userId' });
    if (b.nickname !== undefined) await refuseTakenNickname(trx, clubId, b.nickname, userId);
    if (b.restore) await refuseNoAccount(trx, m.user_id, m.nickname);
    if (b.role !== undefined && b.role !== 'admin' && m.role === 'admin') {
      const admins = await trx.selectFrom('memberships').select('user_id').where('club_id', '=', clubId).where('role', '=', 'admin').execute();
      if (admins.length <= 1) clubRefuse('last-admin', `«${m.nickname}» is the club's only admin: make another member admin first`, 409, { path: 'role', params: { nickname: m.nickname } });
    }
    const set: Partial<MembershipsTable> = {};
    if (b.role !== undefined) set.role = b.role;
    if (b.nickname !== undefined) Object.assign(set, nicknameColumns(b.nickname));
    if (b.restore) Object.assign(set, { on_list: 1, unanswered_streak: 0, off_list_at: null, list_since: ctx.now() });
    if (Object.keys(set).length > 0) await trx.updateTable('memberships').set(set).where('club_id', '=', clubId).where('user_id', '=', userId).execute();
  }));
  return { member: await oneMember(ctx, actor, clubId, userId, true) };
}

/**
 * GET /api/clubs/:clubId/members/:userId: his evenings (invited to or attended), the games he has
 * a seat in (game_seats, filled at the door), his ledger entries and points. Private fields as in
 * the member list.
 */
export async function memberPage(ctx: ClubContext, actor: string, clubId: string, userId: string): Promise<MemberPage> {
  const me = await membershipOf(ctx.db, actor, clubId);
  const member = await oneMember(ctx, actor, clubId, userId, me.role === 'admin');
  const invitations = await ctx.db.selectFrom('invitations').innerJoin('evenings', 'evenings.id', 'invitations.evening_id')
    .select(['invitations.evening_id', 'invitations.answer']).where('evenings.club_id', '=', clubId).where('invitations.user_id', '=', userId).execute();
  const attendance = await ctx.db.selectFrom('attendance').innerJoin('evenings', 'evenings.id', 'attendance.evening_id')
    .select(['attendance.evening_id', 'attendance.arrived_at', 'attendance.left_at']).where('evenings.club_id', '=', clubId).where('attendance.user_id', '=', userId).execute();
  const seats = await ctx.db.selectFrom('game_seats').innerJoin('evening_games', 'evening_games.id', 'game_seats.game_id')
    .innerJoin('evenings', 'evenings.id', 'evening_games.evening_id')
    .select(['evening_games.id', 'evening_games.evening_id', 'evening_games.table_no', 'evening_games.game_no', 'evening_games.winner', 'evening_games.created_at', 'game_seats.seat', 'evenings.starts_at'])
    .where('evenings.club_id', '=', clubId).where('game_seats.user_id', '=', userId).execute();
  const ids = [...new Set([...invitations.map((i) => i.evening_id), ...attendance.map((a) => a.evening_id)])];
  const evenings = await eveningsByIds(ctx.db, ids);
  const answerOf = new Map(invitations.map((i) => [i.evening_id, i.answer]));
  const cameOf = new Map(attendance.map((a) => [a.evening_id, a]));
  const played = new Map<string, number>();
  for (const s of seats) played.set(s.evening_id, (played.get(s.evening_id) ?? 0) + 1);
  const ledger = (await ledgerQuery(ctx.db).where('ledger.club_id', '=', clubId).where('ledger.user_id', '=', userId).orderBy('ledger.created_at', 'desc').execute()).map(toLedgerEntry);
  return {
    member,
    evenings: evenings.sort((a, b) => b.startsAt - a.startsAt).map((e) => {
      const came = cameOf.get(e.id);
      const arrivedAt = came ? num(came.arrived_at) : null;
      return {
        evening: e, answer: answerOf.get(e.id) ?? null, arrivedAt, leftAt: came ? numOrNull(came.left_at) : null,
        late: arrivedAt !== null && latePenalty(e.startsAt, arrivedAt) !== null, gamesPlayed: played.get(e.id) ?? 0,
      };
    }),
    games: seats.map((s) => ({
      gameId: s.id, eveningId: s.evening_id, startsAt: num(s.starts_at), tableNo: s.table_no, gameNo: s.game_no, seat: Number(s.seat), winner: s.winner,
      created: num(s.created_at),
    })).sort((a, b) => b.startsAt - a.startsAt || (a.tableNo ?? 0) - (b.tableNo ?? 0) || (a.gameNo ?? 0) - (b.gameNo ?? 0) || a.created - b.created)
      .map(({ created: _c, ...g }) => g),
    ledger,
    points: pointsOf(ledger),
  };
}
