import { membershipOf } from '../access.js';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { recomputeRatings } from '../ratings/recompute.js';
import { num } from '../schema.js';
import { parseInput } from '../services/validate.js';
import { audit } from './audit.js';
import { refuseDuplicate } from './digest.js';
import { backfillRoomDigests } from './roomDigest.js';
import { ReasonBodySchema } from '@mafia/protocol';

/** The game of the club, or `game-unknown` (404). */
async function gameOfClub(ctx: ClubContext, clubId: string, gameId: string) {
  const g = await ctx.db.selectFrom('evening_games').innerJoin('evenings', 'evenings.id', 'evening_games.evening_id')
    .select(['evening_games.id', 'evening_games.evening_id', 'evening_games.table_no', 'evening_games.game_no', 'evening_games.voided_at', 'evenings.starts_at'])
    .where('evening_games.id', '=', gameId).where('evenings.club_id', '=', clubId).executeTakeFirst();
  return g ?? clubRefuse('game-unknown', `there is no game ${gameId} in this club`, 404, { path: 'gameId' });
}

/**
 * POST /api/clubs/:clubId/games/:gameId/void (admin) `{reason}`: the game stays in the record,
 * marked «аннулирована» with the reason, and counts for nothing (points, ratings, series); the
 * club's ratings are recomputed. `unvoid` (with a reason too) counts it again. Both are audited.
 */
export async function setVoided(ctx: ClubContext, actor: string, clubId: string, gameId: string, voided: boolean, body: unknown): Promise<{ gameId: string; voided: boolean }> {
  await membershipOf(ctx.db, actor, clubId, 'admin');
  const { reason } = parseInput(ReasonBodySchema, body);
  const at = ctx.now();
  if (!voided) await backfillRoomDigests(ctx, clubId);
  await ctx.db.transaction().execute(async (trx) => {
    const g = await gameOfClub({ ...ctx, db: trx }, clubId, gameId);
    if (voided && g.voided_at != null) clubRefuse('game-voided', 'this game is voided already', 409, { params: { voidedAt: num(g.voided_at) } });
    if (!voided && g.voided_at == null) clubRefuse('game-not-voided', 'this game is not voided', 409);
    if (!voided) {
      // Counting it again must not make a game the club has twice (the same protocol entered again since).
      const digest = (await trx.selectFrom('evening_games').select('digest').where('id', '=', gameId).executeTakeFirstOrThrow()).digest;
      if (digest) await refuseDuplicate(trx, clubId, digest, ctx.kind);
    }
    await trx.updateTable('evening_games').set(voided ? { voided_at: at, voided_by: actor, void_reason: reason } : { voided_at: null, voided_by: null, void_reason: null })
      .where('id', '=', gameId).execute();
    await audit(trx, { clubId, at, actor, action: voided ? 'game-voided' : 'game-unvoided', target: 'game', targetId: gameId, reason,
      details: { eveningId: g.evening_id, startsAt: num(g.starts_at), tableNo: g.table_no, gameNo: g.game_no } });
  });
  await recomputeRatings(ctx, clubId);
  return { gameId, voided };
}
