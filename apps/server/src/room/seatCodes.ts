import { randomInt, timingSafeEqual } from 'node:crypto';
import { SEAT_CODE_LENGTH, type SeatCode } from '@mafia/protocol';

/** Wrong codes a free seat takes before its code is replaced (the claimer then needs the new one from the host). */
export const WRONG_TRIES_PER_CODE = 3;

const newCode = (): string => String(randomInt(0, 10 ** SEAT_CODE_LENGTH)).padStart(SEAT_CODE_LENGTH, '0');

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What a presented code did: it fits; it does not; it does not, and that was the last try of the code. */
export type SeatCodeCheck = 'ok' | 'wrong' | 'replaced';

/**
 * The codes of a started room's free seats (issue 12, point 1): after the start a seat is claimed
 * only with the code shown on the host's (or room admin's) device, so knowing the room code is no
 * longer enough to read a card. In memory only: a restarted server makes new ones, and the host's
 * screen shows them (nothing to keep secret in the log or the database).
 */
export class SeatCodes {
  private readonly codes = new Map<number, { code: string; wrong: number }>();
  /** Counts every change of the codes: whoever shows them (the host's device) is told when it moved. */
  version = 0;

  /** Every free seat has a code, no claimed seat keeps one. */
  sync(free: (seat: number) => boolean, seats: number): void {
    for (let seat = 1; seat <= seats; seat++) {
      const has = this.codes.has(seat);
      if (free(seat) && !has) this.codes.set(seat, { code: newCode(), wrong: 0 });
      else if (!free(seat) && has) this.codes.delete(seat);
      else continue;
      this.version++;
    }
  }

  /** Checks a code for a free seat; the third wrong one replaces the seat's code. */
  check(seat: number, presented: string): SeatCodeCheck {
    const held = this.codes.get(seat);
    if (held === undefined) return 'wrong';
    if (sameCode(presented, held.code)) return 'ok';
    if (++held.wrong < WRONG_TRIES_PER_CODE) return 'wrong';
    this.codes.set(seat, { code: newCode(), wrong: 0 });
    this.version++;
    return 'replaced';
  }

  list(): SeatCode[] {
    return [...this.codes].map(([seat, c]) => ({ seat, code: c.code })).sort((a, b) => a.seat - b.seat);
  }
}
