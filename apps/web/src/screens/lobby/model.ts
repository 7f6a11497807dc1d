import { checkName, SEAT_CODE_PATTERN, type Lobby } from '@mafia/protocol';

/** The lobby as pure data: the join link, who sits where, and the seat draw. */

/** The join link of a room (the server's `link` has the same shape: ORIGIN/r/CODE). */
export function joinLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/r/${code.toUpperCase()}`;
}

/** A uniform integer in [0, n) from a source of random 32-bit words (rejection sampling: no modulo bias). */
export function randomBelow(n: number, word: () => number): number {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`randomBelow(${n})`);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    const w = word() >>> 0;
    if (w < limit) return w % n;
  }
}

/** Random 32-bit words from the browser's CSPRNG (crypto.getRandomValues). */
export function cryptoWord(): number {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0]!;
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(items: readonly T[], word: () => number = cryptoWord): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, word);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export interface DrawRow {
  readonly name: string;
  /** The seat this name claimed in the app. */
  readonly from: number;
  /** The seat drawn for it. */
  readonly seat: number;
}

/**
 * The seat draw (seed 003: numbers drawn from a bag): every claimed name gets a distinct seat of
 * 1..seats, drawn uniformly; sorted by the drawn seat so the host can read it out in table order.
 */
export function drawSeating(lobby: Pick<Lobby, 'seats' | 'claimed'>, word: () => number = cryptoWord): DrawRow[] {
  const present = lobby.claimed.flatMap((name, i) => (name === null ? [] : [{ name: name || `#${i + 1}`, from: i + 1 }]));
  const numbers = shuffled(Array.from({ length: lobby.seats }, (_, i) => i + 1), word);
  return present.map((p, i) => ({ ...p, seat: numbers[i]! })).sort((a, b) => a.seat - b.seat);
}

export const takenCount = (lobby: Pick<Lobby, 'claimed'>): number => lobby.claimed.filter((c) => c !== null).length;

/** The seats one may claim now: free ones, while the room is open and the game not over. */
export function claimableSeats(lobby: Pick<Lobby, 'claimed' | 'ended' | 'closed'>): number[] {
  if (lobby.ended || lobby.closed) return [];
  return lobby.claimed.flatMap((c, i) => (c === null ? [i + 1] : []));
}

/** A name as the server takes it (normalised by the protocol's `checkName`), or null when it would be refused. */
export function cleanName(raw: string): string | null {
  const r = checkName(raw);
  return r.ok ? r.name : null;
}

/** A seat code as typed (spaces and dashes dropped), or null until it is 6 digits. */
export function cleanSeatCode(raw: string): string | null {
  const s = raw.replace(/[\s-]/g, '');
  return SEAT_CODE_PATTERN.test(s) ? s : null;
}
