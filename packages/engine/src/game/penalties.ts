// R-FIIM-11..16: the federation's penalties. A foul or a removal counts in the game only while it can
// change it: at night a removal waits for the night's end (the night's victim is out already then, and
// his removal counts for his penalties only), in a player's own last word and in the final minute of a
// decided game it is recorded for the tournament points only. A team defeat takes effect at the end of
// the step it was given in, unless that step already decided the game.
import type { SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import type { Draft } from './draft.js';
import type { GameState, RemovalReason } from '../model/state.js';
import { afterLeaving } from './transform.js';
import { checkWinner, endIfWon, winningSeats } from './win.js';
import { needAlive, needSeat } from './guards.js';

/** How a penalty on a seat counts now: in the game at once, at the night's end, or for his points only. */
export type PenaltyEffect = 'now' | 'night' | 'record';

/**
 * Who may be fouled or removed now and how it counts. Outside `fiim` only an alive player, at once.
 * `fiim`: at night an alive player (the removal waits for dawn); by day an alive player, or one out of
 * the game during his own last word (R-FIIM-13); after a vote or a shot decided the game, anyone at the
 * table in the final minute (R-FIIM-13).
 */
export function penaltyEffect(s: GameState, seat: unknown, what: string, rule: string): [SeatNo, PenaltyEffect] {
  if (!s.options.fiim) return [needAlive(s, seat, what, rule), 'now'];
  if (s.phase.kind === 'ended') {
    const n = needSeat(s, seat, what);
    if (!s.alive[n - 1] && !(s.final ?? []).includes(n)) fail('not-alive', 'R-FIIM-13', `${what} (seat ${n}) was not at the table in the final minute`);
    return [n, 'record'];
  }
  if (s.phase.kind === 'night') return [needAlive(s, seat, what, rule), 'night'];
  const n = needSeat(s, seat, what);
  if (s.alive[n - 1]) return [n, 'now'];
  if (s.day !== null && s.day.lastWords.includes(n)) return [n, 'record'];
  return fail('not-alive', rule, `${what} (seat ${n}) is not in the game`);
}

/** A removal with its effect (see penaltyEffect); `now` removes the player and runs `afterRemoval`. */
export function removal(d: Draft, seat: SeatNo, reason: RemovalReason, effect: PenaltyEffect, afterRemoval: (d: Draft, seat: SeatNo) => void): void {
  const s = d.state;
  if (effect === 'now') {
    d.emit({ type: 'PlayerRemoved', seat, reason });
    return afterRemoval(d, seat);
  }
  if (effect === 'night') {
    if (!s.pendingRemovals.some((p) => p.seat === seat)) d.emit({ type: 'RemovalPending', seat, reason });
    return;
  }
  if (s.removedFor[seat - 1] === null) d.emit({ type: 'PenaltyRecorded', seat, reason });
}

/**
 * R-FIIM-11/12/13 at the night's end (after its shot and checks): when the shot decided the game, the
 * night's removals count for the points only and the victims have the final minute; otherwise each
 * removal takes effect (the night's victim's counts for his points only) and may decide the game.
 * True when the game ended.
 */
export function settleNight(d: Draft, died: readonly SeatNo[]): boolean {
  const pending = d.state.pendingRemovals;
  if (checkWinner(d.state) !== null) {
    for (const p of pending) d.emit({ type: 'PenaltyRecorded', seat: p.seat, reason: p.reason });
    endIfWon(d, died);
    return true;
  }
  for (const p of pending) {
    if (!d.state.alive[p.seat - 1]) {
      d.emit({ type: 'PenaltyRecorded', seat: p.seat, reason: p.reason });
      continue;
    }
    d.emit({ type: 'PlayerRemoved', seat: p.seat, reason: p.reason });
    afterLeaving(d, [p.seat]);
  }
  if (pending.length > 0 && endIfWon(d)) return true;
  return endIfTeamDefeat(d);
}

/** R-FIIM-15: at the end of a step a team defeat given in it removes the offender, and his team loses. */
export function endIfTeamDefeat(d: Draft): boolean {
  const s = d.state;
  const offender = s.teamDefeat;
  if (offender === null || s.phase.kind === 'ended') return false;
  if (s.alive[offender - 1]) d.emit({ type: 'PlayerRemoved', seat: offender, reason: 'team-defeat' });
  else if (s.removedFor[offender - 1] === null) d.emit({ type: 'PenaltyRecorded', seat: offender, reason: 'team-defeat' });
  const winner = s.teams[offender - 1] === 'mafia' ? 'town' : 'mafia';
  d.emit({ type: 'GameEnded', winner, winners: winningSeats(d.state, winner) });
  return true;
}
