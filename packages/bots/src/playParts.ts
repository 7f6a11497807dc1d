// The simulator's small parts (simulate.ts `playGame`): counting phases, the bots' seeds, the seat
// viewers shared by all games, and the questions it asks the state between commands.
import { seatNo, type Actor, type GameEvent, type GameState, type SeatNo } from '@mafia/engine';

/** Nights and days begun among `events` (NightStarted + DayStarted). */
export function countPhases(events: readonly GameEvent[]): number {
  let n = 0;
  for (let i = 0; i < events.length; i++) {
    const t = events[i].type;
    if (t === 'NightStarted' || t === 'DayStarted') n++;
  }
  return n;
}

/**
 * The same vote (or lift vote) round is still open after a ballot: same day, stage, round and
 * candidates as before it. The day is written in place by `decideInPlace`, so what it was before the
 * ballot is passed as values (`candidates` is replaced, never written into: its identity is a value).
 */
export function sameRound(s: GameState, stage: string, round: number, candidates: readonly SeatNo[], n: number): boolean {
  const day = s.day;
  return s.phase.kind === 'day' && day !== null && day.stage === stage &&
    day.round === round && day.candidates === candidates && day.n === n;
}

/** FNV-1a over `text`, continued from `h` (seedFrom is fnv(0x811c9dc5, String(seed)) >>> 0). */
export function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** seedFrom(prefix text + seat) from the prefix's running hash. */
export function botSeed(prefixHash: number, seat: number): number {
  return fnv(prefixHash, seatText(seat)) >>> 0;
}

const SEAT_TEXT: string[] = [];
const seatText = (seat: number): string => SEAT_TEXT[seat] ?? (SEAT_TEXT[seat] = `${seat}`);

/** The seat viewers (also the actors of the seats' commands): plain frozen values shared by all games. */
const VIEWERS: Actor[] = [];
export function seatViewers(n: number): readonly Actor[] {
  for (let seat = VIEWERS.length; seat <= n; seat++) VIEWERS.push(Object.freeze({ kind: 'seat', seat: seatNo(seat) }));
  return VIEWERS;
}

/** The seat (1-based) of the first living member of the mafia, or 0: who speaks first at their meeting. */
export function firstLivingMafia(s: GameState): number {
  for (let i = 0; i < s.seats; i++) if (s.alive[i] && s.teams[i] === 'mafia') return i + 1;
  return 0;
}
