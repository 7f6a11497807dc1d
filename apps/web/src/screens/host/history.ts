import type { EventType, ProjectedEvent, RoleId } from '@mafia/engine';

/**
 * The host console's history in words: every event type of the engine gets a sentence (keys
 * `history.event.<Type>` of the `host` namespace, a few with a variant such as
 * `DayStartedEmergency`). The table below is a Record over EventType, so a new event type fails
 * `tsc` until it has a sentence; test/host-history.test.ts checks both languages.
 */

export interface Sentence {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
}

type Of<T extends EventType> = Extract<ProjectedEvent, { type: T }>;
type Words = (e: ProjectedEvent) => Sentence;

const list = (seats: readonly number[]): string => seats.join(', № ');
const s = (key: string, params: Record<string, string | number> = {}): Sentence => ({ key: `history.event.${key}`, params });
/** A list of seats with its count, for the plural forms (`_zero`, `_one`, `_few`, `_many`, `_other`). */
const seats = (xs: readonly number[]) => ({ count: xs.length, seats: list(xs) });

const WORDS: { readonly [T in EventType]: (e: Of<T>) => Sentence } = {
  GameCreated: (e) => s('GameCreated', { preset: e.setup.preset, count: e.setup.roles.length }),
  NightStarted: (e) => s('NightStarted', { n: e.n }),
  ActRecorded: (e) => s('ActRecorded', { by: e.act.by, act: e.act.act, target: e.act.target }),
  NightResolved: (e) => s('NightResolved', { n: e.n, ...seats(e.died) }),
  RoleChanged: (e) => s('RoleChanged', { seat: e.seat, role: e.role }),
  RoleAnnounced: (e) => s('RoleAnnounced', { role: e.role }),
  PlayerDied: (e) => s('PlayerDied', { seat: e.seat }),
  VictimListSet: (e) => s('VictimListSet', seats(e.seats)),
  DayStarted: (e) => s(e.emergency ? 'DayStartedEmergency' : 'DayStarted', { n: e.n }),
  BloodNamed: (e) => s('BloodNamed', { by: e.by, target: e.target }),
  CircleSet: (e) => s(e.dir === 'up' ? 'CircleSet' : 'CircleSetDown', { from: e.from }),
  SilenceBroken: (e) => s('SilenceBroken', { seat: e.seat }),
  RakeChoiceOpened: (e) => s('RakeChoiceOpened', { by: e.by }),
  RakeTook: (e) => s('RakeTook', { by: e.by, target: e.target }),
  BestMoveMade: (e) => s('BestMoveMade', { by: e.by, seats: list(e.named) }),
  LastWordsEnded: (e) => (e.seat === undefined ? s('LastWordsEnded') : s('LastWordsEndedSeat', { seat: e.seat })),
  SeatsIdle: (e) => s(e.stage === 'night' ? 'SeatsIdleNight' : 'SeatsIdle', seats(e.seats)),
  DyingNoteOwed: (e) => s('DyingNoteOwed', { by: e.by }),
  DyingNoteLeft: (e) => s('DyingNoteLeft', { by: e.by, target: e.named }),
  Nominated: (e) => s('Nominated', { by: e.by, target: e.target }),
  StatementMade: (e) => statementSentence(e),
  SpeechEnded: (e) => s(e.skipped ? 'SpeechSkipped' : 'SpeechEnded', { seat: e.seat }),
  Fouled: (e) => s('Fouled', { seat: e.seat, count: e.total }),
  // The reasons before `fiim` keep their own sentences; FIIM's (R-FIIM-12..15) name the reason.
  PlayerRemoved: (e) => (e.reason === 'fouls' ? s('PlayerRemovedFouls', { seat: e.seat }) : e.reason === 'host' ? s('PlayerRemoved', { seat: e.seat }) : s('PlayerRemovedFor', { seat: e.seat, reason: e.reason })),
  TechFouled: (e) => s('TechFouled', { seat: e.seat, count: e.total }),
  RemovalPending: (e) => s('RemovalPending', { seat: e.seat, reason: e.reason }),
  PenaltyRecorded: (e) => s('PenaltyRecorded', { seat: e.seat, reason: e.reason }),
  TeamDefeatRecorded: (e) => s('TeamDefeatRecorded', { seat: e.seat }),
  ExtraPointsGiven: (e) => s('ExtraPointsGiven', { seat: e.seat, points: signedPoints(e.points) }),
  SpeechShortened: (e) => s('SpeechShortened', { seat: e.seat }),
  DefenceStarted: (e) => s('DefenceStarted', seats(e.candidates)),
  VoteOpened: (e) => s('VoteOpened', { round: e.round + 1, ...seats(e.candidates) }),
  VoteCast: (e) => s('VoteCast', { by: e.by, target: e.target }),
  VoteCounted: (e) => s(e.tied.length > 1 ? 'VoteCountedTie' : 'VoteCounted', { round: e.round + 1, tally: tallyText(e.tally), seats: list([...e.tied].sort((a, b) => a - b)) }),
  LiftVoteOpened: (e) => s('LiftVoteOpened', seats(e.tied)),
  LiftVoteCast: (e) => s(e.leave ? 'LiftVoteCast' : 'LiftVoteCastAgainst', { by: e.by }),
  LiftVoteCounted: (e) => s(e.leave ? 'LiftVoteCounted' : 'LiftVoteCountedStay', { for: e.for, against: e.against }),
  DayResolved: (e) => s('DayResolved', { n: e.n, ...seats(e.eliminated) }),
  GameEnded: (e) => (e.final && e.final.length > 0 ? s('GameEndedFinal', { winner: e.winner, seats: list(e.final) }) : s('GameEnded', { winner: e.winner })),
  HostOverride: (e) =>
    e.action.kind === 'endGame' ? s('HostOverrideEnd', { winner: e.action.winner }) : s(e.action.kind === 'eliminate' ? 'HostOverride' : 'HostOverrideRevive', { seat: e.action.seat }),
  Undone: (e) => s('Undone', { count: e.count }),
};

/** A statement in the speaker's words (issue 27): one sentence per kind, chosen by i18next's context. */
function statementSentence(e: Of<'StatementMade'>): Sentence {
  const st = e.statement;
  switch (st.kind) {
    case 'claim': return s('StatementMade', { by: e.by, role: st.role, context: 'claim' });
    case 'checked': return s('StatementMade', { by: e.by, target: st.target, night: st.night, context: st.color === 'red' ? 'checkedRed' : 'checkedBlack' });
    case 'version': return s('StatementMade', { by: e.by, seats: list(st.seats), context: 'version' });
    case 'plan': return s('StatementMade', { by: e.by, shots: st.shots.map((x) => `${x.night}: № ${x.target}`).join(', '), context: 'plan' });
    default: return s('StatementMade', { by: e.by, target: st.target, context: st.kind });
  }
}

/** Points with their sign, as the referee says them: «+0.3», «−0.2» (a true minus sign). */
export function signedPoints(p: number): string {
  return `${p > 0 ? '+' : p < 0 ? '−' : ''}${Math.abs(p)}`;
}

/** «№ 3 — 4, № 5 — 2»: a round's count, highest first. */
export function tallyText(tally: Readonly<Record<string, number>>): string {
  return Object.entries(tally)
    .sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))
    .map(([seat, n]) => `№ ${seat} — ${n}`)
    .join(', ');
}

/** The sentence of one event (its key and raw parameters: role, act, preset and winner are ids). */
export function sentenceOf(e: ProjectedEvent): Sentence {
  return (WORDS[e.type] as Words)(e);
}

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** The event in words: ids (role, act, removal reason, preset, winner) named in the console's language. */
export function describeEvent(e: ProjectedEvent, t: Tx): string {
  const { key, params } = sentenceOf(e);
  const p: Record<string, unknown> = { ...params };
  if (typeof p.role === 'string') p.role = t(`roles.${p.role as RoleId}`, { ns: 'common' });
  if (typeof p.act === 'string') p.act = t(`act.names.${p.act}`);
  if (typeof p.reason === 'string') p.reason = t(`history.reason.${p.reason}`);
  if (typeof p.preset === 'string') p.preset = t(`presets.${p.preset}`, { ns: 'common' });
  if (typeof p.winner === 'string') {
    const w = p.winner;
    p.winner = w === 'town' || w === 'mafia' || w === 'draw' ? t(`winners.${w}`) : t(`roles.${w}`, { ns: 'common' });
  }
  return t(key, p);
}
