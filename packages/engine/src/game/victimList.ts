import { seatNo, type SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import type { Actor, Command } from './commands.js';
import type { Emitter } from './transform.js';

/**
 * R-MOD `victim-list` (seeds 001, 003): on night 1 the mafia may agree an ordered list of victims for
 * the next three nights. A host aid only: recorded (VictimListSet), shown to the mafia players alone
 * (view/project.ts), and it never fires by itself — the host may use it when the mafia fail to agree.
 */
export function victimList(d: Emitter, c: Extract<Command, { type: 'victimList' }>, actor: Actor): void {
  const s = d.state;
  if (!s.setup.modifications.includes('victim-list')) fail('modification-not-in-play', 'R-MOD', 'the victim list needs the victim-list modification');
  if (s.phase.kind !== 'night' || s.phase.n !== 1) fail('wrong-phase', 'R-MOD', 'the mafia agree their victim list on night 1');
  if (actor.kind === 'seat' && s.teams[actor.seat - 1] !== 'mafia') fail('not-mafia', 'R-MOD', `seat ${actor.seat} is not in the mafia`);
  const seats = c.seats;
  if (!Array.isArray(seats) || seats.length < 1 || seats.length > 3) fail('bad-field', 'R-MOD', 'a victim list names one to three players');
  const out: SeatNo[] = [];
  for (const x of seats as readonly number[]) {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > s.seats) fail('bad-seat', 'INPUT', `victim list seat ${JSON.stringify(x)} is not a seat`);
    const seat = seatNo(x);
    if (out.includes(seat)) fail('bad-field', 'R-MOD', `seat ${x} is named twice in the victim list`);
    out.push(seat);
  }
  d.emit({ type: 'VictimListSet', seats: out });
}
