import type { GameEvent } from './events.js';
import { append, with1 } from './fold-arrays.js';
import type { StateWriter } from './fold-state.js';
import type { GameState } from '../model/state.js';

/** The events of penalties: fouls, removals (also pending ones, R-FIIM-11), and fiim's referee records. */
export type PenaltyEvent = Extract<GameEvent, {
  readonly type: 'Fouled' | 'PlayerRemoved' | 'TechFouled' | 'RemovalPending' | 'PenaltyRecorded' | 'TeamDefeatRecorded' | 'ExtraPointsGiven';
}>;

/** Folds a penalty event (game/apply.ts `applyEvent`: `s` is the state before it, read before any write). */
export function applyPenaltyEvent(f: StateWriter, s: GameState, e: PenaltyEvent): boolean {
  switch (e.type) {
    case 'Fouled': {
      // R-FIIM-2 `threeFouls: none`: the 3rd foul costs nothing; a foul on a player out of the game counts for his penalties only.
      const silence = e.total === s.options.foulsToSilence && s.alive[e.seat - 1] && !(s.options.fiim && s.options.threeFouls === 'none');
      const m = f.m();
      m.fouls = with1(m.fouls, e.seat, e.total);
      if (silence) m.missNextSpeech = with1(m.missNextSpeech, e.seat, true);
      return true;
    }
    case 'PlayerRemoved': {
      const day = s.day;
      const inDay = day !== null && s.phase.kind === 'day';
      const cancel = s.options.removalCancelsVote;
      const m = f.m();
      m.alive = with1(m.alive, e.seat, false);
      m.removed = append(m.removed, e.seat);
      m.removedFor = with1(m.removedFor, e.seat, e.reason);
      if (s.pendingRemovals.length > 0) m.pendingRemovals = s.pendingRemovals.filter((p) => p.seat !== e.seat);
      m.leftThisPhase = true;
      m.quietNights = 0;
      // R-FIIM-12: a removal at night cancels the next day's vote.
      if (s.options.fiim && s.phase.kind === 'night') m.cancelNextVote = true;
      if (inDay) {
        // A removal after another one cancelled the vote and ended the speeches (a day held at its
        // evening by the protocol replay) was given before any vote too: it cancels nothing more.
        const decided = day!.outcome !== null && day!.outcome !== 'removed';
        // After the day's vote the day has been counted already: the removal breaks the quiet run.
        if (decided) m.quietPhases = 0;
        m.cancelNextVote = m.cancelNextVote || (cancel && decided);
        const d = f.d();
        if (!decided) d.left = append(d.left, e.seat);
        d.voteCancelled = d.voteCancelled || (cancel && !decided);
      }
      return true;
    }
    case 'TechFouled':
      f.m().techFouls = with1(s.techFouls, e.seat, e.total);
      return true;
    case 'RemovalPending':
      f.m().pendingRemovals = append(s.pendingRemovals, { seat: e.seat, reason: e.reason });
      return true;
    case 'PenaltyRecorded': {
      const m = f.m();
      m.removedFor = with1(s.removedFor, e.seat, e.reason);
      if (s.pendingRemovals.length > 0) m.pendingRemovals = s.pendingRemovals.filter((p) => p.seat !== e.seat);
      return true;
    }
    case 'TeamDefeatRecorded':
      f.m().teamDefeat = e.seat;
      return true;
    case 'ExtraPointsGiven':
      f.m().extraPoints = with1(s.extraPoints, e.seat, s.extraPoints[e.seat - 1] + e.points);
      return true;
  }
}
