import { seatAt } from '../ids.js';
import type { GameState } from '../model/state.js';
import { nightSteps } from '../night/script.js';
import { dayMoment, meetingOf, OPEN, SILENT, type MediaMoment, type SeatFacts } from './policy.js';

/**
 * The moment from the whole game state (the server). `nightStep`: the night step being called now
 * (0-based, the room's night clock), or null when none is known.
 */
export function mediaMoment(s: GameState | null, nightStep: number | null): MediaMoment {
  if (s === null || s.phase.kind === 'ended') return OPEN;
  if (s.phase.kind === 'night') {
    const seats = s.roles.map((role, i): SeatFacts => ({ seat: seatAt(i), alive: s.alive[i]!, role, team: s.teams[i]! }));
    return meetingOf(nightSteps(s.setup), nightStep, seats);
  }
  const d = s.day;
  if (!d) return SILENT;
  return dayMoment(d.stage, d.speakers[d.speakerIndex], d.lastWords[0]);
}

