import { seatAt, type SeatNo } from '../ids.js';
import { roleAt } from '../roles/registry.js';
import type { GameState, Winner } from '../model/state.js';
import type { Draft } from './draft.js';
import { oneOnOneWinner } from './transform.js';

/**
 * §2 win checks (R-WIN-0): run after every elimination. When several conditions hold at once, a solo
 * condition beats the team conditions, and mafia parity (or majority) beats the town (RULES.md §2).
 * Solo conditions are the roles' own (`RoleDef.soloWin`: the Maniac's variants); Bonnie & Clyde
 * (R-MOD, 002) win together as the majority: more alive Maniacs than everybody else.
 */
export function checkWinner(s: GameState): Winner | null {
  let mafia = 0;
  let others = 0;
  let hostile = 0;
  let solo = 0;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i]) continue;
    const team = s.teams[i];
    if (team === 'mafia') mafia++;
    else others++;
    if (team === 'town') continue;
    if (team === 'solo') solo++;
    if (roleAt(s, i).hostileShooter) hostile++;
  }
  if (solo > 0) {
    const w = soloWinner(s, mafia + others);
    if (w !== null) return w;
  }
  // R-ROLE Immortal (002): 1-on-1 with a shooter of another team, he loses (game/transform.ts).
  if (mafia + others === 2) {
    const w = oneOnOneWinner(s);
    if (w !== null) return w;
  }
  // R-WIN-MAFIA
  if (mafia > 0 && (s.options.mafiaWin === 'parity' ? mafia >= others : mafia > others)) return 'mafia';
  // R-WIN-TOWN
  if (hostile === 0) return 'town';
  return null;
}

/** The first alive solo seat whose own condition holds (seat order), or Bonnie & Clyde's majority. */
function soloWinner(s: GameState, alive: number): Winner | null {
  if (s.setup.modifications.includes('bonnie-and-clyde')) {
    let maniacs = 0;
    for (let i = 0; i < s.seats; i++) if (s.alive[i] && s.roles[i] === 'maniac') maniacs++;
    if (maniacs > 0 && maniacs * 2 > alive) return 'maniac';
  }
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i] || s.teams[i] !== 'solo') continue;
    const def = roleAt(s, i);
    // Decision (issue 3): a solo player left alone at the table wins, whatever his own condition says.
    if (alive === 1 || (def.soloWin !== undefined && def.soloWin(s, seatAt(i), roleAt))) return s.roles[i];
  }
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

/**
 * Seats that win with `winner`: a team's members, dead ones included; a solo role's winner plays for
 * himself, so only the alive holder wins — not a dead player who held the role before (the Student's
 * Maniac teacher, the owner a Piter Werewolf replaced; "Rules audit 3"). Bonnie & Clyde (R-MOD) are a
 * team: both Maniacs win, dead or alive.
 */
export function winningSeats(s: GameState, winner: Winner): SeatNo[] {
  const out: SeatNo[] = [];
  if (winner === 'draw') return out;
  // A solo victory is the holder's own (R-TEAM "each wins by its own condition"): an executed Maniac
  // does not win with the Student who took his role, nor a dead second Maniac with the first; only
  // Bonnie & Clyde (R-MOD) win as a team, the dead one included.
  const team = winner === 'town' || winner === 'mafia';
  const pair = winner === 'maniac' && s.setup.modifications.includes('bonnie-and-clyde');
  for (let i = 0; i < s.seats; i++) {
    const wins = team ? s.teams[i] === winner : s.roles[i] === winner && (pair || (s.alive[i] && s.teams[i] === 'solo'));
    if (wins) out.push(seatAt(i));
  }
  return out;
}

/**
 * R-WIN-0: after an elimination, the game ends when a side has won. `final` (R-FIIM-13): the players a
 * vote or a shot has just put out, who have the final minute when that decides a `fiim` game.
 */
export function endIfWon(d: Draft, final?: readonly SeatNo[]): boolean {
  const w = checkWinner(d.state);
  if (w === null) return false;
  const winners = winningSeats(d.state, w);
  if (final !== undefined && final.length > 0 && d.state.options.fiim) d.emit({ type: 'GameEnded', winner: w, winners, final });
  else d.emit({ type: 'GameEnded', winner: w, winners });
  return true;
}

/**
 * R-SPORT-4: nobody left the game for N nights and N days in a row. R-FIIM-3 (`atNightEnd`): N
 * shooting nights in a row killed nobody and nobody left between them.
 */
export function endIfDraw(d: Draft, atNightEnd = false): boolean {
  const o = d.state.options;
  const rounds = o.drawAfterQuietRounds;
  const byRounds = rounds > 0 && d.state.quietPhases >= rounds * 2;
  const byNights = atNightEnd && o.drawAfterQuietNights > 0 && d.state.quietNights >= o.drawAfterQuietNights;
  if (!byRounds && !byNights) return false;
  d.emit({ type: 'GameEnded', winner: 'draw', winners: [] });
  return true;
}
