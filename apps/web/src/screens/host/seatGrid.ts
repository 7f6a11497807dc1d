import type { GameView, RoleId } from '@mafia/engine';
import type { SeatInfo } from '../../ui';
import type { GridMode } from './gridMode';
import { targetable, type StepActor, type VoteBoard } from './logic';
import type { Tx } from './types';

export interface GridInput {
  readonly view: GameView | null;
  readonly mode: GridMode;
  /** The night's actor whose target is picked (night mode). */
  readonly actor: StepActor | null;
  /** The seat tapped: an act's target or a nominee. */
  readonly picked: number | null;
  readonly board: VoteBoard | null;
  readonly lift: { readonly notCast: readonly number[] } | null;
  /** The candidate whose hands the host counts (vote mode). */
  readonly currentCandidate: number | null;
  readonly rake: { readonly among: readonly number[] } | null;
  /** The best move's named seats so far, and who names them. */
  readonly named: readonly number[];
  readonly bestBy: number | null;
  readonly roleName: (r: RoleId | undefined | null) => string;
  readonly t: Tx;
}

/**
 * The host console's main seat grid: each seat's state for the moment (who may be tapped, who is
 * picked or has voted) and its note (role, fouls).
 */
export function gridSeats({ view, mode, actor, picked, board, lift, currentCandidate, rake, named, bestBy, roleName, t }: GridInput): SeatInfo[] {
  if (!view) return [];
  const allowed = mode === 'night' ? targetable(view, actor) : null;
  const voters = new Set(board?.notCast ?? []);
  const liftVoters = new Set(lift?.notCast ?? []);
  return view.seats.map((s) => {
    const note = [s.role ? roleName(s.role) : '', s.fouls > 0 ? t('seats.fouls', { n: s.fouls }) : ''].filter(Boolean).join(' · ');
    let st: SeatInfo['state'] = s.alive ? 'alive' : 'dead';
    if (mode === 'night') {
      if (picked === s.seat) st = 'selected';
      else if (allowed && !allowed.has(s.seat)) st = 'disabled';
    } else if (mode === 'speech') {
      if (picked === s.seat) st = 'selected';
      else if (!s.alive) st = 'disabled';
    } else if (mode === 'vote') {
      if (currentCandidate !== null && view.day?.ballots[s.seat - 1] === currentCandidate) st = 'selected';
      else if (!voters.has(s.seat)) st = s.alive ? 'disabled' : 'dead';
    } else if (mode === 'lift') {
      if (view.day?.lift[s.seat - 1] === 1) st = 'selected';
      else if (!liftVoters.has(s.seat)) st = s.alive ? 'disabled' : 'dead';
    } else if (mode === 'rake') {
      if (!rake?.among.includes(s.seat)) st = s.alive ? 'disabled' : 'dead';
    } else if (mode === 'bestMove') {
      if (named.includes(s.seat)) st = 'selected';
      else if (s.seat === bestBy) st = 'disabled';
    }
    return { seat: s.seat, name: s.name, state: st, note };
  });
}
