import { nightSteps } from '@mafia/engine';
import { refuse } from './errors.js';
import type { Entry } from './records.js';

export type TapEntry = Extract<Entry, { kind: 'tap' }>;
import type { Room } from './room.js';

/**
 * A seat's decoy tap (issue 23): the phone of a seat with no act in the step being called is tapped
 * like an actor's, and the tap is recorded so that the phone may honestly say «Принято». It is
 * checked as an act is (the sender's own seat is checked by the manager), in the same order and
 * with the same codes: the room is open, the game started and not over, it is night, the seat is
 * alive; then the step is one this night has. It is not checked against the step the host opened
 * or the clock's (an act is not either: the host may take acts in any order), nor against the
 * seat's acts (a phone decides itself which of its taps is a decoy). Pure: the entry, or a refusal.
 * A seat's second tap of the same step is not written again (Room.tappedAt): one entry per seat and
 * step at most, so taps cannot grow the log faster than the night's steps.
 */
export function tapEntry(room: Room, by: number, id: string, step: number): TapEntry {
  if (room.closed) refuse('room-closed', 'the host has closed this room');
  if (room.game === null) return refuse('not-started', 'the game has not started yet');
  const s = room.game.state;
  if (s.phase.kind === 'ended') refuse('game-over', 'the game in this room is over', { rule: 'R-WIN-0' });
  if (s.phase.kind !== 'night' || s.night === null) return refuse('not-night', 'a night tap is only possible at night', { rule: 'R-NIGHT-1' });
  if (by > s.seats) refuse('bad-seat', `this room has seats 1 to ${s.seats}, not ${by}`, { path: 'by' });
  if (!s.alive[by - 1]) refuse('not-alive', `seat ${by} is not in the game`, { rule: 'R-NIGHT-4', path: 'by' });
  const steps = nightSteps(s.setup).length;
  if (step >= steps) refuse('bad-step', `this night has steps 1 to ${steps}, not ${step + 1}`, { path: 'step' });
  return { seq: room.seq + 1, kind: 'tap', body: { by, id, night: s.night.n, step } };
}
