import type { SeasonEvening } from '@mafia/club';
import type { MemberEveningsTable, RatingsDb, SeatFact } from '../ratingsSchema.js';
import { eveningOfMember, type PlayedGame } from './played.js';
import { parseStored } from '../../storage/versioned.js';
import { MEMBER_EVENING_IDS, unpackEvenings } from '../stored.js';

/** An ended game as the recomputation loads it: its facts, each seat with its member (null: a guest). */
export interface LoadedGame {
  readonly id: string;
  readonly eveningId: string;
  readonly kind: 'club' | 'tournament';
  readonly winner: string;
  readonly players: number;
  readonly seats: readonly { readonly fact: SeatFact; readonly member: string | null }[];
}

/** An evening that counts for points: not cancelled; its start and its weight. */
export interface CountedEvening { readonly at: number; readonly weight: number }

/** One evening of a member as `member_evenings.evenings` stores it: [startsAt, score, games, wins]. */
type Packed = [number, number, number, number];

/**
 * Each member's `member_evenings` row: his result at each evening he played, his games there in
 * the order `games` comes in (the rating order: when they ended, then by id, so his first game
 * fixes the evening point's table), scored by `eveningPoints`. Games of an evening not in
 * `evenings` (a cancelled one) count nothing, and guests' seats belong to nobody. A member's
 * evenings are listed by start (then evening id) and the rows by member, so two runs write the
 * same text; JSON keeps each score's double exactly (the shortest text that reads back to it).
 * The evenings' ids are a column of their own (`evening_ids`, in the same order): only a profile
 * reads them, and they would triple the text the leaderboard parses.
 */
export function memberEveningRows(clubId: string, games: readonly LoadedGame[], evenings: ReadonlyMap<string, CountedEvening>): MemberEveningsTable[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // Evening by evening, in start order: each member's list then comes out sorted without a sort of its own.
  const gamesOf = new Map<string, LoadedGame[]>();
  for (const g of games) {
    if (!evenings.has(g.eveningId)) continue;
    const list = gamesOf.get(g.eveningId) ?? [];
    list.push(g);
    gamesOf.set(g.eveningId, list);
  }
  const order = [...gamesOf.keys()].sort((a, b) => evenings.get(a)!.at - evenings.get(b)!.at || cmp(a, b));
  const packed = new Map<string, { rows: Packed[]; ids: string[] }>();
  for (const eveningId of order) {
    const e = evenings.get(eveningId)!;
    const played = new Map<string, PlayedGame[]>();
    for (const g of gamesOf.get(eveningId)!) {
      for (const s of g.seats) {
        if (s.member === null) continue;
        const list = played.get(s.member);
        const p = { gameId: g.id, points: s.fact.points, players: g.players, won: s.fact.won };
        if (list) list.push(p);
        else played.set(s.member, [p]);
      }
    }
    for (const [member, list] of played) {
      const { score, games, wins } = eveningOfMember(e.at, e.weight, list);
      const row: Packed = [e.at, score, games, wins];
      const his = packed.get(member);
      if (his) his.rows.push(row), his.ids.push(eveningId);
      else packed.set(member, { rows: [row], ids: [eveningId] });
    }
  }
  return [...packed].sort(([a], [b]) => cmp(a, b)).map(([user_id, his]) => ({ club_id: clubId, user_id, evenings: JSON.stringify(his.rows), evening_ids: JSON.stringify(his.ids) }));
}

/** A `member_evenings` row's evenings, as `seasonTable` takes them. */
export { unpackEvenings };

/**
 * Each member's evenings as the last recomputation scored them (`member_evenings`), by start: the
 * leaderboard's points (`seasonTable` keeps a season's).
 */
export async function seasonEvenings(db: RatingsDb, clubId: string): Promise<Map<string, SeasonEvening[]>> {
  const rows = await db.selectFrom('member_evenings').select(['user_id', 'evenings']).where('club_id', '=', clubId).execute();
  return new Map(rows.map((r) => [r.user_id, unpackEvenings(r.evenings)]));
}

/** A member's seed-004 score at one evening, with the evening's id (a profile links it). */
export interface MemberEvening extends SeasonEvening { readonly eveningId: string }

/** One member's evenings as the last recomputation scored them, by start (none when he played no game). */
export async function eveningsOfMember(db: RatingsDb, clubId: string, userId: string): Promise<MemberEvening[]> {
  const row = await db.selectFrom('member_evenings').select(['evenings', 'evening_ids']).where('club_id', '=', clubId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return [];
  const ids = parseStored(MEMBER_EVENING_IDS, row.evening_ids);
  return unpackEvenings(row.evenings).map((e, i) => ({ eveningId: ids[i]!, ...e }));
}
