import { seatAt, type SeatNo } from '../ids.js';
import type { RoleChange } from '../model/role.js';
import { roleAt } from '../roles/registry.js';
import { aliveMafia, isMafiaShooter, isShooter } from '../roles/limits.js';
import { lawyerBlock } from '../roles/lawyer.js';
import { PITER_WEREWOLF_MIN_ALIVE, werewolfPiter, werewolfTown } from '../roles/werewolf.js';
import { werewolfExtended } from '../roles/werewolfExtended.js';
import type { GameEvent } from './events.js';
import type { GameState, Winner } from '../model/state.js';
import { traits } from './traits.js';

/**
 * Transformations (RULES.md §5): those caused by someone leaving the game happen at once, day or
 * night — Student, town Werewolf, Lawyer-turned-shooter (extended), Heir (R-MOD `heir`) — and the
 * Piter Werewolf dies when fewer than 6 remain. The command and day modules (night-commands.ts,
 * host-commands.ts, ../day/) call `afterLeaving` wherever players leave; the night's own
 * transformations (Recruiter, Piter Werewolf's guess) come through `nightChanges`; the Psycho turns
 * at nightfall after the day he was nominated (`beforeNight`).
 */
export interface Emitter {
  readonly state: GameState;
  emit(e: GameEvent): void;
}

/** The night's RoleChanges (a change for a seat who died that night is dropped); true when any was made. */
export function nightChanges(d: Emitter, changes: readonly RoleChange[]): boolean {
  let any = false;
  for (let k = 0; k < changes.length; k++) {
    const c = changes[k];
    if (!d.state.alive[c.seat - 1]) continue;
    d.emit({ type: 'RoleChanged', seat: c.seat, role: c.role, team: c.team, reason: c.reason });
    // R-ROLE Recruiter: in the morning the host announces which role turned mafia (not who).
    if (c.announce !== undefined) d.emit({ type: 'RoleAnnounced', role: c.announce, reason: c.reason });
    any = true;
  }
  return any;
}

/** Players `left` have just left the game (night deaths, an execution, a removal, the host). */
export function afterLeaving(d: Emitter, left: readonly SeatNo[]): void {
  if (left.length === 0 || !traits(d.state).transforms || !hasTransformingRoles(d.state)) return;
  piterWerewolfDeath(d);
  student(d, left);
  townWerewolf(d);
  newShooter(d);
}

/** Quick exit for tables without any role that transforms (classic, sport). */
function hasTransformingRoles(s: GameState): boolean {
  const roles = s.roles;
  for (let i = 0; i < roles.length; i++) {
    const r = roles[i];
    if (r === 'student' || r === 'werewolf' || r === 'lawyer' || r === 'girl' || r === 'black-widow') return true;
  }
  return false;
}

function aliveCount(s: GameState): number {
  let n = 0;
  for (let i = 0; i < s.seats; i++) if (s.alive[i]) n++;
  return n;
}

/** R-ROLE Werewolf (Piter): alive only while 6 or more players remain. */
function piterWerewolfDeath(d: Emitter): void {
  const s = d.state;
  if (aliveCount(s) >= PITER_WEREWOLF_MIN_ALIVE) return;
  for (let i = 0; i < s.seats; i++) {
    if (d.state.alive[i] && s.roles[i] === 'werewolf' && roleAt(s, i) === werewolfPiter) d.emit({ type: 'PlayerDied', seat: seatAt(i), reason: 'werewolf-five' });
  }
}

/** R-ROLE Student: the first shooting role to leave is his teacher: he takes its role and team. */
function student(d: Emitter, left: readonly SeatNo[]): void {
  const s = d.state;
  let teacher = 0;
  for (let k = 0; k < left.length; k++) {
    const seat = left[k];
    if (isShooter(s, seat - 1, roleAt) && (teacher === 0 || seat < teacher)) teacher = seat;
  }
  if (teacher === 0) return;
  const role = s.roles[teacher - 1];
  const team = s.teams[teacher - 1];
  for (let i = 0; i < s.seats; i++) {
    if (s.alive[i] && s.roles[i] === 'student') d.emit({ type: 'RoleChanged', seat: seatAt(i), role, team, reason: 'student' });
  }
}

/**
 * R-ROLE Werewolf (town variant): when the whole mafia is gone he turns (team solo, kills at night).
 * Seed 002 (`extended`): not if turning would give him an immediate win; he then stays town.
 */
function townWerewolf(d: Emitter): void {
  if (aliveMafia(d.state) > 0) return;
  const s = d.state;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i] || s.roles[i] !== 'werewolf' || s.teams[i] !== 'town') continue;
    const def = roleAt(s, i);
    if (def !== werewolfTown && def !== werewolfExtended) continue;
    const seat = seatAt(i);
    if (def === werewolfExtended) {
      const turned: GameState = { ...d.state, teams: d.state.teams.map((t, j) => (j === i ? 'solo' : t)) };
      // "Immediate win": alone at the table, or 1-on-1 with the Immortal, who loses to any shooter of
      // another team (R-ROLE Immortal): either way he stays town.
      if (def.soloWin!(turned, seat, roleAt) || oneOnOneWinner(turned) === 'werewolf') continue;
    }
    d.emit({ type: 'RoleChanged', seat, role: 'werewolf', team: 'solo', reason: 'werewolf-turned' });
  }
}

/**
 * No mafia shooter left: the `extended` Lawyer becomes a shooter (ordinary Mafia); with the `heir`
 * modification a Lawyer or a mafia Girl / Black Widow is announced as the new shooter.
 */
function newShooter(d: Emitter): void {
  const s = d.state;
  let mafia = 0;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i] || s.teams[i] !== 'mafia') continue;
    if (isMafiaShooter(s, i, roleAt)) return;
    mafia++;
  }
  if (mafia === 0) return;
  for (let i = 0; i < s.seats; i++) {
    if (s.alive[i] && s.teams[i] === 'mafia' && roleAt(s, i) === lawyerBlock) {
      d.emit({ type: 'RoleChanged', seat: seatAt(i), role: 'mafia', team: 'mafia', reason: 'lawyer-shooter' });
      return;
    }
  }
  if (!s.setup.modifications.includes('heir')) return;
  for (let i = 0; i < s.seats; i++) {
    const r = s.roles[i];
    if (s.alive[i] && s.teams[i] === 'mafia' && (r === 'lawyer' || r === 'girl' || r === 'black-widow')) {
      // R-MOD heir: the host announces aloud which role became the mafia's shooter.
      d.emit({ type: 'RoleChanged', seat: seatAt(i), role: 'mafia', team: 'mafia', reason: 'heir' });
      d.emit({ type: 'RoleAnnounced', role: r, reason: 'heir' });
      return;
    }
  }
}

/**
 * R-ROLE Psycho: nominated for a vote today (sequential: a nominee; two-stage: a defender), he plays for
 * himself from the coming night. Called at nightfall.
 */
export function beforeNight(d: Emitter): void {
  const s = d.state;
  const day = s.day;
  if (day === null || !traits(s).psycho) return;
  let psycho = false;
  for (let i = 0; i < s.seats; i++) if (s.roles[i] === 'psycho' && s.teams[i] === 'town' && s.alive[i]) psycho = true;
  if (!psycho) return;
  for (let i = 0; i < s.seats; i++) {
    if (s.roles[i] !== 'psycho' || s.teams[i] !== 'town' || !s.alive[i]) continue;
    const seat = seatAt(i);
    let nominated = false;
    for (const [, target] of day.nominations) if (target === seat) nominated = true;
    if (s.options.voting === 'two-stage' && day.round >= 1 && day.candidates.includes(seat)) nominated = true;
    if (nominated) d.emit({ type: 'RoleChanged', seat, role: 'psycho', team: 'solo', reason: 'nominated' });
  }
}

/**
 * R-ROLE Immortal (seed 002): left 1-on-1 with a shooter of another team, the Immortal loses: that
 * shooter's side wins (the mafia; a solo role by its id). Null otherwise.
 */
export function oneOnOneWinner(s: GameState): Winner | null {
  let a = -1;
  let b = -1;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i]) continue;
    if (a < 0) a = i;
    else if (b < 0) b = i;
    else return null;
  }
  if (b < 0) return null;
  for (const [imm, other] of [[a, b], [b, a]]) {
    if (s.roles[imm] !== 'immortal' || s.teams[imm] !== 'town') continue;
    if (s.teams[other] === 'town' || !isShooter(s, other, roleAt)) continue;
    return s.teams[other] === 'mafia' ? 'mafia' : s.roles[other];
  }
  return null;
}
