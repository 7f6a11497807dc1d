import type { SeatNo } from '../ids.js';
import { roleOf } from '../roles/registry.js';
import type { GameEvent } from './events.js';
import type { DayState, GameSetup, GameState } from './state.js';

const with1 = <T>(arr: readonly T[], seat: number, value: T): T[] => {
  const out = arr.slice();
  out[seat - 1] = value;
  return out;
};

function killAll(alive: readonly boolean[], seats: readonly SeatNo[]): boolean[] {
  const out = alive.slice();
  for (const s of seats) out[s - 1] = false;
  return out;
}

export function initialState(setup: GameSetup): GameState {
  const n = setup.roles.length;
  return {
    setup,
    options: setup.options,
    seats: n,
    roles: setup.roles,
    teams: setup.roles.map((r) => roleOf(r).team),
    alive: new Array<boolean>(n).fill(true),
    fouls: new Array<number>(n).fill(0),
    missNextSpeech: new Array<boolean>(n).fill(false),
    removed: [],
    rng: setup.seed,
    phase: { kind: 'day', n: 0 },
    night: null,
    day: null,
    lastFirstSpeaker: 0,
    quietPhases: 0,
    cancelNextVote: false,
    dayOneLeft: 0,
    firstKill: null,
    bestMove: null,
    checks: [],
    useful: new Array<number>(n).fill(0),
    winner: null,
    winners: [],
    seq: 1,
  };
}

const setDay = (s: GameState, patch: Partial<DayState>): GameState => ({ ...s, day: { ...(s.day as DayState), ...patch } });

/** Folds one event into the state. Pure: the input state is never changed. */
export function apply(s: GameState, e: GameEvent): GameState {
  if (e.type === 'GameCreated') return initialState(e.setup);
  const next = applyEvent(s, e);
  return next === s ? s : { ...next, seq: s.seq + 1 };
}

function applyEvent(s: GameState, e: GameEvent): GameState {
  switch (e.type) {
    case 'GameCreated':
      return initialState(e.setup);
    case 'NightStarted':
      return { ...s, phase: { kind: 'night', n: e.n }, night: { n: e.n, acts: [] }, day: null };
    case 'ActRecorded':
      return { ...s, night: { n: s.night!.n, acts: [...s.night!.acts, e.act] } };
    case 'NightResolved': {
      let useful = s.useful;
      for (const seat of e.useful) useful = with1(useful, seat, useful[seat - 1] + 1);
      const checks = s.checks.concat(e.results.map((r) => ({ ...r, night: e.n })));
      return {
        ...s,
        alive: e.died.length ? killAll(s.alive, e.died) : s.alive,
        quietPhases: e.died.length ? 0 : s.quietPhases + 1,
        firstKill: s.firstKill === null && e.died.length ? { night: e.n, victims: e.died } : s.firstKill,
        checks,
        useful,
      };
    }
    case 'DayStarted':
      return {
        ...s,
        phase: { kind: 'day', n: e.n },
        night: null,
        lastFirstSpeaker: e.speakers.length ? e.speakers[0] : s.lastFirstSpeaker,
        cancelNextVote: false,
        day: {
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
        },
      };
    case 'BestMoveMade':
      return { ...s, bestMove: { by: e.by, named: e.named } };
    case 'LastWordsEnded': {
      const day = s.day!;
      return setDay(s, { stage: day.outcome === null ? 'speeches' : 'evening', lastWords: [] });
    }
    case 'Nominated':
      return setDay(s, { nominations: [...s.day!.nominations, [e.by, e.target] as const] });
    case 'SpeechEnded': {
      const missNextSpeech = e.skipped ? with1(s.missNextSpeech, e.seat, false) : s.missNextSpeech;
      const silenced = e.skipped && s.alive[e.seat - 1] ? [...s.day!.silenced, e.seat] : s.day!.silenced;
      return { ...setDay(s, { speakerIndex: s.day!.speakerIndex + 1, silenced }), missNextSpeech };
    }
    case 'Fouled': {
      const silence = e.total === s.options.foulsToSilence;
      return {
        ...s,
        fouls: with1(s.fouls, e.seat, e.total),
        missNextSpeech: silence ? with1(s.missNextSpeech, e.seat, true) : s.missNextSpeech,
      };
    }
    case 'PlayerRemoved': {
      let next: GameState = { ...s, alive: with1(s.alive, e.seat, false), removed: [...s.removed, e.seat] };
      if (s.phase.kind === 'night') next = { ...next, quietPhases: 0 };
      const day = s.day;
      if (day && s.phase.kind === 'day') {
        const decided = day.outcome !== null;
        const cancel = s.options.removalCancelsVote;
        next = {
          ...next,
          quietPhases: 0,
          cancelNextVote: next.cancelNextVote || (cancel && decided),
          day: {
            ...day,
            left: decided ? day.left : [...day.left, e.seat],
            voteCancelled: day.voteCancelled || (cancel && !decided),
            speakers: day.speakers,
          },
        };
      } else if (s.options.removalCancelsVote && s.phase.kind === 'night') {
        next = { ...next, cancelNextVote: true };
      }
      return next;
    }
    case 'VoteOpened':
      return setDay(s, {
        stage: 'vote',
        round: e.round,
        candidates: e.candidates,
        ballots: new Array<number>(s.seats).fill(0),
      });
    case 'VoteCast':
      return setDay(s, { ballots: with1(s.day!.ballots, e.by, e.target) });
    case 'VoteCounted':
      return setDay(s, { tally: e.tally });
    case 'LiftVoteOpened':
      return setDay(s, { stage: 'lift', candidates: e.tied, lift: new Array<number>(s.seats).fill(0) });
    case 'LiftVoteCast':
      return setDay(s, { lift: with1(s.day!.lift, e.by, e.leave ? 1 : 2) });
    case 'LiftVoteCounted':
      return s;
    case 'DayResolved': {
      const day = s.day!;
      const anyLeft = e.left.length > 0;
      return {
        ...s,
        alive: e.eliminated.length ? killAll(s.alive, e.eliminated) : s.alive,
        quietPhases: anyLeft ? 0 : s.quietPhases + 1,
        dayOneLeft: e.n === 1 ? e.eliminated.length : s.dayOneLeft,
        day: {
          ...day,
          stage: e.eliminated.length ? 'lastWords' : 'evening',
          lastWords: e.eliminated,
          left: e.left,
          tally: e.tally,
          outcome: e.by,
        },
      };
    }
    case 'GameEnded':
      return { ...s, phase: { kind: 'ended' }, winner: e.winner, winners: e.winners };
    case 'HostOverride': {
      const a = e.action;
      if (a.kind === 'eliminate') return { ...s, alive: with1(s.alive, a.seat, false) };
      if (a.kind === 'revive') return { ...s, alive: with1(s.alive, a.seat, true) };
      return s;
    }
    case 'Undone':
      // Undo is resolved at the log level (game/log.ts): a state alone cannot forget events.
      return s;
  }
}
