import { clubRefuse } from '../errors.js';
import { loadClubGame } from '../games/load.js';
import { pageOfGame } from '../games/page.js';
import type { ClubContext } from '../ports.js';
import type { ClubDb } from '../schema.js';
import type { PublicGame, PublicGameRow } from '@mafia/protocol';



// The same refusal as an unknown club anywhere else: the answer does not tell a private club from none.
const unknownClub = (): never => clubRefuse('not-a-member', 'there is no such club, or you are not its member', 404);

/** The club's name when its public page is on; otherwise the refusal of an unknown club. */
export async function publishedClub(ctx: ClubContext, clubId: string): Promise<{ name: string }> {
  const club = await ctx.db.selectFrom('clubs').select(['name', 'public_page']).where('id', '=', clubId).executeTakeFirst();
  if (!club || Number(club.public_page) !== 1) return unknownClub();
  return { name: club.name };
}

/**
 * The ended games of `eveningIds`, by evening: the tables' games by table and game number, then the
 * paper games in the order they were entered (the members' evening page's order). A game still in
 * play has no winner yet and is not listed.
 */
export async function publicGamesOf(db: ClubDb, eveningIds: readonly string[]): Promise<Map<string, PublicGameRow[]>> {
  const out = new Map<string, PublicGameRow[]>(eveningIds.map((id) => [id, []]));
  if (eveningIds.length === 0) return out;
  const rows = await db.selectFrom('evening_games')
    .select(['id', 'evening_id', 'table_no', 'game_no', 'protocol', 'winner', 'created_at', 'voided_at'])
    .where('evening_id', 'in', [...eveningIds]).where('winner', 'is not', null).execute();
  const order = (g: (typeof rows)[number]) => [g.protocol === null ? 0 : 1, g.table_no ?? 0, g.game_no ?? 0, Number(g.created_at)];
  rows.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return a.id < b.id ? -1 : 1;
  });
  for (const g of rows) {
    out.get(g.evening_id)!.push({
      id: g.id, tableNo: g.protocol === null ? g.table_no : null, gameNo: g.protocol === null ? g.game_no : null, winner: g.winner!, voided: g.voided_at != null,
    });
  }
  return out;
}

/**
 * GET /api/public/clubs/:clubId/games/:gameId (no sign-in): an ended game of a published club in
 * words, as the members' game page tells it, less what is nobody else's business. A private or
 * unknown club: `not-a-member` 404 (the unknown club's body); another club's game: `game-unknown` 404.
 */
export async function publicGame(ctx: ClubContext, clubId: string, gameId: string): Promise<PublicGame> {
  const club = await publishedClub(ctx, clubId);
  const page = pageOfGame(await loadClubGame(ctx, clubId, gameId));
  const g = page.game;
  return {
    club,
    game: { id: g.id, tableNo: g.tableNo, gameNo: g.gameNo, preset: g.preset, winner: g.winner, endedAt: g.endedAt, voided: g.voided !== undefined },
    seats: page.seats.map(({ userId, ...s }) => ({ ...s, guest: userId === null })),
    timeline: page.timeline,
    bestMove: page.bestMove,
    ...(page.protocolUnavailable !== undefined ? { protocolUnavailable: page.protocolUnavailable } : {}),
  };
}
