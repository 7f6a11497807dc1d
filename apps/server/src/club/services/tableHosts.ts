import { createHmac } from 'node:crypto';
import { hashSecret } from '../../secrets.js';
import { atLeast, membershipOf } from '../access.js';
import { sessionSecret } from '../auth/secret.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, type ClubDb, type EveningTablesTable } from '../schema.js';
import { eveningById, nicknames } from './doorShared.js';
import type { HostLogEntry, Named } from '@mafia/protocol';


/**
 * A club table room's host key: derived from the server's secret, the room and the table's
 * host generation, so the assigned host gets it on any device (POST …/console) and nothing but
 * its hash is kept; a handover moves the generation on, and the old key opens nothing.
 */
async function tableHostKey(ctx: ClubContext, roomId: string, generation: number): Promise<string> {
  const secret = await sessionSecret(ctx.db, process.env);
  return createHmac('sha256', secret).update(`table-host\n${roomId}\n${generation}`).digest('base64url');
}

/**
 * Gives the room the host key of the table's generation (stored first, then the room in memory:
 * the host connections of another key are told `message` and leave it). Idempotent.
 */
export async function keyTableRoom(ctx: ClubContext, roomId: string, generation: number, message: string): Promise<string> {
  const key = await tableHostKey(ctx, roomId, generation);
  const hash = hashSecret(key);
  await ctx.db.updateTable('rooms').set({ host_key_hash: hash }).where('id', '=', roomId).where('host_key_hash', '!=', hash).execute();
  ctx.rooms.hostKeyChanged(roomId, hash, message);
  return key;
}

async function tableOf(db: ClubDb, eveningId: string, tableNo: number): Promise<EveningTablesTable> {
  const t = await db.selectFrom('evening_tables').selectAll().where('evening_id', '=', eveningId).where('table_no', '=', tableNo).executeTakeFirst();
  if (!t) return clubRefuse('table-unknown', `this evening has no table ${tableNo}`, 404, { path: 'tableNo', params: { table: tableNo } });
  return t;
}

/** Makes `toUserId` the table's host: the generation moves on, the room gets the new key, the log keeps who did it. */
async function handOver(ctx: ClubContext, eveningId: string, t: EveningTablesTable, toUserId: string, byUserId: string): Promise<number> {
  const generation = (t.host_generation ?? 0) + 1;
  await ctx.db.transaction().execute(async (trx) => {
    const n = await trx.updateTable('evening_tables').set({ host_user_id: toUserId, host_generation: generation })
      .where('evening_id', '=', eveningId).where('table_no', '=', t.table_no).where('host_generation', '=', t.host_generation ?? 0).executeTakeFirst();
    // Another handover of the same table got there first.
    if (Number(n.numUpdatedRows) !== 1) clubRefuse('table-host-changed', `the host of table ${t.table_no} was changed meanwhile; look again`, 409, { params: { table: t.table_no } });
    const last = await trx.selectFrom('table_host_log').select((eb) => eb.fn.max('seq').as('seq')).where('evening_id', '=', eveningId).executeTakeFirst();
    await trx.insertInto('table_host_log').values({ evening_id: eveningId, seq: Number(last?.seq ?? 0) + 1, table_no: t.table_no, from_user_id: t.host_user_id ?? null, to_user_id: toUserId, by_user_id: byUserId, at: ctx.now() }).execute();
  });
  if (t.room_id) await keyTableRoom(ctx, t.room_id, generation, `table ${t.table_no} was handed to another host; this console no longer controls it`);
  return generation;
}

/**
 * Admin: assigns the table's host, or hands the table to another host mid-evening (the old
 * host's console loses control at once). Any member of the club may be assigned.
 */
export async function assignTableHost(ctx: ClubContext, actorUserId: string, eveningId: string, tableNo: number, input: { userId: string }): Promise<{ tableNo: number; host: Named }> {
  const e = await eveningById(ctx.db, eveningId);
  await membershipOf(ctx.db, actorUserId, e.clubId, 'admin');
  if (e.cancelledAt !== null) clubRefuse('evening-cancelled', 'this evening was cancelled', 409);
  const t = await tableOf(ctx.db, eveningId, tableNo);
  const m = await ctx.db.selectFrom('memberships').select('nickname').where('club_id', '=', e.clubId).where('user_id', '=', input.userId).executeTakeFirst();
  if (!m) clubRefuse('not-a-member', `user ${input.userId} is no member of this club`, 404, { path: 'userId' });
  if (t.host_user_id !== input.userId) await handOver(ctx, eveningId, t, input.userId, actorUserId);
  return { tableNo, host: { userId: input.userId, nickname: m!.nickname } };
}

/**
 * The table's host console for the signed-in member, on any device: its room code and host key.
 * The assigned host gets it; a table with no host yet goes to the club's host or admin who opens
 * it first (on the record). Anyone else: `not-table-host` (403), naming the table's host.
 */
export async function openTableConsole(ctx: ClubContext, actorUserId: string, eveningId: string, tableNo: number): Promise<{ tableNo: number; roomCode: string; hostKey: string }> {
  const e = await eveningById(ctx.db, eveningId);
  const me = await membershipOf(ctx.db, actorUserId, e.clubId, 'member');
  if (e.cancelledAt !== null) clubRefuse('evening-cancelled', 'this evening was cancelled', 409);
  const t = await tableOf(ctx.db, eveningId, tableNo);
  let generation = t.host_generation ?? 0;
  if (t.host_user_id !== actorUserId) {
    if (t.host_user_id === null || t.host_user_id === undefined) {
      if (!atLeast(me.role, 'host')) clubRefuse('not-table-host', `only the club's hosts or the host the admin assigns may host table ${tableNo}`, 403, { params: { table: tableNo } });
      generation = await handOver(ctx, eveningId, t, actorUserId, actorUserId);
    } else {
      const host = (await nicknames(ctx.db, e.clubId)).get(t.host_user_id) ?? '';
      clubRefuse('not-table-host', `table ${tableNo} is hosted by ${host}; an admin can hand it to you`, 403, { params: { table: tableNo, host } });
    }
  }
  if (!t.room_id || !t.room_code) return clubRefuse('table-unknown', `table ${tableNo} has no room`, 404, { params: { table: tableNo } });
  const hostKey = await keyTableRoom(ctx, t.room_id, generation, `table ${tableNo}'s host key changed; this console no longer controls it`);
  return { tableNo, roomCode: t.room_code, hostKey };
}

/** The evening's tables' hosts and their log, oldest first. */
export async function tableHostsOf(ctx: ClubContext, clubId: string, eveningId: string): Promise<{ hosts: Map<number, Named>; log: HostLogEntry[] }> {
  const nick = await nicknames(ctx.db, clubId);
  const view = (userId: string): Named => ({ userId, nickname: nick.get(userId) ?? '' });
  const tables = await ctx.db.selectFrom('evening_tables').select(['table_no', 'host_user_id']).where('evening_id', '=', eveningId).execute();
  const hosts = new Map<number, Named>();
  for (const t of tables) if (t.host_user_id) hosts.set(t.table_no, view(t.host_user_id));
  const rows = await ctx.db.selectFrom('table_host_log').selectAll().where('evening_id', '=', eveningId).orderBy('seq').execute();
  const log = rows.map((r) => ({ tableNo: r.table_no, at: num(r.at), from: r.from_user_id ? view(r.from_user_id) : null, to: view(r.to_user_id), by: view(r.by_user_id) }));
  return { hosts, log };
}
