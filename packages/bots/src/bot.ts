import { type Command, type GameView, type Pending, type SeatNo, type Statement } from '@mafia/engine';
import type { JournalEntry } from './journal.js';

/**
 * The seat's own projected view (`project(state, { kind: 'seat', seat })`), made when the bot asks
 * for it: a bot that decides without looking (a random pass, a random lift vote) costs no projection.
 * It gives nothing but that view: the game state stays out of the bot's reach.
 */
export type ViewSource = () => GameView;

/**
 * A bot plays one seat. It decides only from what its seat may see: its view (through a
 * `ViewSource`) and the kind of decision the host asks for. It never receives the game state.
 * Null means "pass" (no nomination, no act).
 */
export interface Bot {
  readonly kind: BotKind;
  readonly seat: SeatNo;
  decide(view: ViewSource, pending: Pending): Command | null;
  /**
   * The seat's turn to talk (its speech, defence or last word) has come: what it says, as statements
   * (issue 27), in order; none to keep silent. Asked once per turn, before its nomination.
   */
  speak?(view: ViewSource): readonly Statement[];
  /**
   * The mafia's night meeting: what this member says there (a plan), asked once a night of each
   * living member of the mafia; none to listen.
   */
  meet?(view: ViewSource): readonly Statement[];
  /** What it did and why (journal.ts), when it keeps a journal. */
  readonly journal?: readonly JournalEntry[] | null;
}

/** A ViewSource for a view already made (tests, clients that hold a view). */
export const viewOf = (view: GameView): ViewSource => () => view;

export const BOT_KINDS = ['random', 'heuristic'] as const;
export type BotKind = (typeof BOT_KINDS)[number];

export const isBotKind = (k: unknown): k is BotKind => typeof k === 'string' && (BOT_KINDS as readonly string[]).includes(k);

/** A seeded generator (the engine's mulberry32) held by one bot. */
export class Rng {
  private declare state: number;
  constructor(state: number) {
    // Kept as a signed 32-bit value (a small integer to V8, not a boxed double): the same bits, so
    // the same draws as the unsigned seed.
    this.state = state | 0;
  }

  /** A number in [0, 1). */
  next(): number {
    // nextRandom (mulberry32) written out here: no [value, next] pair allocated per draw.
    const next = (this.state + 0x6d2b79f5) | 0;
    this.state = next;
    let t = next;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** `k` different elements of `items` (fewer if the list is shorter), uniformly. */
  sample<T>(items: readonly T[], k: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    while (out.length < k && pool.length > 0) {
      const i = this.int(pool.length);
      out.push(pool[i]);
      pool[i] = pool[pool.length - 1];
      pool.pop();
    }
    return out;
  }
}

/** Alive seats of the view, in seat order, for which `keep` holds. */
export function aliveSeats(view: GameView, keep?: (seat: SeatNo) => boolean): SeatNo[] {
  const out: SeatNo[] = [];
  const seats = view.seats;
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    if (s.alive && (keep === undefined || keep(s.seat))) out.push(s.seat);
  }
  return out;
}

/** Is `seat` a known teammate of the mafia viewer (the mafia see each other, R-NIGHT-2)? */
export const isMafiaMate = (view: GameView, seat: SeatNo): boolean =>
  view.me !== null && view.me.team === 'mafia' && view.seats[seat - 1].team === 'mafia';

export const isNominated = (view: GameView, seat: SeatNo): boolean => {
  const noms = view.day?.nominations;
  if (!noms) return false;
  for (let i = 0; i < noms.length; i++) if (noms[i][1] === seat) return true;
  return false;
};
