import { MAX_VERSION_SEATS, presetOf, type GameView, type PresetId, type RoleId, type SeatNo, type Statement } from '@mafia/engine';

/** What a speaker says by day (the night's plan is the mafia's meeting, not a speech). */
export type SayKind = Exclude<Statement['kind'], 'plan'>;
export const SAY_KINDS: readonly SayKind[] = ['claim', 'checked', 'suspect', 'trust', 'willVote', 'version'];

/** What the speaker has chosen so far on his phone. */
export interface SayDraft {
  readonly kind: SayKind | null;
  readonly role: RoleId | null;
  readonly seats: readonly number[];
  readonly color: 'red' | 'black';
  readonly night: number;
}

export const emptyDraft = (night: number): SayDraft => ({ kind: null, role: null, seats: [], color: 'red', night });

/** How many seats the kind names: one, or up to three for a version, none for a claim. */
export const seatsFor = (kind: SayKind | null): number => (kind === 'version' ? MAX_VERSION_SEATS : kind === 'claim' || kind === null ? 0 : 1);

/** A tap on a seat: chosen or dropped, at most as many as the kind names (the oldest goes first). */
export function toggleSaySeat(d: SayDraft, seat: number): SayDraft {
  const max = seatsFor(d.kind);
  if (d.seats.includes(seat)) return { ...d, seats: d.seats.filter((s) => s !== seat) };
  const seats = [...d.seats, seat];
  return { ...d, seats: seats.slice(Math.max(0, seats.length - max)) };
}

/** The statement the draft makes, or null while something is missing (the engine checks the rest). */
export function statementOf(d: SayDraft): Statement | null {
  const target = d.seats[0] as SeatNo | undefined;
  switch (d.kind) {
    case null: return null;
    case 'claim': return d.role ? { kind: 'claim', role: d.role } : null;
    case 'checked': return target ? { kind: 'checked', target, night: d.night, color: d.color } : null;
    case 'version': return d.seats.length ? { kind: 'version', seats: d.seats as SeatNo[] } : null;
    default: return target ? { kind: d.kind, target } : null;
  }
}

/** The roles a claim may name: the preset's (the engine refuses one the deck lacks). */
export const claimableRoles = (view: GameView): readonly RoleId[] => presetOf(view.preset as PresetId)?.roles ?? [];

/** The nights a check may be of: every night before this day. */
export function nightsSoFar(view: GameView): number[] {
  const n = view.phase.kind === 'day' ? view.phase.n : 0;
  return Array.from({ length: n }, (_, i) => i + 1);
}
