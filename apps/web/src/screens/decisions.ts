import type { Command, Pending } from '@mafia/engine';
import { parseSeat } from './seat';

/**
 * One-seat choices of the day shared by the player screen (a seat makes his own) and the host console
 * (the host enters them for players without a phone): the Rake's (R-ROLE Rake), the name in blood
 * (`name-in-blood`, R-MOD) and the Commissar's dying note (`commissarDyingNote`, R-ROLE). The engine
 * offers them as pending decisions (`rakeTake`, `blood`, `dyingNote`) naming their candidates.
 */
export type ExtraKind = 'rakeTake' | 'blood' | 'dyingNote';

/** A pending one-seat choice: who makes it and whom he may name. */
export interface ExtraChoice {
  readonly kind: ExtraKind;
  readonly seat: number;
  readonly candidates: readonly number[];
}

/** The command of an extra choice. */
export function extraCommand(kind: ExtraKind, seat: number, target: number): Command {
  const by = parseSeat(seat);
  if (kind === 'rakeTake') return { type: 'rakeTakes', by, target: parseSeat(target) };
  if (kind === 'blood') return { type: 'blood', by, target: parseSeat(target) };
  return { type: 'dyingNote', by, named: parseSeat(target) };
}

/** The pending choices of the given kinds, in the engine's order (any seat: the host's pending holds every seat's). */
export function extraChoices(pending: readonly Pending[], kinds: readonly ExtraKind[]): ExtraChoice[] {
  const out: ExtraChoice[] = [];
  for (const p of pending) {
    if ((p.kind === 'rakeTake' || p.kind === 'blood' || p.kind === 'dyingNote') && kinds.includes(p.kind)) {
      out.push({ kind: p.kind, seat: p.seat, candidates: p.candidates });
    }
  }
  return out;
}

/** Toggle a seat in a pick of at most `max` seats, in the order picked (the best move names 3, the victim list up to 3). */
export function toggleSeat(picked: readonly number[], seat: number, max: number): number[] {
  if (picked.includes(seat)) return picked.filter((s) => s !== seat);
  if (picked.length >= max) return [...picked];
  return [...picked, seat];
}
