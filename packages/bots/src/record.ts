import { seatAt, seatNo, type GameView, type SeatNo } from '@mafia/engine';
import { NightDeaths, onlyMafiaShoot } from './deaths.js';
import { HiddenManiac } from './hiddenManiac.js';
import { talkReason, type Reason } from './journal.js';
import type { Side } from './side.js';
import { talkEvidence } from './talking.js';

export type { Side };

/** A talk score at which a seat counts as known (talking.ts: a believed checker's check weighs 6). */
const BELIEVED = 4;
/** Suspicion for a vote cast elsewhere on a day a known mafioso stood for the vote. */
const SPARED = 0.5;
/** Suspicion for a player a night victim had nominated (half for a vote): the night takes whoever reads the mafia. */
const VICTIM_PUSHED = 0.5;
/**
 * Suspicion for a nomination on day 1 with no public reason (not the routine second candidate): on
 * day 1 the town nominates only with one. Below SUSPECT (dayChoice.ts): one such nomination is no
 * reason to nominate the nominator, it tips a vote.
 */
const GROUNDLESS = 0.3;

/**
 * What one player has seen of the table so far (only from his views): the nominations and votes of
 * every day, and who the night took. `suspicion` reads it against what he knows of the sides.
 */
export class TableRecord {
  /** [day, by, target] nominations and [day, by, target] votes. */
  private readonly noms: [number, SeatNo, SeatNo][] = [];
  private readonly votes: [number, SeatNo, SeatNo][] = [];
  /**
   * Per nomination: a routine one, made with no public reason only so that the day has a vote (the
   * day's first from day 2, the second on day 1: docs/bots.md). The town's quiet-day nomination is
   * blind: what its target turns out to be says nothing of the nominator.
   */
  private readonly routine: boolean[] = [];
  /** Who nominated on day 1 with no public reason (GROUNDLESS), once a nomination. */
  private readonly groundless: SeatNo[] = [];
  /**
   * Days it saw voted on. Every living player votes and every nomination comes before the vote, so on
   * these days every living member of the mafia has seen the same nominations: what they agree on at
   * night without talking is read from these days only (a day with no vote may have gone unseen).
   */
  private readonly voteDays = new Set<number>();
  private readonly seen = new Set<number>();
  private readonly deaths = new NightDeaths();
  /** The club's endgame: from which night a red shows the Maniac as he is (hiddenManiac.ts). */
  readonly maniac = new HiddenManiac();
  /** Scratch for `suspicion`: the days already read for votes that spared a known mafioso. */
  private readonly savedDays = new Set<number>();

  /** Remembers the public day record in the view (nominations, cast votes) and who has died. */
  observe(view: GameView): void {
    this.deaths.look(view);
    this.maniac.look(view);
    const day = view.day;
    if (!day) return;
    for (let k = 0; k < day.nominations.length; k++) {
      const [by, target] = day.nominations[k];
      // Numbers, not strings (seats and rounds below 65): asked at every decision, a string key per record was most of the garbage.
      const key = (day.n * 65 + by) * 65 + target;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      const reasoned = this.reasoned(view, by, target);
      const routine = k === (day.n === 1 ? 1 : 0) && !reasoned;
      this.routine.push(routine);
      this.noms.push([day.n, by, target]);
      if (day.n === 1 && !reasoned && !routine) this.groundless.push(by);
    }
    if (day.stage === 'vote') {
      this.voteDays.add(day.n);
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
   * A public reason for `by` to nominate `target`: the target had nominated or voted against him, a
   * claimant had called the target black, or `by` claimed a checker's role (he acts on his checks).
   */
  private reasoned(view: GameView, by: SeatNo, target: SeatNo): boolean {
    for (const [, b, t] of this.noms) if (b === target && t === by) return true;
    for (const [, b, t] of this.votes) if (b === target && t === by) return true;
    for (const x of view.said) {
      const st = x.statement;
      if (st.kind === 'claim' && x.by === by) return true;
      if (st.kind === 'checked' && st.color === 'black' && st.target === target) return true;
    }
    return false;
  }

  /** Whom `by` nominated on day `day`, if that day was voted on (see `voteDays`); 0 otherwise. */
  nominee(day: number, by: SeatNo): SeatNo | 0 {
    if (!this.voteDays.has(day)) return 0;
    for (const [d, b, t] of this.noms) if (d === day && b === by) return t;
    return 0;
  }

  /**
   * The mafia's view of the town (its own seat of the mafia looking): the living red who has nominated
   * members of the mafia most often, on days every member saw (`voteDays`): the one reading them,
   * tonight's shot. The lower seat among equals, so that every member names the same; 0 when no red
   * has nominated one of them.
   */
  threat(view: GameView): SeatNo | 0 {
    const seats = view.seats;
    const push = new Array<number>(seats.length + 1).fill(0);
    for (const [d, by, t] of this.noms) {
      if (this.voteDays.has(d) && seats[t - 1].team === 'mafia' && seats[by - 1].team !== 'mafia') push[by]++;
    }
    let best: SeatNo | 0 = 0;
    for (let s = 1; s <= seats.length; s++) if (push[s] > 0 && seats[s - 1].alive && (best === 0 || push[s] > push[best])) best = seatNo(s);
    return best;
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
    for (let k = 0; k < this.noms.length; k++) {
      if (this.routine[k]) continue;
      const [, by, target] = this.noms[k];
      if (believed[target] === 'town') score[by] += 1;
      else if (believed[target] === 'mafia') score[by] -= 1.5;
      // Whom a night victim had pushed.
      if (this.deaths.has(by)) score[target] += VICTIM_PUSHED;
    }
    for (const by of this.groundless) score[by] += GROUNDLESS;
    for (const [, by, target] of this.votes) {
      if (believed[target] === 'town') score[by] += 0.5;
      else if (believed[target] === 'mafia') score[by] -= 0.75;
      if (this.deaths.has(by)) score[target] += VICTIM_PUSHED / 2;
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
    // The club's endgame: the one player left whom he does not know to be red is the Maniac.
    const last = this.lastUnknown(view, me, believed);
    if (last !== 0) score[last] += 100;
    return score;
  }

  /**
   * The club's endgame (hiddenManiac.ts), for a town player: the one living player besides himself
   * whom he does not know (or all but know) to be red is the Maniac; 0 when that is not so. (Not
   * for the Maniac himself: every other player is red to him.)
   */
  private lastUnknown(view: GameView, me: SeatNo, believed: readonly (Side | null)[]): SeatNo | 0 {
    if (!this.maniac.begun || view.me?.team !== 'town' || view.seats.some((s) => !s.alive && s.role === 'maniac')) return 0;
    let last: SeatNo | 0 = 0;
    for (const s of view.seats) {
      if (!s.alive || s.seat === me || believed[s.seat] === 'town') continue;
      if (last !== 0) return 0;
      last = s.seat;
    }
    return last;
  }

  /**
   * The sides this player knows, and those the talk (already added to `score`) has all but proven; in
   * a deck where only the mafia shoot, the night's victims are red.
   */
  private sides(view: GameView, me: SeatNo, sideOf: (seat: SeatNo) => Side | null, score: Float64Array): { sides: (Side | null)[]; believed: (Side | null)[] } {
    const n = view.seats.length;
    const sides: (Side | null)[] = new Array(n + 1).fill(null);
    for (let s = 1; s <= n; s++) sides[s] = sideOf(seatNo(s));
    talkEvidence(view, me, score, this.deaths, sides, this.maniac.begun ? (night) => this.maniac.staleRed(view, night) : undefined);
    const believed = sides.slice();
    const redVictims = onlyMafiaShoot(view);
    for (let s = 1; s <= n; s++) {
      if (believed[s] !== null) continue;
      if (redVictims && this.deaths.has(seatNo(s))) {
        believed[s] = 'town';
        continue;
      }
      if (score[s] >= BELIEVED) believed[s] = 'mafia';
      else if (score[s] <= -BELIEVED) believed[s] = 'town';
    }
    return { sides, believed };
  }

  /**
   * The strongest reason this player holds against `target` (the review of a practice game): a side
   * known, the talk, the club's endgame (the one player left not known red), then the record: a
   * nomination of a red, a vote against a red, a vote that spared a known mafioso (the latest of the
   * weightiest kind); else nothing but the table's votes.
   */
  reasonAgainst(view: GameView, me: SeatNo, sideOf: (seat: SeatNo) => Side | null, target: SeatNo): Reason {
    if (sideOf(target) === 'mafia') return view.seats[target - 1].team ? { code: 'cardShown' } : { code: 'myCheck' };
    const talk = talkReason(view, target, (s) => this.deaths.has(s));
    if (talk) return talk;
    const { believed } = this.sides(view, me, sideOf, new Float64Array(view.seats.length + 1));
    if (this.lastUnknown(view, me, believed) === target) return { code: 'lastUnknown' };
    let found: Reason | null = null;
    for (let k = 0; k < this.noms.length; k++) {
      const [day, by, t] = this.noms[k];
      if (!this.routine[k] && by === target && believed[t] === 'town') found = { code: 'pushedRed', seat: t, day };
    }
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
