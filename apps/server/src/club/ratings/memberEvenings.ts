import type { MemberEveningsTable, RatingsDb, SeatFact } from '../ratingsSchema.js';
import { eveningOfMember } from './played.js';

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

type Played = { gameId: string; points: number; players: number; won: boolean };
/** One evening of a member as `member_evenings.evenings` stores it: [startsAt, score, games, wins, eveningId]. */
type Packed = [number, number, number, number, string];

/**
 * Each member's `member_evenings` row: his result at each evening he played, his games there in
 * the order `games` comes in (the rating order: when they ended, then by id, so his first game
 * fixes the evening point's table), scored by `eveningPoints`. Games of an evening not in
 * `evenings` (a cancelled one) count nothing, and guests' seats belong to nobody. A member's
 * evenings are listed by start (then evening id) and the rows by member, so two runs write the
 * same text; JSON keeps each score's double exactly (the shortest text that reads back to it).
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
  const packed = new Map<string, Packed[]>();
  for (const eveningId of order) {
    const e = evenings.get(eveningId)!;
    const played = new Map<string, Played[]>();
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
      const row: Packed = [e.at, score, games, wins, eveningId];
      const his = packed.get(member);
      if (his) his.push(row);
      else packed.set(member, [row]);
    }
  }
  return [...packed].sort(([a], [b]) => cmp(a, b)).map(([user_id, rows]) => ({ club_id: clubId, user_id, evenings: JSON.stringify(rows) }));
}

/** A member's seed-004 score at one evening (what `seasonTable` takes, with the evening's id). */
export interface MemberEvening {
  readonly eveningId: string;
  /** The evening's start (epoch ms): the season it belongs to. */
  readonly at: number;
  readonly score: number;
  readonly games: number;
  readonly wins: number;
}

/** A `member_evenings` row's evenings, as `seasonTable` takes them. */
export function unpackEvenings(text: string): MemberEvening[] {
  return (JSON.parse(text) as Packed[]).map(([at, score, games, wins, eveningId]) => ({ eveningId, at, score, games, wins }));
}

export interface MemberEveningsOptions {
  /** Only the evenings starting in [from, to) (a season). */
  readonly range?: { readonly from: number; readonly to: number };
  /** Only this member's evenings. */
  readonly userId?: string;
}

/**
 * Per member: his evenings as the last recomputation scored them (`member_evenings`), by start.
 * The leaderboard and a member's profile read their evening points here; an evening's results
 * score its one evening live (ratings/played.ts), as it syncs the room games first.
 */
export async function memberEvenings(db: RatingsDb, clubId: string, o: MemberEveningsOptions = {}): Promise<Map<string, MemberEvening[]>> {
  let q = db.selectFrom('member_evenings').select(['user_id', 'evenings']).where('club_id', '=', clubId);
  if (o.userId !== undefined) q = q.where('user_id', '=', o.userId);
  const r = o.range;
  return new Map((await q.execute()).map((row) => {
    const evenings = unpackEvenings(row.evenings);
    return [row.user_id, r ? evenings.filter((e) => e.at >= r.from && e.at < r.to) : evenings];
  }));
}
