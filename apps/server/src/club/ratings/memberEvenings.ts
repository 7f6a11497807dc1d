import { eveningPoints, type SeasonEvening } from '@mafia/club';
import type { MemberEveningsTable, SeatFact } from '../ratingsSchema.js';

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

type Played = { points: number; players: number; won: boolean };
/** One evening of a member as `member_evenings.evenings` stores it: [startsAt, score, games, wins]. */
type Packed = [number, number, number, number];

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
        const p = { points: s.fact.points, players: g.players, won: s.fact.won };
        if (list) list.push(p);
        else played.set(s.member, [p]);
      }
    }
    for (const [member, list] of played) {
      const row: Packed = [e.at, eveningPoints({ weight: e.weight, games: list }).total, list.length, list.filter((p) => p.won).length];
      const his = packed.get(member);
      if (his) his.push(row);
      else packed.set(member, [row]);
    }
  }
  return [...packed].sort(([a], [b]) => cmp(a, b)).map(([user_id, rows]) => ({ club_id: clubId, user_id, evenings: JSON.stringify(rows) }));
}

/** A `member_evenings` row's evenings, as `seasonTable` takes them. */
export function unpackEvenings(text: string): SeasonEvening[] {
  return (JSON.parse(text) as Packed[]).map(([at, score, games, wins]) => ({ at, score, games, wins }));
}
