import type { RatingsDb } from '../ratingsSchema.js';
import type { FactRow } from './played.js';
import type { GuestRow } from '@mafia/protocol';
import { parseSeatFacts } from '../stored.js';


/**
 * The guests of an evening's ended games (seats with no member: a guest of a paper game, or a
 * seat left without a member at a table), by the name on the seat. They are told apart from the
 * members and never ranked with them: no evening score, no place in the season (issue 24 point 4).
 */
export async function guestsOfGames(db: RatingsDb, facts: readonly FactRow[]): Promise<GuestRow[]> {
  if (facts.length === 0) return [];
  const seats = await db.selectFrom('game_seats').select(['game_id', 'seat', 'nickname'])
    .where('game_id', 'in', facts.map((f) => f.game_id)).where('user_id', 'is', null).execute();
  const nameOf = new Map(seats.map((s) => [`${s.game_id}#${s.seat}`, s.nickname]));
  const rows = new Map<string, { games: number; wins: number; points: number }>();
  for (const f of facts) {
    for (const s of parseSeatFacts(f.seats)) {
      const name = nameOf.get(`${f.game_id}#${s.seat}`);
      if (name === undefined) continue;
      const r = rows.get(name) ?? { games: 0, wins: 0, points: 0 };
      rows.set(name, { games: r.games + 1, wins: r.wins + (s.won ? 1 : 0), points: r.points + s.points });
    }
  }
  const collator = new Intl.Collator('ru');
  return [...rows].map(([nickname, r]) => ({ nickname, ...r })).sort((a, b) => b.points - a.points || collator.compare(a.nickname, b.nickname));
}
