// The checks every command shares: seat numbers, alive seats, who may act for a seat, the phase.
import type { SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import type { Actor } from './commands.js';
import type { DayState, GameState } from '../model/state.js';

const seatOk = (s: GameState, seat: unknown): seat is SeatNo =>
  typeof seat === 'number' && Number.isInteger(seat) && seat >= 1 && seat <= s.seats;

export function needSeat(s: GameState, seat: unknown, what: string): SeatNo {
  if (!seatOk(s, seat)) fail('bad-seat', 'INPUT', `${what} must be a seat number from 1 to ${s.seats}, got ${JSON.stringify(seat)}`);
  return seat;
}

export function needAlive(s: GameState, seat: unknown, what: string, rule: string): SeatNo {
  const n = needSeat(s, seat, what);
  if (!s.alive[n - 1]) fail('not-alive', rule, `${what} (seat ${n}) is not in the game`);
  return n;
}

export function needSelfOrHost(actor: Actor, seat: SeatNo): void {
  if (actor.kind === 'seat' && actor.seat !== seat) fail('not-your-seat', 'R-HOST-1', `seat ${actor.seat} cannot act for seat ${seat}`);
}

export function needDay(s: GameState, stage: DayState['stage'] | readonly DayState['stage'][], what: string, rule: string): DayState {
  const day = s.day;
  const at = day === null ? null : day.stage;
  if (s.phase.kind !== 'day' || at === null || (typeof stage === 'string' ? stage !== at : !stage.includes(at))) {
    const stages = typeof stage === 'string' ? [stage] : stage;
    fail('wrong-phase', rule, `${what} is only possible during ${stages.join(' or ')} (now: ${describePhase(s)})`);
  }
  return day!;
}

export function describePhase(s: GameState): string {
  if (s.phase.kind === 'ended') return 'the game is over';
  if (s.phase.kind === 'night') return `night ${s.phase.n}`;
  return `day ${s.phase.n}, ${s.day?.stage ?? 'not started'}`;
}

export function isIn(list: readonly SeatNo[], seat: SeatNo): boolean {
  for (let k = 0; k < list.length; k++) if (list[k] === seat) return true;
  return false;
}

export function aliveCount(s: GameState): number {
  const alive = s.alive;
  let n = 0;
  for (let i = 0; i < alive.length; i++) if (alive[i]) n++;
  return n;
}
