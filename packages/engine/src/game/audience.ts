import { seatNo, type SeatNo } from '../ids.js';
import { projectEvent } from '../view/projectEvent.js';
import type { Viewer } from '../view/types.js';
import type { Audience } from './effects.js';
import type { GameEvent } from './events.js';
import type { GameState } from '../model/state.js';

const SPECTATOR: Viewer = { kind: 'spectator' };
const EVERYONE: Audience = 'everyone';

/**
 * Who hears of each event, made in `state` (the state after them): decided when the events are
 * made, from the same `projectEvent` every client's view is cut by, so a listener never learns of
 * an event he may not see (issue 12: nor from the bare arrival of an update).
 */
export function audienceOf(events: readonly GameEvent[], state: GameState): Audience[] {
  const out: Audience[] = [];
  for (const ev of events) out.push(audienceOfEvent(ev, state));
  return out;
}

function audienceOfEvent(ev: GameEvent, state: GameState): Audience {
  // What a spectator sees, every seat sees (projectEvent hides from seats only what it hides from him too).
  if (projectEvent(ev, state, SPECTATOR) !== null) return EVERYONE;
  const seats: SeatNo[] = [];
  for (let seat = 1; seat <= state.seats; seat++) {
    const viewer: Viewer = { kind: 'seat', seat: seatNo(seat) };
    if (projectEvent(ev, state, viewer) !== null) seats.push(viewer.seat);
  }
  return seats;
}
