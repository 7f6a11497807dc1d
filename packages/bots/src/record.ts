import { seatAt, seatNo, type GameView, type SeatNo } from '@mafia/engine';
import { NightDeaths } from './deaths.js';
import { talkReason, type Reason } from './journal.js';
import { talkEvidence } from './talking.js';

export type Side = 'mafia' | 'town';

/** A talk score at which a seat counts as known (talking.ts: a believed checker's check weighs 6). */
const BELIEVED = 4;
/** Suspicion for a vote cast elsewhere on a day a known mafioso stood for the vote. */
const SPARED = 0.5;

/**
 * What one player has seen of the table so far (only from his views): the nominations and votes of
 * every day, and who the night took. `suspicion` reads it against what he knows of the sides.
 */
export class TableRecord {
  /** [day, by, target] nominations and [day, by, target] votes. */
  private readonly noms: [number, SeatNo, SeatNo][] = [];
  private readonly votes: [number, SeatNo, SeatNo][] = [];
  private readonly seen = new Set<number>();
  private readonly deaths = new NightDeaths();
  /** Scratch for `suspicion`: the days already read for votes that spared a known mafioso. */
  private readonly savedDays = new Set<number>();

  /** Remembers the public day record in the view (nominations, cast votes) and who has died. */
  observe(view: GameView): void {
    this.deaths.look(view);
    const day = view.day;
    if (!day) return;
    for (const [by, target] of day.nominations) {
      // Numbers, not strings (seats and rounds below 65): asked at every decision, a string key per record was most of the garbage.
      const key = (day.n * 65 + by) * 65 + target;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.noms.push([day.n, by, target]);
    }
    if (day.stage === 'vote') {
      for (let i = 0; i < day.ballots.length; i++) {
        const target = day.ballots[i];
        if (target === 0) continue;
        const key = -((day.n * 65 + day.round) * 65 + i + 1);
        if (this.seen.has(key)) continue;
        this.seen.add(key);
        this.votes.push([day.n, seatAt(i), seatNo(target)]);
      }
    }
  }

  /**
   * Suspicion per seat (higher = more likely mafia): the talk first (a believed checker's checks);
   * then every nomination and vote read against the sides known or all but proven by the talk; a
   * known side outweighs everything.
   */
  suspicion(view: GameView, me: SeatNo, sideOf: (seat: SeatNo) => Side | null): Float64Array {
    const n = view.seats.length;
    const score = new Float64Array(n + 1);
    const { sides, believed } = this.sides(view, me, sideOf, score);
    for (const [, by, target] of this.noms) {
      if (believed[target] === 'town') score[by] += 1;
      else if (believed[target] === 'mafia') score[by] -= 1.5;
    }
    for (const [, by, target] of this.votes) {
      if (believed[target] === 'town') score[by] += 0.5;
      else if (believed[target] === 'mafia') score[by] -= 0.75;
    }
    // A day a known mafioso stood for the vote: whoever voted elsewhere helped him stay.
    for (const [d, , target] of this.votes) {
      if (believed[target] !== 'mafia' || this.savedDays.has(d)) continue;
      this.savedDays.add(d);
      for (const [d2, by, t2] of this.votes) if (d2 === d && believed[t2] !== 'mafia') score[by] += SPARED;
    }
    this.savedDays.clear();
    for (let s = 1; s <= n; s++) {
      if (sides[s] === 'mafia') score[s] += 100;
      else if (sides[s] === 'town') score[s] -= 100;
    }
    return score;
  }

  /** The sides this player knows, and those the talk (already added to `score`) has all but proven. */
  private sides(view: GameView, me: SeatNo, sideOf: (seat: SeatNo) => Side | null, score: Float64Array): { sides: (Side | null)[]; believed: (Side | null)[] } {
    const n = view.seats.length;
    const sides: (Side | null)[] = new Array(n + 1).fill(null);
    for (let s = 1; s <= n; s++) sides[s] = sideOf(seatNo(s));
    talkEvidence(view, me, score, this.deaths);
    const believed = sides.slice();
    for (let s = 1; s <= n; s++) {
      if (believed[s] !== null) continue;
      if (score[s] >= BELIEVED) believed[s] = 'mafia';
      else if (score[s] <= -BELIEVED) believed[s] = 'town';
    }
    return { sides, believed };
  }

  /**
   * The strongest reason this player holds against `target` (the review of a practice game): a side
   * known, the talk, then the record: a nomination of a red, a vote against a red, a vote that spared
   * a known mafioso (the latest of the weightiest kind); else nothing but the table's votes.
   */
  reasonAgainst(view: GameView, me: SeatNo, sideOf: (seat: SeatNo) => Side | null, target: SeatNo): Reason {
    if (sideOf(target) === 'mafia') return view.seats[target - 1].team ? { code: 'cardShown' } : { code: 'myCheck' };
    const talk = talkReason(view, target, (s) => this.deaths.has(s));
    if (talk) return talk;
    const { believed } = this.sides(view, me, sideOf, new Float64Array(view.seats.length + 1));
    let found: Reason | null = null;
    for (const [day, by, t] of this.noms) if (by === target && believed[t] === 'town') found = { code: 'pushedRed', seat: t, day };
    if (found) return found;
    for (const [day, by, t] of this.votes) if (by === target && believed[t] === 'town') found = { code: 'votedRed', seat: t, day };
    if (found) return found;
    for (const [day, , t] of this.votes) {
      if (believed[t] !== 'mafia') continue;
      if (this.votes.some(([d2, by, t2]) => d2 === day && by === target && believed[t2] !== 'mafia')) found = { code: 'sparedBlack', day };
    }
    return found ?? { code: 'crowd' };
  }
}
