import type { SeatNo } from '../ids.js';
import type { ProtocolAct, ProtocolDayStep, ProtocolNightStep, ProtocolRemoval, ProtocolStatement } from './document.js';

/** What a protocol cannot record: the export gives `{ ok: false, reason }` with its message. */
export class Unexportable extends Error {}
export const refuse = (reason: string): never => {
  throw new Unexportable(reason);
};

/*
 * A protocol step while the export reads the log (export-events.ts), and its helpers; written out
 * (nightStep, dayStep) once the log is read.
 */

/** A night as the export collects it. */
export interface NightBuilder {
  readonly kind: 'night';
  readonly n: number;
  readonly acts: ProtocolAct[];
  readonly fouls: number[];
  readonly techFouls: number[];
  readonly removed: ProtocolRemoval[];
  teamDefeat?: number;
  readonly extra: Map<number, number>;
  done: boolean;
  /** Seats with a removal pending tonight (RemovalPending). */
  readonly pending: Set<number>;
  /** The mafia's meeting, as the protocol writes it. */
  readonly said: [number, ProtocolStatement][];
  /** What the protocol writes in another order or leaves out (the reason given if it does not replay). */
  readonly notes: string[];
}

/** A day as the export collects it. */
export interface DayBuilder {
  readonly kind: 'day';
  readonly n: number;
  readonly fouls: number[];
  readonly removed: ProtocolRemoval[];
  readonly techFouls: number[];
  readonly foulsAfterVote: number[];
  readonly removedAfterVote: ProtocolRemoval[];
  bestMove?: [number, number[]];
  readonly nominations: [number, number][];
  readonly blood: [number, number][];
  /** What was said, as the protocol writes it. */
  readonly said: [number, ProtocolStatement][];
  circle?: { from: number; dir: 'up' | 'down' };
  /** rounds[k]: voter → target, in the order cast (a voter's later ballot replaces his earlier one). */
  readonly rounds: Map<number, number>[];
  round: number;
  liftAll?: number[];
  rakeTakes?: number;
  teamDefeat?: number;
  readonly extra: Map<number, number>;
  /** A round of the day's vote was counted. */
  counted: boolean;
  /** The day's vote was decided (DayResolved). */
  done: boolean;
  /** A removal cancelled the vote: penalties after it in that day came before any vote too. */
  cancelled: boolean;
  /** The game ended during this step. */
  ended: boolean;
  readonly notes: string[];
}

export type Builder = NightBuilder | DayBuilder;

/**
 * A player removed during the day, before its vote was decided. A protocol gives the day's removals
 * before its vote: a ballot he cast in the open round counts for nothing either way (only players in
 * the game are counted), but once a round was counted with his vote in it no protocol can say so.
 */
export function leftMidDay(d: DayBuilder, seat: SeatNo): void {
  if (d.counted) refuse(`seat ${seat} was removed between the rounds of day ${d.n}'s vote; a protocol records removals before the vote or (fiim) after it`);
  d.rounds[d.round]?.delete(seat);
}

/** A step's fouls are replayed before its removals: a foul after the same seat's removal is out of order. */
export function fouledAfterRemoval(t: PenaltyTarget, seat: SeatNo): PenaltyTarget {
  if (t.removed.some((r) => (typeof r === 'number' ? r : r.seat) === seat)) {
    t.step.notes.push(`seat ${seat} was fouled after his removal (${t.step.kind} ${t.step.n}); a protocol gives a step's fouls before its removals`);
  }
  return t;
}

export function dropVote(d: DayBuilder): void {
  d.rounds.length = 0;
  d.round = 0;
  d.liftAll = undefined;
  d.rakeTakes = undefined;
  d.circle = undefined;
}

export function where(cur: Builder | null): string {
  return cur === null ? '' : ` (${cur.kind} ${cur.n})`;
}

export function night(cur: Builder | null): NightBuilder {
  if (cur?.kind !== 'night') return refuse(`a night event outside a night${where(cur)}`);
  return cur;
}

export function day(cur: Builder | null): DayBuilder {
  if (cur?.kind !== 'day') return refuse(`a day event outside a day${where(cur)}`);
  return cur;
}

/**
 * The lists a foul, removal or team defeat goes to. Outside `fiim` a protocol records them in a day,
 * before its vote; `fiim` also at night and after the vote (`foulsAfterVote`, `removedAfterVote`).
 */
export function penaltyStep(cur: Builder | null, fiim: boolean, what: string, seat: SeatNo): PenaltyTarget {
  if (cur === null) return refuse(`${what} of seat ${seat} before the game started`);
  if (cur.kind === 'night') {
    if (!fiim) return refuse(`${what} of seat ${seat} was given during night ${cur.n}; outside the fiim preset a protocol records fouls and removals by day only`);
    return { fouls: cur.fouls, techFouls: cur.techFouls, removed: cur.removed, afterVote: false, step: cur };
  }
  if (!cur.done || cur.cancelled) return { fouls: cur.fouls, techFouls: cur.techFouls, removed: cur.removed, afterVote: false, step: cur };
  if (!fiim) return refuse(`${what} of seat ${seat} was given after the vote of day ${cur.n} was decided; outside the fiim preset a protocol records fouls and removals before the vote only`);
  // R-FIIM-12/13: given during the last words or the final minute.
  return { fouls: cur.foulsAfterVote, techFouls: cur.techFouls, removed: cur.removedAfterVote, afterVote: true, step: cur };
}

interface PenaltyTarget {
  readonly fouls: number[];
  readonly techFouls: number[];
  readonly removed: ProtocolRemoval[];
  readonly afterVote: boolean;
  readonly step: Builder;
}

/** Extra points per seat, those that did not cancel out (a seat's key is its number: listed in seat order). */
function extraField(extra: Map<number, number>): { extraPoints?: Record<string, number> } {
  const given = [...extra].filter(([, points]) => points !== 0);
  return given.length > 0 ? { extraPoints: Object.fromEntries(given) } : {};
}

export function nightStep(b: NightBuilder): ProtocolNightStep {
  return {
    night: b.n,
    acts: b.acts,
    ...(b.fouls.length ? { fouls: b.fouls } : {}),
    ...(b.techFouls.length ? { techFouls: b.techFouls } : {}),
    ...(b.removed.length ? { removed: b.removed } : {}),
    ...(b.teamDefeat !== undefined ? { teamDefeat: b.teamDefeat } : {}),
    ...extraField(b.extra),
    ...(b.said.length ? { said: b.said } : {}),
  };
}

function ballots(round: Map<number, number>): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [voter, target] of round) (out[target] ?? (out[target] = [])).push(voter);
  return out;
}

export function dayStep(b: DayBuilder): ProtocolDayStep {
  const revotes = b.rounds.slice(1).map((r) => ballots(r ?? new Map()));
  return {
    day: b.n,
    ...(b.fouls.length ? { fouls: b.fouls } : {}),
    ...(b.techFouls.length ? { techFouls: b.techFouls } : {}),
    ...(b.removed.length ? { removed: b.removed } : {}),
    ...(b.bestMove ? { bestMove: b.bestMove } : {}),
    ...(b.blood.length ? { blood: b.blood } : {}),
    ...(b.nominations.length ? { nominations: b.nominations } : {}),
    ...(b.circle ? { circle: b.circle } : {}),
    ...(b.rounds[0] && b.rounds[0].size > 0 ? { votes: ballots(b.rounds[0]) } : {}),
    ...(revotes.length === 1 ? { revote: revotes[0] } : revotes.length > 1 ? { revote: revotes } : {}),
    ...(b.liftAll !== undefined ? { liftAll: b.liftAll } : {}),
    ...(b.rakeTakes !== undefined ? { rakeTakes: b.rakeTakes } : {}),
    ...(b.foulsAfterVote.length ? { foulsAfterVote: b.foulsAfterVote } : {}),
    ...(b.removedAfterVote.length ? { removedAfterVote: b.removedAfterVote } : {}),
    ...(b.teamDefeat !== undefined ? { teamDefeat: b.teamDefeat } : {}),
    ...extraField(b.extra),
    ...(b.said.length ? { said: b.said } : {}),
  };
}
