import type { ActKind, SeatNo } from '../ids.js';
import type { ActSpec } from '../model/role.js';
import type { ActPending } from './actLimits.js';

/*
 * The decisions `pendingDecisions` hands out (host/pending.ts) are shared frozen values, made once
 * per key and reused: a hot loop that asks for them after every command then allocates nothing.
 */

/** A decision a seat may make now. */
export type Pending =
  | ActPending
  | { readonly kind: 'nominate'; readonly seat: SeatNo }
  /** `candidates`: the players on the vote, as the host announces them (public). */
  | { readonly kind: 'vote'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] }
  | { readonly kind: 'liftVote'; readonly seat: SeatNo }
  | { readonly kind: 'bestMove'; readonly seat: SeatNo }
  /** R-ROLE Rake: the executed Rake takes one of `candidates` (his voters) along. */
  | { readonly kind: 'rakeTake'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] }
  /** `name-in-blood` (R-MOD), optional: last night's victim may name one of `candidates` as his killer. */
  | { readonly kind: 'blood'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] }
  /** R-ROLE Commissar (`commissarDyingNote`), optional: the Commissar killed last night by a dark role names one of `candidates`. */
  | { readonly kind: 'dyingNote'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] };

/**
 * The one-seat decisions are plain values, made once per (kind, seat) and shared frozen: a hot loop
 * that asks for the pending decisions after every command then allocates no new objects for them.
 */
type SeatPending = Exclude<Pending, { readonly kind: 'act' | 'vote' | 'rakeTake' | 'blood' | 'dyingNote' }>;
const SHARED_PENDING: Record<SeatPending['kind'], (SeatPending | undefined)[]> = {
  nominate: new Array<SeatPending | undefined>(64).fill(undefined),
  liftVote: new Array<SeatPending | undefined>(64).fill(undefined),
  bestMove: new Array<SeatPending | undefined>(64).fill(undefined),
};
export function seatPending(kind: SeatPending['kind'], seat: SeatNo): SeatPending {
  const list = kind === 'nominate' ? SHARED_PENDING.nominate : SHARED_PENDING[kind];
  if (seat >= 1024) return { kind, seat };
  while (list.length <= seat) list.push(undefined);
  return list[seat] ?? (list[seat] = Object.freeze({ kind, seat }));
}

/**
 * A vote decision names the candidates, so it is made once per (seat, candidates list): the last one
 * made for each seat is kept and reused while the day's candidates list is the same (the engine
 * replaces that list, never writes into it, so its identity stands for its content).
 */
type VotePending = Extract<Pending, { readonly kind: 'vote' }>;
const VOTE_PENDING: (VotePending | undefined)[] = [];
export function votePending(seat: SeatNo, candidates: readonly SeatNo[]): VotePending {
  while (VOTE_PENDING.length <= seat) VOTE_PENDING.push(undefined);
  const last = VOTE_PENDING[seat];
  if (last !== undefined && last.candidates === candidates) return last;
  return (VOTE_PENDING[seat] = Object.freeze({ kind: 'vote', seat, candidates }));
}

/**
 * Two-stage and circular votes (R-VOTE-7, R-VOTE-8): nobody votes against himself, so each seat's
 * decision names the candidates without him; made once per (seat, day's candidates list).
 */
const OTHER_PENDING: ({ source: readonly SeatNo[]; pending: VotePending | null } | undefined)[] = [];
export function otherVotePending(seat: SeatNo, candidates: readonly SeatNo[]): VotePending | null {
  while (OTHER_PENDING.length <= seat) OTHER_PENDING.push(undefined);
  const last = OTHER_PENDING[seat];
  if (last !== undefined && last.source === candidates) return last.pending;
  const others: SeatNo[] = [];
  for (let k = 0; k < candidates.length; k++) if (candidates[k] !== seat) others.push(candidates[k]);
  // The list itself is not frozen (freezing is slow in V8), as the day's own candidates list in a
  // sequential vote decision is not: it is never written into, and only this seat gets it.
  const pending = others.length === 0 ? null : Object.freeze({ kind: 'vote' as const, seat, candidates: others });
  OTHER_PENDING[seat] = { source: candidates, pending };
  return pending;
}

/**
 * Act decisions are shared frozen values too: one per (role's act list, seat, open acts). The act
 * lists are the registry's own (one per role), so they key a small table.
 */
const ACT_SPECS: (readonly ActSpec[])[] = [];
const ACT_TABLES: (Pending | undefined)[][] = [];
export function actPending(specs: readonly ActSpec[], seat: SeatNo, mask: number): Pending {
  if (specs.length > 8 || seat >= 1024) return makeActPending(specs, seat, mask);
  // A few act lists (one per role with acts): found by identity in a short list (no Map hashing).
  let t = 0;
  while (t < ACT_SPECS.length && ACT_SPECS[t] !== specs) t++;
  if (t === ACT_SPECS.length) {
    ACT_SPECS.push(specs);
    ACT_TABLES.push([]);
  }
  const table = ACT_TABLES[t];
  const key = seat * 256 + mask;
  while (table.length <= key) table.push(undefined);
  return table[key] ?? (table[key] = makeActPending(specs, seat, mask));
}

function makeActPending(specs: readonly ActSpec[], seat: SeatNo, mask: number): Pending {
  const acts: ActKind[] = [];
  for (let k = 0; k < specs.length; k++) if (mask & (1 << k)) acts.push(specs[k].act);
  return Object.freeze({ kind: 'act', seat, acts: Object.freeze(acts) });
}

/**
 * What the night pass reads of each act spec, copied into one shape: the specs come in many
 * shapes (one literal per role), so reading their fields directly is slow (megamorphic) in the
 * pass that runs after every night command. One list per role's act list, found by identity.
 */
export interface ActInfo {
  readonly act: ActKind;
  readonly onCheckingFirstNight: boolean;
  /** The spec has `availableOn` (called on the spec itself, as a method). */
  readonly availableOn: boolean;
  /** The spec has `offeredTo` (prompts narrower than availability: the team's guess). */
  readonly offered: boolean;
  /** withActLimits has something to add (limits, a second target or a role). */
  readonly limited: boolean;
}
const INFO_SPECS: (readonly ActSpec[])[] = [];
const INFOS: (readonly ActInfo[])[] = [];
export function actInfos(specs: readonly ActSpec[]): readonly ActInfo[] {
  for (let t = 0; t < INFO_SPECS.length; t++) if (INFO_SPECS[t] === specs) return INFOS[t];
  const infos: ActInfo[] = [];
  for (const a of specs) {
    infos.push({
      act: a.act,
      onCheckingFirstNight: a.onCheckingFirstNight,
      availableOn: a.availableOn !== undefined,
      offered: a.offeredTo !== undefined,
      limited: a.validate !== undefined || a.needsTarget2 === true || a.needsRole === true,
    });
  }
  INFO_SPECS.push(specs);
  INFOS.push(infos);
  return infos;
}
