import type { GameEvent } from './events.js';
import { append, killAll, NO_SEATS, with1 } from './fold-arrays.js';
import type { StateWriter } from './fold-state.js';
import type { ActResult, CheckRecord, GameState, NightAct, PastAct } from '../model/state.js';

/** The events of a night: it starts, its acts are recorded, it resolves at dawn. */
export type NightEvent = Extract<GameEvent, { readonly type: 'NightStarted' | 'ActRecorded' | 'NightResolved' }>;

const NO_PAST: readonly NightAct[] = Object.freeze([]);

/** An act with its night number (a literal: `{ ...a, night }` is slow in V8). */
function pastAct(a: NightAct, night: number): PastAct {
  if (!('target2' in a) && !('role' in a)) return { by: a.by, act: a.act, target: a.target, night };
  return { ...a, night };
}

/** `s.pastActs` and the acts of the night being resolved (those of players who left during it did not count). */
function withNightActs(s: GameState, night: number): readonly PastAct[] {
  const acts = s.night === null ? NO_PAST : s.night.acts;
  if (acts.length === 0) return s.pastActs;
  const past: PastAct[] = [];
  const before = s.pastActs;
  for (let k = 0; k < before.length; k++) past.push(before[k]);
  for (let k = 0; k < acts.length; k++) if (s.alive[acts[k].by - 1]) past.push(pastAct(acts[k], night));
  return past;
}

/** A result with its night number (built as a literal: `{ ...r, night }` is slow in V8). */
function checkRecord(r: ActResult, night: number): CheckRecord {
  if (!('target2' in r) && !('role' in r)) {
    return { by: r.by, act: r.act, target: r.target, answer: r.answer, night };
  }
  return { ...r, night };
}

/** Folds a night event (game/apply.ts `applyEvent`: `s` is the state before it, read before any write). */
export function applyNightEvent(f: StateWriter, s: GameState, e: NightEvent): boolean {
  switch (e.type) {
    case 'NightStarted': {
      const m = f.m();
      // An alibi or a silence lasts the day after the night that gave it (R-VOTE-9, R-VOTE-11).
      if (s.alibi.length > 0) m.alibi = NO_SEATS;
      if (s.silenced.length > 0) m.silenced = NO_SEATS;
      m.phase = { kind: 'night', n: e.n };
      // After an emergency day (it replaced night n − 1) the night before was n − 2 (R-PHASE-4).
      m.night = { n: e.n, acts: [], prev: s.day !== null && s.day.emergency ? e.n - 2 : e.n - 1 };
      f.setDay(null);
      m.leftThisPhase = false;
      return true;
    }
    case 'ActRecorded':
      f.m().night = { n: s.night!.n, acts: append(s.night!.acts, e.act), prev: s.night!.prev };
      return true;
    case 'NightResolved': {
      // Read before any write: folded in place, `s` is the object written below.
      const pastActs = withNightActs(s, e.n);
      let useful = s.useful;
      for (const seat of e.useful) useful = with1(useful, seat, useful[seat - 1] + 1);
      let checks = s.checks;
      if (e.results.length > 0) {
        const records: CheckRecord[] = [];
        for (const r of e.results) records.push(checkRecord(r, e.n));
        const before = s.checks;
        const all: CheckRecord[] = [];
        for (let k = 0; k < before.length; k++) all.push(before[k]);
        for (let k = 0; k < records.length; k++) all.push(records[k]);
        checks = all;
      }
      const died = e.died.length > 0;
      const m = f.m();
      if (died) m.alive = killAll(s.alive, e.died);
      m.quietPhases = died || s.leftThisPhase ? 0 : s.quietPhases + 1;
      // R-FIIM-3: shooting nights only (night 1 never counts); removals tonight reset it when applied.
      if (e.n >= 2) m.quietNights = died || s.leftThisPhase ? 0 : s.quietNights + 1;
      if (s.firstKill === null && died) m.firstKill = { night: e.n, victims: e.died };
      m.checks = checks;
      m.useful = useful;
      m.pastActs = pastActs;
      m.alibi = e.alibi ?? NO_SEATS;
      m.silenced = e.silenced ?? NO_SEATS;
      return true;
    }
  }
}
