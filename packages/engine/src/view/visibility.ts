import type { SeatNo } from '../ids.js';
import type { GameState } from '../model/state.js';
import { roleAt } from '../roles/registry.js';
import type { Viewer } from './types.js';

/** May `viewer` know the role at `seat`? The single rule behind every hidden-information decision. */
export function canSeeRole(s: GameState, viewer: Viewer, seat: SeatNo): boolean {
  if (viewer.kind === 'host' || s.phase.kind === 'ended') return true;
  if (s.options.revealOnDeath && !s.alive[seat - 1]) return true;
  if (viewer.kind !== 'seat') return false;
  if (viewer.seat === seat) return true;
  // RULES.md §10: an eliminated player's device is a spectator's, with no hidden information.
  if (!s.alive[viewer.seat - 1]) return false;
  // The mafia know each other (R-NIGHT-2, introduction night).
  if (s.teams[viewer.seat - 1] === 'mafia') return s.teams[seat - 1] === 'mafia';
  // The Sleepwalker wakes with the mafia; Bonnie & Clyde meet on their first night (issue 3).
  const circle = knownCircle(s, viewer.seat);
  return circle !== null && circle(s, seat - 1);
}

/**
 * Who a non-mafia seat knows besides himself (issue 3): the Sleepwalker sees the mafia (000); under
 * `bonnie-and-clyde` a Maniac sees the other Maniac (002) from their first acting night on ("в первый
 * день они не знают друг друга и познакомятся только Ночью": night 1 when it is active, else night 2).
 * Null for everybody else.
 */
export function knownCircle(s: GameState, mine: SeatNo): ((s: GameState, i: number) => boolean) | null {
  const role = s.roles[mine - 1];
  if (role === 'civilian' || role === 'commissar') return null;
  if (role === 'sleepwalker' && roleAt(s, mine - 1).seesMafia === true) return isMafiaIndex;
  if (isBonnieOrClyde(s, mine)) {
    const met = s.phase.kind === 'ended' || s.phase.n >= (s.options.firstNight === 'active' ? 1 : 2);
    return met ? isManiacIndex : null;
  }
  return null;
}
export const isBonnieOrClyde = (s: GameState, mine: SeatNo): boolean =>
  s.roles[mine - 1] === 'maniac' && s.setup.modifications.length > 0 && s.setup.modifications.includes('bonnie-and-clyde');
const isMafiaIndex = (s: GameState, i: number): boolean => s.teams[i] === 'mafia';
const isManiacIndex = (s: GameState, i: number): boolean => s.roles[i] === 'maniac';
