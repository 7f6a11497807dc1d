import type { SeatNo } from '@mafia/engine';

/** The most seats a table has on the wire (packages/protocol's seatSchema). */
const MAX_SEAT = 64;

/**
 * A seat number a screen holds (a tap on the grid, a select, a pending decision's seat) as the
 * engine's SeatNo for a command: the one place on the web where a number becomes a seat. Screens
 * offer only the table's seats, so a number that is not one is a bug, and it throws.
 */
export function parseSeat(n: number): SeatNo {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SEAT) throw new RangeError(`not a seat number: ${n}`);
  return n as SeatNo;
}

export const parseSeats = (ns: readonly number[]): SeatNo[] => ns.map(parseSeat);
