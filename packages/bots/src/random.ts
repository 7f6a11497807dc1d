import type { ActKind, Command, GameView, Pending, SeatNo } from '@mafia/engine';
import { Rng, isMafiaMate, isNominated, type Bot } from './bot.js';

/**
 * Uniformly random legal play. At night each act gets a random alive target (the mafia shoot a
 * random alive non-teammate, each member on his own: in unanimous presets that often misses, as
 * random players would). By day: nominate with probability 1/2 a random other alive player not yet
 * nominated; vote for a random candidate; lift vote at random; best move: three random players.
 */
export class RandomBot implements Bot {
  readonly kind = 'random' as const;
  private readonly rng: Rng;
  private readonly buf: SeatNo[] = [];

  constructor(readonly seat: SeatNo, seed: number) {
    this.rng = new Rng(seed);
  }

  decide(view: GameView, pending: Pending): Command | null {
    switch (pending.kind) {
      case 'act': {
        const act = pending.acts[0];
        const target = this.nightTarget(view, act);
        return target === 0 ? null : { type: 'act', by: this.seat, act, target };
      }
      case 'nominate': {
        if (this.rng.next() < 0.5) return null;
        const target = this.pickSeat(view, (s) => s !== this.seat && !isNominated(view, s));
        return target === 0 ? null : { type: 'nominate', by: this.seat, target };
      }
      case 'vote': {
        const candidates = view.day?.candidates;
        if (!candidates || candidates.length === 0) return null;
        return { type: 'vote', by: this.seat, target: this.rng.pick(candidates) };
      }
      case 'liftVote':
        return { type: 'liftVote', by: this.seat, leave: this.rng.next() < 0.5 };
      case 'bestMove': {
        const alive = this.seats(view, (s) => s !== this.seat, true);
        const pool = alive.length >= 3 ? alive : this.seats(view, (s) => s !== this.seat, false);
        if (pool.length < 3) return null;
        return { type: 'bestMove', by: this.seat, named: this.rng.sample(pool, 3) };
      }
    }
  }

  private nightTarget(view: GameView, act: ActKind): SeatNo | 0 {
    const me = this.seat;
    // The mafia never aim at themselves or at known teammates.
    if (view.me?.team === 'mafia') return this.pickSeat(view, (s) => s !== me && !isMafiaMate(view, s));
    return this.pickSeat(view, act === 'kill' || act === 'check' ? (s) => s !== me : () => true);
  }

  /** A uniformly random alive seat for which `keep` holds (0 when none); one draw, no allocation. */
  private pickSeat(view: GameView, keep: (seat: SeatNo) => boolean): SeatNo | 0 {
    const seats = view.seats;
    let count = 0;
    for (let i = 0; i < seats.length; i++) if (seats[i].alive && keep(seats[i].seat)) count++;
    if (count === 0) return 0;
    let k = this.rng.int(count);
    for (let i = 0; i < seats.length; i++) {
      if (seats[i].alive && keep(seats[i].seat) && k-- === 0) return seats[i].seat;
    }
    return 0;
  }

  private seats(view: GameView, keep: (seat: SeatNo) => boolean, aliveOnly: boolean): SeatNo[] {
    const out = this.buf;
    out.length = 0;
    for (const s of view.seats) if ((!aliveOnly || s.alive) && keep(s.seat)) out.push(s.seat);
    return out.slice();
  }
}
