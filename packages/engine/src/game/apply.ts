import type { SeatNo } from '../ids.js';
import { roleIn } from '../roles/registry.js';
import type { GameEvent } from './events.js';
import type { ActResult, CheckRecord, DayState, GameSetup, GameState, NightAct, PastAct, PendingRemoval, RemovalReason } from '../model/state.js';

/** R-PHASE-3 (Piter): the executed players owed a last word: no check or compare act, not mafia. */
function piterLastWords(s: GameState, seats: readonly SeatNo[]): readonly SeatNo[] {
  return seats.filter((seat) => {
    if (s.teams[seat - 1] === 'mafia') return false;
    const def = roleIn(s.setup.preset, s.roles[seat - 1]);
    return def === undefined || !def.acts.some((a) => a.act === 'check' || a.act === 'compare');
  });
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const with1 = <T>(arr: readonly T[], seat: number, value: T): T[] => {
  const out = arr.slice();
  out[seat - 1] = value;
  return out;
};

/** `[...arr, value]` without the spread (array spread goes through the iterator protocol). */
function append<T>(arr: readonly T[], value: T): T[] {
  const n = arr.length;
  const out = new Array<T>(n + 1);
  for (let k = 0; k < n; k++) out[k] = arr[k];
  out[n] = value;
  return out;
}

/** `arr` without `value` (a new list; `arr` is never written into). */
function without<T>(arr: readonly T[], value: T): T[] {
  const out: T[] = [];
  for (let k = 0; k < arr.length; k++) if (arr[k] !== value) out.push(arr[k]);
  return out;
}

/** A new list of `n` zeros. */
const zeros = (n: number): number[] => filled(n, 0);

/** A new list of `n` times `value`, built by push: a packed array (no holes for V8 to check on reads). */
function filled<T>(n: number, value: T): T[] {
  const out: T[] = [];
  for (let k = 0; k < n; k++) out.push(value);
  return out;
}

function killAll(alive: readonly boolean[], seats: readonly SeatNo[]): boolean[] {
  const out = alive.slice();
  for (const s of seats) out[s - 1] = false;
  return out;
}

const NO_SEATS: readonly SeatNo[] = Object.freeze([]);
const NO_PAST: readonly NightAct[] = Object.freeze([]);
const NO_BLOOD: DayState['blood'] = Object.freeze([]);
const NO_PENDING: readonly PendingRemoval[] = Object.freeze([]);

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

/**
 * The dealt teams, built by push: `map` makes arrays of another elements kind once V8 optimizes the
 * caller, which deoptimizes every hot function that reads `teams` (see setup.ts, `modifications`).
 */
function teamsOf(setup: GameSetup): GameState['teams'] {
  const teams: GameState['teams'][number][] = [];
  for (let i = 0; i < setup.roles.length; i++) teams.push(roleIn(setup.preset, setup.roles[i])!.team);
  return teams;
}

export function initialState(setup: GameSetup): GameState {
  const n = setup.roles.length;
  return {
    setup,
    options: setup.options,
    seats: n,
    roles: setup.roles,
    teams: teamsOf(setup),
    alive: filled(n, true),
    fouls: filled(n, 0),
    missNextSpeech: filled(n, false),
    removed: [],
    rng: setup.seed,
    phase: { kind: 'day', n: 0 },
    night: null,
    day: null,
    lastFirstSpeaker: 0,
    quietPhases: 0,
    leftThisPhase: false,
    cancelNextVote: false,
    dayOneLeft: 0,
    firstKill: null,
    bestMove: null,
    checks: [],
    pastActs: [],
    alibi: [],
    silenced: [],
    useful: filled(n, 0),
    techFouls: filled(n, 0),
    removedFor: filled<RemovalReason | null>(n, null),
    pendingRemovals: NO_PENDING,
    teamDefeat: null,
    extraPoints: filled(n, 0),
    quietNights: 0,
    lastLastSpeaker: 0,
    final: null,
    winner: null,
    winners: [],
    seq: 1,
  };
}

/*
 * Shallow copies written out field by field rather than `{ ...s }`: every copy then has the one
 * shape of this literal, where spread copies drift into several shapes and V8's copy becomes
 * megamorphic (several times slower). The return types make the compiler refuse a missing field.
 */
function cloneState(s: GameState): Mutable<GameState> {
  return {
    setup: s.setup,
    options: s.options,
    seats: s.seats,
    roles: s.roles,
    teams: s.teams,
    alive: s.alive,
    fouls: s.fouls,
    missNextSpeech: s.missNextSpeech,
    removed: s.removed,
    rng: s.rng,
    phase: s.phase,
    night: s.night,
    day: s.day,
    lastFirstSpeaker: s.lastFirstSpeaker,
    quietPhases: s.quietPhases,
    leftThisPhase: s.leftThisPhase,
    cancelNextVote: s.cancelNextVote,
    dayOneLeft: s.dayOneLeft,
    firstKill: s.firstKill,
    bestMove: s.bestMove,
    checks: s.checks,
    pastActs: s.pastActs,
    alibi: s.alibi,
    silenced: s.silenced,
    useful: s.useful,
    techFouls: s.techFouls,
    removedFor: s.removedFor,
    pendingRemovals: s.pendingRemovals,
    teamDefeat: s.teamDefeat,
    extraPoints: s.extraPoints,
    quietNights: s.quietNights,
    lastLastSpeaker: s.lastLastSpeaker,
    final: s.final,
    winner: s.winner,
    winners: s.winners,
    seq: s.seq,
  };
}

function cloneDay(d: DayState): Mutable<DayState> {
  return {
    n: d.n,
    emergency: d.emergency,
    stage: d.stage,
    lastWords: d.lastWords,
    speakers: d.speakers,
    speakerIndex: d.speakerIndex,
    silenced: d.silenced,
    nominations: d.nominations,
    round: d.round,
    candidates: d.candidates,
    ballots: d.ballots,
    lift: d.lift,
    tally: d.tally,
    left: d.left,
    voteCancelled: d.voteCancelled,
    outcome: d.outcome,
    circle: d.circle,
    victims: d.victims,
    blood: d.blood,
    dyingNote: d.dyingNote,
    spoke: d.spoke,
    rakeChoice: d.rakeChoice,
    shortSpeech: d.shortSpeech,
  };
}

/**
 * A copy of a state that a caller may give to `decideInPlace`: the state object and its day are new
 * (arrays and other parts are shared: they are never written into).
 */
export function ownedCopy(s: GameState): GameState {
  const c = cloneState(s);
  if (c.day !== null) c.day = cloneDay(c.day);
  return c;
}

/** Folds one event into the state. Pure: the input state is never changed. */
export function apply(s: GameState, e: GameEvent): GameState {
  const f = new Fold(s);
  f.apply(e);
  return f.state;
}

/**
 * Folds events one after another into a private copy of a state. The copy of the state (and of its
 * day) is made once, at the first change, and then updated in place, so that a command's events
 * cost one copy rather than one per event. The state given to the constructor is never changed,
 * nor is any array of any state: arrays are always replaced, never written into.
 * The result is the same as folding each event with `apply`.
 */
export class Fold {
  private own: boolean;
  private ownDay: boolean;

  /**
   * `inPlace`: the caller owns `state` and its day and gives them up; they are then written into
   * directly, with no copy (`decideInPlace`, the simulator's fast path). Arrays are still never
   * written into, only replaced, so a view or an earlier event that holds one never sees it change.
   */
  constructor(public state: GameState, inPlace = false) {
    this.own = inPlace;
    this.ownDay = inPlace;
  }

  apply(e: GameEvent): void {
    if (e.type === 'GameCreated') {
      this.state = initialState(e.setup);
      this.own = true;
      this.ownDay = false;
      return;
    }
    // Every event counts, even one that changes nothing else: `seq` is the log position.
    applyEvent(this, this.state, e);
    this.m().seq++;
  }

  /** Starts over on `state` (as the constructor does). */
  reset(state: GameState, inPlace: boolean): void {
    this.state = state;
    this.own = inPlace;
    this.ownDay = inPlace;
  }

  /** The state, writable: copied at the first write. */
  m(): Mutable<GameState> {
    if (!this.own) {
      this.state = cloneState(this.state);
      this.own = true;
      this.ownDay = false;
    }
    return this.state as Mutable<GameState>;
  }

  /** The day, writable: copied at the first write. */
  d(): Mutable<DayState> {
    const m = this.m();
    if (!this.ownDay) {
      m.day = cloneDay(m.day as DayState);
      this.ownDay = true;
    }
    return m.day as Mutable<DayState>;
  }

  /** Replaces the day with a new object (owned) or null. */
  setDay(day: DayState | null): void {
    this.m().day = day;
    this.ownDay = day !== null;
  }
}

/**
 * One event: writes its effect through `f` and says whether anything changed. `s` is the state
 * before the event; once written through `f` it may be the same object, so every case reads what
 * it needs before it writes.
 */
function applyEvent(f: Fold, s: GameState, e: GameEvent): boolean {
  switch (e.type) {
    // The most frequent events first: a switch on strings compares its cases one by one.
    case 'VoteCast': {
      const d = f.d();
      d.ballots = with1(d.ballots, e.by, e.target);
      return true;
    }
    case 'SpeechEnded': {
      const skippedAlive = e.skipped && s.alive[e.seat - 1];
      if (e.skipped) f.m().missNextSpeech = with1(s.missNextSpeech, e.seat, false);
      const d = f.d();
      d.speakerIndex = d.speakerIndex + 1;
      if (skippedAlive) d.silenced = append(d.silenced, e.seat);
      if (d.shortSpeech !== null) d.shortSpeech = null;
      return true;
    }
    case 'Nominated': {
      const d = f.d();
      d.nominations = append(d.nominations, [e.by, e.target] as const);
      return true;
    }
    case 'GameCreated':
      throw new Error('GameCreated is folded by Fold.apply');
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
    case 'LastWordsEnded': {
      // Each leaving player has his own last word (issue 11); with no seat, every one ends (older logs).
      const d = f.d();
      const rest = e.seat === undefined ? NO_SEATS : without(d.lastWords, e.seat);
      d.lastWords = rest;
      if (rest.length === 0) d.stage = d.outcome === null ? 'speeches' : 'evening';
      return true;
    }
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
    case 'GameEnded': {
      const m = f.m();
      m.phase = { kind: 'ended' };
      m.winner = e.winner;
      m.winners = e.winners;
      if (e.final !== undefined) m.final = e.final;
      return true;
    }
    case 'HostOverride': {
      const a = e.action;
      if (a.kind === 'eliminate') f.m().alive = with1(s.alive, a.seat, false);
      else if (a.kind === 'revive') f.m().alive = with1(s.alive, a.seat, true);
      else return false;
      return true;
    }
    case 'RoleChanged': {
      const m = f.m();
      m.roles = with1(s.roles, e.seat, e.role);
      m.teams = with1(s.teams, e.seat, e.team);
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
    case 'CircleSet':
      f.d().circle = { from: e.from, dir: e.dir };
      return true;
    case 'SilenceBroken': {
      const d = f.d();
      d.spoke = append(d.spoke, e.seat);
      // A ballot he cast already this round no longer counts (R-VOTE-11).
      if (d.stage === 'vote' && d.ballots[e.seat - 1] !== 0) d.ballots = with1(d.ballots, e.seat, 0);
      return true;
    }
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
    case 'SpeechShortened': {
      f.m().missNextSpeech = with1(s.missNextSpeech, e.seat, false);
      f.d().shortSpeech = e.seat;
      return true;
    }
    case 'RoleAnnounced':
    case 'VictimListSet':
    case 'SeatsIdle':
      return false;
    case 'PlayerDied': {
      const m = f.m();
      m.alive = with1(s.alive, e.seat, false);
      m.leftThisPhase = true;
      m.quietNights = 0;
      return true;
    }
    case 'Undone':
      // Undo is resolved at the log level (game/log.ts): a state alone cannot forget events.
      return false;
  }
}
