import { seatAt, type SeatNo } from '../ids.js';

/**
 * Circular voting (R-VOTE-8, seed 002): every alive player is a candidate; the host goes round the
 * circle from a chosen player in either direction; each voter votes against exactly one other player;
 * a voter who voted for nobody counts against the last candidate of the circle. Most votes: executed.
 * A tie: the tied speak 60 s, then a second round among them; still tied: nobody is executed. No
 * third round.
 */
export type CircleOutcome =
  | { readonly kind: 'executed'; readonly seat: SeatNo }
  | { readonly kind: 'revote'; readonly candidates: readonly SeatNo[] }
  | { readonly kind: 'none' };

/** The alive seats in circle order: from `from` (or the next alive seat that way), going `dir`. */
export function circleOrder(alive: readonly boolean[], from: number, dir: 'up' | 'down'): SeatNo[] {
  const n = alive.length;
  const step = dir === 'up' ? 1 : n - 1;
  const out: SeatNo[] = [];
  let i = (((from - 1) % n) + n) % n;
  for (let k = 0; k < n; k++) {
    if (alive[i]) out.push(seatAt(i));
    i = (i + step) % n;
  }
  return out;
}

/** `seats` (a subset of `order`) in the order of the circle. */
export function inCircleOrder(order: readonly SeatNo[], seats: readonly SeatNo[]): SeatNo[] {
  return order.filter((s) => seats.includes(s));
}

/** What follows a counted round: `top` is the list of the most voted, in circle order. */
export function nextAfterCircle(round: number, top: readonly SeatNo[]): CircleOutcome {
  if (top.length === 1) return { kind: 'executed', seat: top[0] };
  if (round === 0) return { kind: 'revote', candidates: top };
  return { kind: 'none' };
}
