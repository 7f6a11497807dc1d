import type { SeatNo } from '../ids.js';
import { roleIn } from '../roles/registry.js';
import type { GameEvent } from './events.js';
import { append, killAll, with1, zeros } from './fold-arrays.js';
import type { StateWriter } from './fold-state.js';
import type { GameState } from '../model/state.js';

/** The events of a day's vote: nominations, defence, ballots, the lift vote, the outcome, the Rake's choice. */
export type VoteEvent = Extract<GameEvent, {
  readonly type:
    | 'VoteCast' | 'Nominated' | 'DefenceStarted' | 'VoteOpened' | 'VoteCounted' | 'LiftVoteOpened' | 'LiftVoteCast'
    | 'LiftVoteCounted' | 'DayResolved' | 'CircleSet' | 'RakeChoiceOpened' | 'RakeTook';
}>;

/** R-PHASE-3 (Piter): the executed players owed a last word: no check or compare act, not mafia. */
function piterLastWords(s: GameState, seats: readonly SeatNo[]): readonly SeatNo[] {
  return seats.filter((seat) => {
    if (s.teams[seat - 1] === 'mafia') return false;
    const def = roleIn(s.setup.preset, s.roles[seat - 1]);
    return def === undefined || !def.acts.some((a) => a.act === 'check' || a.act === 'compare');
  });
}

/** Folds a vote event (game/apply.ts `applyEvent`: `s` is the state before it, read before any write). */
export function applyVoteEvent(f: StateWriter, s: GameState, e: VoteEvent): boolean {
  switch (e.type) {
    case 'VoteCast': {
      const d = f.d();
      d.ballots = with1(d.ballots, e.by, e.target);
      return true;
    }
    case 'Nominated': {
      const d = f.d();
      d.nominations = append(d.nominations, [e.by, e.target] as const);
      return true;
    }
    case 'DefenceStarted': {
      // The candidates speak in nomination order; the speech queue is theirs now.
      const d = f.d();
      d.stage = 'defence';
      d.round = e.round;
      d.candidates = e.candidates;
      d.speakers = e.candidates;
      d.speakerIndex = 0;
      return true;
    }
    case 'VoteOpened': {
      const d = f.d();
      d.stage = 'vote';
      d.round = e.round;
      d.candidates = e.candidates;
      d.ballots = zeros(s.seats);
      return true;
    }
    case 'VoteCounted':
      f.d().tally = e.tally;
      return true;
    case 'LiftVoteOpened': {
      const d = f.d();
      d.stage = 'lift';
      d.candidates = e.tied;
      d.lift = zeros(s.seats);
      return true;
    }
    case 'LiftVoteCast': {
      const d = f.d();
      d.lift = with1(d.lift, e.by, e.leave ? 1 : 2);
      return true;
    }
    case 'LiftVoteCounted':
      return false;
    case 'DayResolved': {
      const anyLeft = e.left.length > 0 || s.leftThisPhase;
      const eliminated = e.eliminated.length > 0;
      const m = f.m();
      if (eliminated) m.alive = killAll(m.alive, e.eliminated);
      m.quietPhases = anyLeft ? 0 : m.quietPhases + 1;
      if (anyLeft) m.quietNights = 0;
      if (e.n === 1) m.dayOneLeft = e.eliminated.length;
      const d = f.d();
      // R-PHASE-3 Piter: only an executed player with no checking ability who is not mafia speaks.
      const words = eliminated && e.by !== 'removed' && s.options.executedLastWord === 'piter' ? piterLastWords(s, e.eliminated) : e.eliminated;
      d.stage = words.length > 0 ? 'lastWords' : 'evening';
      d.lastWords = words;
      d.left = e.left;
      d.tally = e.tally;
      d.outcome = e.by;
      return true;
    }
    case 'CircleSet':
      f.d().circle = { from: e.from, dir: e.dir };
      return true;
    case 'RakeChoiceOpened': {
      // Opened again with fewer voters after a removal; with none left the choice closes.
      const d = f.d();
      d.stage = e.among.length > 0 ? 'rake' : 'lastWords';
      d.rakeChoice = e.among.length > 0 ? { by: e.by, among: e.among } : null;
      return true;
    }
    case 'RakeTook': {
      // The Rake's companion leaves with him, as executed: a last word with him, then the evening.
      const m = f.m();
      m.alive = with1(s.alive, e.target, false);
      if (s.day !== null && s.day.n === 1) m.dayOneLeft = s.dayOneLeft + 1;
      const d = f.d();
      d.rakeChoice = null;
      d.left = append(d.left, e.target).sort((a, b) => a - b);
      d.lastWords = append(d.lastWords, e.target);
      d.stage = 'lastWords';
      return true;
    }
  }
}
