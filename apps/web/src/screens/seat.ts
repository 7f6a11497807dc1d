import type { SeatNo } from '@mafia/engine';
import { seatSchema } from '@mafia/protocol';

/**
 * A seat number a screen holds (a tap on the grid, a select, a pending decision's seat) as the
 * engine's SeatNo for a command: the one place on the web where a number becomes a seat, by the
 * wire's own rule (packages/protocol `seatSchema`, as the server parses it). Screens offer only the
 * table's seats, so a number that is not one is a bug, and it throws.
 */
export const parseSeat = (n: number): SeatNo => seatSchema.parse(n);

export const parseSeats = (ns: readonly number[]): SeatNo[] => ns.map(parseSeat);
