import { nicknameKey } from '@mafia/club';
import { checkName, MAX_NAME_LENGTH } from '@mafia/protocol';
import { randomUUID } from 'node:crypto';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, numOrNull, type ClubDb, type EveningGuestsTable } from '../schema.js';
import { eveningForHost, nicknames, refuseFuture, type DoorEvening } from './doorShared.js';
import type { Guest } from '@mafia/protocol';

/**
 * Issue 24 point 4: guests (no member, no account) at the evening's live tables. A guest's id is
 * `g:` and a uuid, never a user id; the door's and the seating's APIs take it wherever they take
 * a member's (docs/decisions.md "Issue 24: guests at live tables"). A guest gets no points,
 * penalties or ratings: his seats have no user id.
 */
export const GUEST_PREFIX = 'g:';
export const isGuestId = (id: string): boolean => id.startsWith(GUEST_PREFIX);


/** Someone at the door who can sit at a table: a member (userId) or a guest (guestId). */
export interface Sitter { readonly id: string; readonly userId: string | null; readonly guestId: string | null; readonly nickname: string }


export const guestView = (g: EveningGuestsTable): Guest => ({ guestId: g.id, nickname: g.nickname, arrivedAt: num(g.arrived_at) });

/**
 * Host+, once the evening has started (`evening-not-started`): a guest comes in with `name`, at
 * `arrivedAt` (now by default; a guest is never late). Refused: an empty name (`guest-name-missing`),
 * one the rooms do not take (`bad-guest-name`: too long, invisible characters, a reserved word),
 * a member's nickname (`guest-is-member`, case aside and Ё as Е) or another guest's of this
 * evening (`guest-name-taken`).
 */
export async function addGuest(ctx: ClubContext, actorUserId: string, eveningId: string, input: { name: string; arrivedAt?: number }): Promise<{ guest: Guest }> {
  const e = await eveningForHost(ctx, actorUserId, eveningId);
  if (e.startsAt > ctx.now()) clubRefuse('evening-not-started', `the evening starts at ${new Date(e.startsAt).toISOString()}: guests come in once it has started`, 409, { params: { startsAt: e.startsAt } });
  if (input.name.trim() === '') clubRefuse('guest-name-missing', 'the guest has no name', 400, { path: 'name' });
  const c = checkName(input.name);
  if (!c.ok) return clubRefuse('bad-guest-name', `the guest's name does not fit: ${c.message}`, 400, { path: 'name', params: { max: MAX_NAME_LENGTH } });
  const name = c.name;
  const key = nicknameKey(name);
  for (const nick of (await nicknames(ctx.db, e.clubId)).values()) {
    if (nicknameKey(nick) === key) clubRefuse('guest-is-member', `"${name}" is a member's nickname («${nick}»): a guest needs another name`, 409, { path: 'name', params: { name } });
  }
  const arrivedAt = input.arrivedAt ?? ctx.now();
  refuseFuture(ctx, arrivedAt, 'arrivedAt');
  const row: EveningGuestsTable = { id: `${GUEST_PREFIX}${randomUUID()}`, evening_id: e.id, nickname: name, name_key: key, arrived_at: arrivedAt, left_at: null, replacement_id: null, checked_in_by: actorUserId };
  const taken = () => clubRefuse('guest-name-taken', `another guest of this evening is called "${name}"`, 409, { path: 'name', params: { name } });
  if (await ctx.db.selectFrom('evening_guests').select('id').where('evening_id', '=', e.id).where('name_key', '=', key).executeTakeFirst()) taken();
  try {
    await ctx.db.insertInto('evening_guests').values(row).execute();
  } catch (err) {
    // Two hosts adding one name at the same moment: the unique key decides.
    if (await ctx.db.selectFrom('evening_guests').select('id').where('evening_id', '=', e.id).where('name_key', '=', key).executeTakeFirst()) taken();
    throw err;
  }
  return { guest: guestView(row) };
}

/** The evening's guests, in order of arrival. */
export async function guestsOf(db: ClubDb, eveningId: string): Promise<EveningGuestsTable[]> {
  const rows = await db.selectFrom('evening_guests').selectAll().where('evening_id', '=', eveningId).execute();
  return rows.sort((a, b) => num(a.arrived_at) - num(b.arrived_at) || (a.nickname < b.nickname ? -1 : 1));
}

/** Everyone here now (checked in, not left): the members and the guests, by their id (a user id or a guest id). */
export async function sittersHere(db: ClubDb, e: DoorEvening): Promise<Map<string, Sitter>> {
  const members = await db.selectFrom('attendance').innerJoin('memberships', (j) => j.onRef('memberships.user_id', '=', 'attendance.user_id').on('memberships.club_id', '=', e.clubId))
    .select(['attendance.user_id as userId', 'memberships.nickname as nickname'])
    .where('attendance.evening_id', '=', e.id).where('attendance.left_at', 'is', null).execute();
  const guests = await db.selectFrom('evening_guests').select(['id', 'nickname']).where('evening_id', '=', e.id).where('left_at', 'is', null).execute();
  const out = new Map<string, Sitter>();
  for (const m of members) out.set(m.userId, { id: m.userId, userId: m.userId, guestId: null, nickname: m.nickname });
  for (const g of guests) out.set(g.id, { id: g.id, userId: null, guestId: g.id, nickname: g.nickname });
  return out;
}

/** The guest `guestId` of the evening, or `not-checked-in` naming the field. */
export async function guestOf(db: ClubDb, eveningId: string, guestId: string, path: string): Promise<EveningGuestsTable> {
  const g = await db.selectFrom('evening_guests').selectAll().where('evening_id', '=', eveningId).where('id', '=', guestId).executeTakeFirst();
  // No params: the page's sentence then says «not checked in» without showing an id.
  if (!g) return clubRefuse('not-checked-in', `there is no guest ${guestId} at this evening`, 409, { path });
  return g;
}

/** A guest's line of the door's attendance (docs/club-api.md `EveningPage.attendance`, `guest: true`). */
export function guestAttendance(g: EveningGuestsTable, played: number) {
  return {
    userId: g.id, nickname: g.nickname, arrivedAt: num(g.arrived_at), late: false, leftAt: numOrNull(g.left_at),
    replacementUserId: g.replacement_id, gamesPlayed: played, unplayed: 0, guest: true as const,
  };
}
