import { checkName } from '@mafia/protocol';
import { refuse } from './errors.js';
import type { Entry, RenameBody } from './records.js';

export type RenameEntry = Extract<Entry, { kind: 'rename' }>;

/**
 * The seats renamed in a room (issue 24: a replacement takes a leaver's seat in the same room).
 * Kept beside the claims: a renamed seat deals under its new name in every game from the next one,
 * and a claim of it takes that name. A rename asked while a game runs waits (`held`) for the end.
 */
export class SeatNames {
  /** Index = seat − 1: the name a rename gave the seat, or null. */
  private readonly given: (string | null)[];
  /** Renames asked during the running game, applied when it ends (seat → name). */
  readonly held = new Map<number, string>();
  /** Seats renamed since this game ended: claimable between games, as a leaver's seat is. */
  readonly reopened = new Set<number>();

  constructor(seats: number) {
    this.given = new Array<string | null>(seats).fill(null);
  }

  /** The seat's name from a rename, if it has one. */
  of(seat: number): string | null {
    return this.given[seat - 1] ?? null;
  }

  /** Index = seat − 1, null where no rename named the seat; null when no seat was renamed (the lobby leaves it out). */
  list(): (string | null)[] | null {
    return this.given.some((n) => n !== null) ? [...this.given] : null;
  }

  /** Takes in an applied rename: the seat's name from now on (a held one for the same seat is done). */
  apply(b: RenameBody, between: boolean): void {
    this.given[b.seat - 1] = b.name;
    this.held.delete(b.seat);
    if (between) this.reopened.add(b.seat);
  }

  /** A new game began: the seats reopened between games are in it now. */
  newGame(): void {
    this.reopened.clear();
  }

  /** The held renames as the entries that apply them (by the server, in seat order). */
  applyEntries(nextSeq: number): RenameEntry[] {
    return [...this.held].sort((a, b) => a[0] - b[0]).map(([seat, name], i) => ({ seq: nextSeq + i, kind: 'rename', body: { seat, name, by: 'app' } }));
  }
}

/** A rename as asked: the seat within the room and the name by the room's name rules, or a refusal. */
export function checkedRename(seats: number, seat: number, name: string): { seat: number; name: string } {
  if (!Number.isInteger(seat) || seat < 1 || seat > seats) refuse('bad-seat', `this room has seats 1 to ${seats}, not ${seat}`, { path: 'seat' });
  const c = checkName(name);
  if (!c.ok) return refuse('bad-name', `the name ${JSON.stringify(name)} cannot name a seat: ${c.message}`, { path: 'name' });
  return { seat, name: c.name };
}
