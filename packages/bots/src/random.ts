import { seatNo, type Command, type GameView, type Pending, type SeatNo } from '@mafia/engine';
import { Rng, type Bot, type ViewSource } from './bot.js';
import { actCommand } from './acts.js';

/** Filters for `pickSeat` (bit flags, so that the hot path needs no closures). */
const NOT_SELF = 1;
const NOT_MAFIA = 2;
const NOT_NOMINATED = 4;

/**
 * Uniformly random legal play. At night each act gets a random alive target (the mafia shoot a
 * random alive non-teammate, each member on his own: in unanimous presets that often misses, as
 * random players would). By day: nominate with probability 1/2 a random other alive player not yet
 * nominated; vote for a random candidate; lift vote at random; best move: three random players.
 */
export class RandomBot implements Bot {
  // Fields set in the constructor only (`declare`: no class-field definitions run per bot).
  declare readonly kind: 'random';
  declare readonly seat: SeatNo;
  private declare readonly rng: Rng;

  constructor(seat: SeatNo, seed: number) {
    this.kind = 'random';
    this.seat = seat;
    this.rng = new Rng(seed);
  }

  decide(source: ViewSource, pending: Pending): Command | null {
    // The most frequent decisions first (a switch on strings compares case by case).
    switch (pending.kind) {
      case 'vote': {
        // The host announces the candidates with the vote: no need to look at the table.
        const candidates = pending.candidates;
        if (candidates.length === 0) return null;
        return { type: 'vote', by: this.seat, target: this.rng.pick(candidates) };
      }
      case 'act': {
        const view = source();
        const act = pending.acts[0];
        // The mafia never aim at themselves or at known teammates; nobody aims at himself.
        const target = this.pickSeat(view, view.me?.team === 'mafia' ? NOT_SELF | NOT_MAFIA : NOT_SELF);
        // Acts with limits or extra fields (issue 3 roles): completed legally.
        if (pending.forbidden !== undefined || pending.needsTarget2 === true) return actCommand(view, pending, this.rng, act, target);
        return target === 0 ? null : { type: 'act', by: this.seat, act, target };
      }
      case 'nominate': {
        // The coin is tossed before looking: a pass costs no projection.
        if (this.rng.next() < 0.5) return null;
        const view = source();
        const target = this.pickSeat(view, NOT_SELF | NOT_NOMINATED);
        return target === 0 ? null : { type: 'nominate', by: this.seat, target };
      }
      case 'liftVote':
        return { type: 'liftVote', by: this.seat, leave: this.rng.next() < 0.5 };
      case 'rakeTake':
        // The executed Rake takes one of his voters at random (R-ROLE Rake).
        return { type: 'rakeTakes', by: this.seat, target: this.rng.pick(pending.candidates) };
      case 'dyingNote':
        // The Commissar's dying note (R-ROLE) is optional: a coin decides, then a random other player.
        if (this.rng.next() < 0.5 || pending.candidates.length === 0) return null;
        return { type: 'dyingNote', by: this.seat, named: this.rng.pick(pending.candidates) };
      case 'blood': {
        // name-in-blood (R-MOD) is optional: a coin decides, then a random other alive player.
        if (this.rng.next() < 0.5 || pending.candidates.length === 0) return null;
        return { type: 'blood', by: this.seat, target: this.rng.pick(pending.candidates) };
      }
      case 'bestMove': {
        const view = source();
        const others: SeatNo[] = [];
        for (const s of view.seats) if (s.alive && s.seat !== this.seat) others.push(s.seat);
        if (others.length < 3) {
          others.length = 0;
          for (const s of view.seats) if (s.seat !== this.seat) others.push(s.seat);
        }
        if (others.length < 3) return null;
        return { type: 'bestMove', by: this.seat, named: this.rng.sample(others, 3) };
      }
    }
  }

  /** A uniformly random alive seat passing the filters (0 when none): one draw, no allocation. */
  private pickSeat(view: GameView, filters: number): SeatNo | 0 {
    const seats = view.seats;
    if (scratch.length < seats.length + 1) scratch = new Int32Array(seats.length + 1);
    const buf = scratch;
    const noms = filters & NOT_NOMINATED ? view.day?.nominations : undefined;
    let count = 0;
    for (let i = 0; i < seats.length; i++) {
      const s = seats[i];
      if (!s.alive) continue;
      if (filters & NOT_SELF && s.seat === this.seat) continue;
      if (filters & NOT_MAFIA && s.team === 'mafia') continue;
      if (noms && nominated(noms, s.seat)) continue;
      buf[count++] = s.seat;
    }
    return count === 0 ? 0 : seatNo(buf[this.rng.int(count)]);
  }
}

/** Shared scratch space for `pickSeat` (bots decide one at a time). */
let scratch = new Int32Array(32);

function nominated(noms: readonly (readonly [SeatNo, SeatNo])[], seat: SeatNo): boolean {
  for (let k = 0; k < noms.length; k++) if (noms[k][1] === seat) return true;
  return false;
}
