import { num } from '../schema.js';
import type { RatingsDb } from '../ratingsSchema.js';
import { eveningOfMember, playedByMember } from './played.js';

/** A member's seed-004 score at one evening (what `seasonTable` takes, with the evening's id). */
export interface MemberEvening {
  readonly eveningId: string;
  /** The evening's start (epoch ms): the season it belongs to. */
  readonly at: number;
  readonly score: number;
  readonly games: number;
  readonly wins: number;
}

export interface MemberEveningsOptions {
  /** Only the evenings starting in [from, to) (a season). */
  readonly range?: { readonly from: number; readonly to: number };
  /** Only this member's evenings. */
  readonly userId?: string;
}

/**
 * Per member, per evening: his score (`eveningPoints` with the evening's weight and his games
 * there in play order, each with his seat's points and the game's players), games and wins.
 * Cancelled evenings are left out. The one place both the leaderboard and a member's profile get
 * their evening points from: when the recomputation stores them (a per-member, per-evening table),
 * only this function changes.
 */
export async function memberEvenings(db: RatingsDb, clubId: string, o: MemberEveningsOptions = {}): Promise<Map<string, MemberEvening[]>> {
  const r = o.range;
  let ev = db.selectFrom('evenings').select(['id', 'starts_at', 'weight']).where('club_id', '=', clubId).where('cancelled_at', 'is', null);
  if (r) ev = ev.where('starts_at', '>=', r.from).where('starts_at', '<', r.to);
  const evenings = new Map((await ev.execute()).map((e) => [e.id, { at: num(e.starts_at), weight: e.weight }]));
  let fq = db.selectFrom('game_facts').select(['game_id', 'evening_id', 'players', 'ended_at', 'seats']).where('club_id', '=', clubId);
  if (r) fq = fq.where('evening_id', 'in', db.selectFrom('evenings').select('id').where('club_id', '=', clubId).where('starts_at', '>=', r.from).where('starts_at', '<', r.to));
  if (o.userId !== undefined) fq = fq.where('game_id', 'in', db.selectFrom('game_seats').select('game_id').where('user_id', '=', o.userId));
  const facts = (await fq.execute()).filter((f) => evenings.has(f.evening_id));
  const played = await playedByMember(db, clubId, facts, o.userId);
  const out = new Map<string, MemberEvening[]>();
  for (const [user, byEvening] of played) {
    out.set(user, [...byEvening].map(([eveningId, games]) => {
      const e = evenings.get(eveningId)!;
      return { eveningId, ...eveningOfMember(e.at, e.weight, games) };
    }));
  }
  return out;
}
