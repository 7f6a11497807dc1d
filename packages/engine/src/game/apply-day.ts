import type { GameEvent } from './events.js';
import { append, NO_BLOOD, NO_PENDING, NO_SEATS, with1, without } from './fold-arrays.js';
import type { StateWriter } from './fold-state.js';
import type { GameState } from '../model/state.js';

/**
 * The events of a day outside its vote: it starts, its speeches and last words end, and the morning's
 * acts of the night's victims (the best move, a name in blood, the Commissar's dying note).
 */
export type DayEvent = Extract<GameEvent, {
  readonly type: 'SpeechEnded' | 'DayStarted' | 'BestMoveMade' | 'LastWordsEnded' | 'DyingNoteOwed' | 'DyingNoteLeft' | 'BloodNamed' | 'SilenceBroken' | 'SpeechShortened' | 'StatementMade';
}>;

/** Folds a day event (game/apply.ts `applyEvent`: `s` is the state before it, read before any write). */
export function applyDayEvent(f: StateWriter, s: GameState, e: DayEvent): boolean {
  switch (e.type) {
    case 'SpeechEnded': {
      const skippedAlive = e.skipped && s.alive[e.seat - 1];
      if (e.skipped) f.m().missNextSpeech = with1(s.missNextSpeech, e.seat, false);
      const d = f.d();
      d.speakerIndex = d.speakerIndex + 1;
      if (skippedAlive) d.silenced = append(d.silenced, e.seat);
      if (d.shortSpeech !== null) d.shortSpeech = null;
      return true;
    }
    case 'DayStarted': {
      const lastFirstSpeaker = e.speakers.length ? e.speakers[0] : s.lastFirstSpeaker;
      const lastLastSpeaker = e.speakers.length ? e.speakers[e.speakers.length - 1] : s.lastLastSpeaker;
      const m = f.m();
      m.phase = { kind: 'day', n: e.n };
      m.night = null;
      m.leftThisPhase = false;
      m.lastFirstSpeaker = lastFirstSpeaker;
      m.lastLastSpeaker = lastLastSpeaker;
      if (s.pendingRemovals.length > 0) m.pendingRemovals = NO_PENDING;
      m.cancelNextVote = false;
      // An alibi or a silence holds for the day after its night only, not for an emergency day after it (R-VOTE-9, R-VOTE-11).
      if (e.emergency && (m.alibi.length > 0 || m.silenced.length > 0)) {
        m.alibi = NO_SEATS;
        m.silenced = NO_SEATS;
      }
      f.setDay({
        n: e.n,
        emergency: e.emergency,
        stage: e.lastWords.length ? 'lastWords' : 'speeches',
        lastWords: e.lastWords,
        speakers: e.speakers,
        speakerIndex: 0,
        silenced: [],
        nominations: [],
        round: 0,
        candidates: [],
        ballots: [],
        lift: [],
        tally: null,
        left: [],
        voteCancelled: e.voteCancelled,
        outcome: null,
        circle: null,
        victims: e.victims ?? NO_SEATS,
        blood: NO_BLOOD,
        dyingNote: null,
        spoke: NO_SEATS,
        rakeChoice: null,
        shortSpeech: null,
      });
      return true;
    }
    case 'BestMoveMade':
      f.m().bestMove = { by: e.by, named: e.named };
      return true;
    case 'StatementMade': {
      // A night's statement (the mafia's meeting) belongs to the day that follows the night.
      const p = s.phase;
      f.m().said = append(s.said, p.kind === 'night' ? { day: p.n, by: e.by, statement: e.statement, night: p.n } : { day: p.kind === 'day' ? p.n : 0, by: e.by, statement: e.statement });
      return true;
    }
    case 'LastWordsEnded': {
      // Each leaving player has his own last word (issue 11); with no seat, every one ends (older logs).
      const d = f.d();
      const rest = e.seat === undefined ? NO_SEATS : without(d.lastWords, e.seat);
      d.lastWords = rest;
      if (rest.length === 0) d.stage = d.outcome === null ? 'speeches' : 'evening';
      return true;
    }
    case 'DyingNoteOwed':
      f.d().dyingNote = { by: e.by, named: null };
      return true;
    case 'DyingNoteLeft':
      f.d().dyingNote = { by: e.by, named: e.named };
      return true;
    case 'BloodNamed': {
      const d = f.d();
      d.blood = append(d.blood, [e.by, e.target] as const);
      return true;
    }
    case 'SilenceBroken': {
      const d = f.d();
      d.spoke = append(d.spoke, e.seat);
      // A ballot he cast already this round no longer counts (R-VOTE-11).
      if (d.stage === 'vote' && d.ballots[e.seat - 1] !== 0) d.ballots = with1(d.ballots, e.seat, 0);
      return true;
    }
    case 'SpeechShortened': {
      f.m().missNextSpeech = with1(s.missNextSpeech, e.seat, false);
      f.d().shortSpeech = e.seat;
      return true;
    }
  }
}
