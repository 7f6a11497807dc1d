import { randomUUID } from 'node:crypto';
import { DEFAULT_SEASON_ORDER, validateSeasonOrder } from '@mafia/club';
import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { num } from '../schema.js';
import { ratingsDb, type SeasonsTable } from '../ratingsSchema.js';
import { parseInput } from '../services/validate.js';
import type { Season } from '@mafia/protocol';
import { NewSeasonSchema } from '@mafia/protocol';
import { parseStored } from '../../storage/versioned.js';
import { SEASON_ORDER } from '../stored.js';

export const seasonView = (s: SeasonsTable): Season => ({
  id: s.id, name: s.name, startsAt: num(s.starts_at), endsAt: num(s.ends_at), order: parseStored(SEASON_ORDER, s.order_keys),
});

/** POST /api/clubs/:clubId/seasons (admin): a date range and the order its table ranks by. */
export async function createSeason(ctx: ClubContext, actorUserId: string, clubId: string, body: unknown): Promise<{ season: Season }> {
  await membershipOf(ctx.db, actorUserId, clubId, 'admin');
  const b = parseInput(NewSeasonSchema, body);
  if (b.endsAt <= b.startsAt) clubRefuse('bad-season', 'a season must end after it starts (endsAt > startsAt)', 400, { path: 'endsAt' });
  let order: readonly string[] = DEFAULT_SEASON_ORDER;
  if (b.order !== undefined) {
    try {
      order = validateSeasonOrder(b.order);
    } catch (e) {
      clubRefuse('bad-season-order', (e as Error).message, 400, { path: 'order' });
    }
  }
  const row: SeasonsTable = {
    id: randomUUID(), club_id: clubId, name: b.name, starts_at: b.startsAt, ends_at: b.endsAt, order_keys: JSON.stringify(order),
    created_by: actorUserId, created_at: ctx.now(),
  };
  await ratingsDb(ctx.db).insertInto('seasons').values(row).execute();
  return { season: seasonView(row) };
}

/** GET /api/clubs/:clubId/seasons (member): newest first. */
export async function listSeasons(ctx: ClubContext, actorUserId: string, clubId: string): Promise<{ seasons: Season[] }> {
  await membershipOf(ctx.db, actorUserId, clubId);
  const rows = await ratingsDb(ctx.db).selectFrom('seasons').selectAll().where('club_id', '=', clubId).execute();
  rows.sort((a, b) => num(b.starts_at) - num(a.starts_at) || (a.id < b.id ? -1 : 1));
  return { seasons: rows.map(seasonView) };
}

/** The club's season `seasonId`, or `season-unknown` (404). */
export async function seasonOf(ctx: ClubContext, clubId: string, seasonId: string): Promise<Season> {
  const s = await ratingsDb(ctx.db).selectFrom('seasons').selectAll().where('id', '=', seasonId).where('club_id', '=', clubId).executeTakeFirst();
  if (!s) return clubRefuse('season-unknown', 'this club has no such season', 404, { path: 'season' });
  return seasonView(s);
}
