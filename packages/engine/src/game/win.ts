import type { SeatNo } from '../ids.js';
import { roleAt } from '../roles/registry.js';
import type { GameState, Winner } from './state.js';

/**
 * §2 win checks (R-WIN-0): run after every elimination. Mafia parity (or majority) beats the
 * town when both hold; solo conditions come first once solo roles exist (issue 3).
 */
export function checkWinner(s: GameState): Winner | null {
  const { mafia, others } = aliveSides(s);
  let hostile = 0;
  for (let i = 0; i < s.seats; i++) {
    if (s.alive[i] && s.teams[i] !== 'town' && roleAt(s, i).hostileShooter) hostile++;
  }
  // R-WIN-MAFIA
  if (mafia > 0 && (s.options.mafiaWin === 'parity' ? mafia >= others : mafia > others)) return 'mafia';
  // R-WIN-TOWN
  if (hostile === 0) return 'town';
  return null;
}

/** Alive mafia-team members and everybody else alive (parity, R-WIN-MAFIA; the emergency day, R-PHASE-4). */
export function aliveSides(s: GameState): { mafia: number; others: number } {
  let mafia = 0;
  let others = 0;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i]) continue;
    if (s.teams[i] === 'mafia') mafia++;
    else others++;
  }
  return { mafia, others };
}

/** Seats that win with `winner`, dead ones included. */
export function winningSeats(s: GameState, winner: Winner): SeatNo[] {
  const out: SeatNo[] = [];
  if (winner === 'draw') return out;
  for (let i = 0; i < s.seats; i++) {
    const team = s.teams[i];
    const wins = winner === 'town' || winner === 'mafia' ? team === winner : s.roles[i] === winner;
    if (wins) out.push((i + 1) as SeatNo);
  }
  return out;
}
