import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num, numOrNull, type ClubDb, type EveningsTable } from '../schema.js';

/** An evening as the door uses it (bigints read as numbers). */
export interface DoorEvening {
  readonly id: string;
  readonly clubId: string;
  readonly startsAt: number;
  readonly preset: string;
  readonly gamesPlanned: number;
  readonly cancelledAt: number | null;
}

const eveningOf = (e: EveningsTable): DoorEvening => ({
  id: e.id, clubId: e.club_id, startsAt: num(e.starts_at), preset: e.preset, gamesPlanned: e.games_planned, cancelledAt: numOrNull(e.cancelled_at),
});

/** The evening, or `evening-unknown` (404). */
export async function eveningById(db: ClubDb, eveningId: string): Promise<DoorEvening> {
  const e = await db.selectFrom('evenings').selectAll().where('id', '=', eveningId).executeTakeFirst();
  if (!e) return clubRefuse('evening-unknown', `there is no evening ${eveningId}`, 404, { path: 'eveningId' });
  return eveningOf(e);
}

/**
 * The evening, when `actorUserId` is a host or an admin of its club (the door is theirs): a
 * stranger gets `not-a-member` (404, the same as an unknown club), a plain member `forbidden`.
 */
export async function eveningForHost(ctx: ClubContext, actorUserId: string, eveningId: string, open = true): Promise<DoorEvening> {
  const e = await eveningById(ctx.db, eveningId);
  await membershipOf(ctx.db, actorUserId, e.clubId, 'host');
  if (open && e.cancelledAt !== null) clubRefuse('evening-cancelled', 'this evening was cancelled', 409);
  return e;
}

/** The nickname of each member of the club, by user id. */
export async function nicknames(db: ClubDb, clubId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('memberships').select(['user_id', 'nickname']).where('club_id', '=', clubId).execute();
  return new Map(rows.map((r) => [r.user_id, r.nickname]));
}

/** A time the host types may be a little ahead of the server's clock (phones drift), not more. */
const CLOCK_SLACK_MS = 60_000;

/** Refuses (400 `bad-time`) a door time more than the clock's slack ahead of now. */
export function refuseFuture(ctx: ClubContext, at: number, path: string): void {
  if (at > ctx.now() + CLOCK_SLACK_MS) clubRefuse('bad-time', `${path} is in the future`, 400, { path });
}
