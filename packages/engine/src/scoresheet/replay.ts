import type { RoleId, SeatNo } from '../ids.js';
import { fail, RuleViolation, type RuleError } from '../errors.js';
import { createGame, transitionHolding, type Game } from '../game/game.js';
import { HOST, type Command } from '../game/commands.js';
import { allowedAfterEnd } from '../game/host-commands.js';
import type { GameEvent } from '../game/events.js';
import { buildResult, TimelineCollector, type ProtocolResult, type TimelineEntry } from './result.js';
import { expectArray, expectInt, expectObject, onlyKeys, seatKey } from './shape.js';
import { ballotRule, procedureRule } from '../voting/tally.js';

export type ReplayOutcome = { readonly ok: true; readonly result: ProtocolResult } | { readonly ok: false; readonly error: RuleError };

const TOP_KEYS = ['format', 'preset', 'options', 'seats', 'names', 'modifications', 'immune', 'steps'];
const NIGHT_KEYS = ['night', 'acts', 'fouls', 'techFouls', 'removed', 'teamDefeat', 'extraPoints'];
const ACT_KEYS = ['by', 'act', 'target', 'target2', 'role'];
const DAY_KEYS = [
  'day', 'fouls', 'removed', 'bestMove', 'nominations', 'votes', 'circle', 'revote', 'liftAll', 'rakeTakes', 'blood',
  'techFouls', 'foulsAfterVote', 'removedAfterVote', 'teamDefeat', 'extraPoints',
];
/** spec/protocol.md "Tournament fields": an error outside `fiim`. */
const FIIM_DAY_KEYS = ['techFouls', 'foulsAfterVote', 'removedAfterVote', 'teamDefeat', 'extraPoints'];
const FIIM_NIGHT_KEYS = ['fouls', 'techFouls', 'removed', 'teamDefeat', 'extraPoints'];

/**
 * Replays a game protocol (spec/protocol.md) through the engine, as `mafia replay` does.
 * The protocol is a script of host commands: every rule the engine enforces applies to it.
 */
export function replayProtocol(doc: unknown): ReplayOutcome {
  try {
    return { ok: true, result: replay(doc) };
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, error: e.error };
    throw e;
  }
}

class Replayer {
  private readonly collector: TimelineCollector;
  constructor(public game: Game) {
    const p = game.state.phase;
    this.collector = new TimelineCollector(game.state.options.fiim, p.kind === 'ended' ? null : { kind: p.kind, n: p.n });
  }

  /** `holdEvening`: a day the command closes waits at its evening (see Draft.holdEvening). */
  run(cmd: Command, path: string, holdEvening = false): readonly GameEvent[] {
    const t = transitionHolding(this.game, cmd, HOST, holdEvening);
    if (!t.ok) throw new RuleViolation({ ...t.error, path: t.error.path ?? path });
    this.game = t.game;
    for (const e of t.events) this.collector.add(e);
    return t.events;
  }

  get timeline(): readonly TimelineEntry[] {
    return this.collector.timeline;
  }

  /** Seats whose role changed (RoleChanged events), with the latest role. */
  get roles(): Readonly<Record<string, RoleId>> {
    return this.collector.roles;
  }

  get state() {
    return this.game.state;
  }
}

function replay(doc: unknown): ProtocolResult {
  const p = expectObject(doc, 'protocol');
  onlyKeys(p, TOP_KEYS, '');
  if (p.format !== undefined && p.format !== 'mafia-protocol/1') {
    fail('bad-format', 'INPUT', `format must be "mafia-protocol/1", got ${JSON.stringify(p.format)}`, 'format');
  }
  if (p.preset === undefined) fail('bad-field', 'INPUT', 'the protocol needs a "preset"', 'preset');
  if (p.seats === undefined) fail('bad-field', 'INPUT', 'the protocol needs "seats" (a role id per seat)', 'seats');
  if (p.options !== undefined) expectObject(p.options, 'options');
  expectArray(p.seats, 'seats');
  if (p.names !== undefined) expectArray(p.names, 'names');
  if (p.modifications !== undefined) expectArray(p.modifications, 'modifications');
  if (p.immune !== undefined) expectArray(p.immune, 'immune');
  const created = createGame({
    preset: p.preset as string,
    options: p.options as Record<string, unknown> | undefined,
    roles: p.seats as string[],
    names: p.names as string[] | undefined,
    modifications: p.modifications as string[] | undefined,
    immune: p.immune as number[] | undefined,
  });
  if (!created.ok) throw new RuleViolation(created.error);
  return replaySteps(created.game, p.steps === undefined ? [] : expectArray(p.steps, 'steps'));
}

/**
 * Replays protocol steps on a game already set up (the protocol's `steps`). Exported for tests that
 * set a game up by other means than a protocol's header.
 */
export function replayGame(game: Game, steps: readonly unknown[]): ReplayOutcome {
  try {
    return { ok: true, result: replaySteps(game, steps) };
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, error: e.error };
    throw e;
  }
}

function replaySteps(game: Game, steps: readonly unknown[]): ProtocolResult {
  const r = new Replayer(game);
  steps.forEach((raw, i) => {
    const path = `steps[${i}]`;
    const step = expectObject(raw, path);
    const before = r.timeline.length;
    if ('night' in step) nightStep(r, step, path);
    else if ('day' in step) dayStep(r, step, path);
    else fail('bad-step', 'INPUT', `${path} must have "night" or "day"`, path);
    if (r.timeline.length !== before + 1) fail('incomplete-step', 'INPUT', `${path} did not complete its ${'night' in step ? 'night' : 'day'}`, path);
  });
  return buildResult(r.state, r.timeline, r.roles);
}

function expectPhase(r: Replayer, kind: 'night' | 'day', n: number, path: string): void {
  const s = r.state;
  if (s.phase.kind === 'ended') fail('game-over', 'R-WIN-0', `${path}: the game is already over (winner: ${s.winner}); no more steps`, path);
  const phase = s.phase;
  const expected = phase.kind === 'night' ? `night ${phase.n}` : `day ${phase.n}`;
  if (phase.kind === kind && phase.n === n) return;
  if (kind === 'night' && !s.options.nights) fail('no-nights', 'R-PHASE-5', `${path}: the ${s.setup.preset} preset has no nights`, path);
  if (kind === 'night' && s.phase.kind === 'day' && s.day?.emergency && s.phase.n === n) {
    fail('emergency-day', 'R-PHASE-4', `${path}: an emergency day ${n} replaces night ${n}`, path);
  }
  fail('wrong-step', 'R-PHASE', `${path}: expected ${expected}, got ${kind} ${n}`, path);
}

function nightStep(r: Replayer, step: Record<string, unknown>, path: string): void {
  onlyKeys(step, NIGHT_KEYS, path);
  const n = expectInt(step.night, `${path}.night`);
  expectPhase(r, 'night', n, `${path}.night`);
  onlyInFiim(r, step, FIIM_NIGHT_KEYS, path);
  checkPenaltyShape(step, path);
  const acts = step.acts === undefined ? [] : expectArray(step.acts, `${path}.acts`);
  acts.forEach((raw, j) => {
    const ap = `${path}.acts[${j}]`;
    const a = expectObject(raw, ap);
    onlyKeys(a, ACT_KEYS, ap);
    if (typeof a.act !== 'string') fail('bad-field', 'INPUT', `${ap}.act must be an ability name`, `${ap}.act`);
    const cmd: Command = {
      type: 'act',
      by: expectInt(a.by, `${ap}.by`) as SeatNo,
      act: a.act as Command extends infer C ? (C extends { type: 'act'; act: infer K } ? K : never) : never,
      target: expectInt(a.target, `${ap}.target`) as SeatNo,
      ...(a.target2 !== undefined ? { target2: expectInt(a.target2, `${ap}.target2`) as SeatNo } : {}),
      ...(a.role !== undefined ? { role: a.role as never } : {}),
    };
    r.run(cmd, ap);
  });
  // R-FIIM-11/12/15/16: fouls, removals, a team defeat and extra points given during the night (the
  // engine applies the removals when the night ends, after its shot).
  const penalties = penaltiesOf(step, path);
  for (const p of penalties) r.run(p.cmd, p.path);
  const extras = extraPointsOf(step, path);
  r.run({ type: 'endNight' }, path);
  const s = r.state;
  if (penalties.length > 0 && s.phase.kind === 'ended' && s.final !== null && s.options.gameEndSpeech === 'no') {
    fail('no-final-minute', 'R-FIIM-13', `${penalties[0].path}: the night's shot decided the game and option gameEndSpeech is "no": the game ended at once, so no foul or removal can follow`, penalties[0].path);
  }
  for (const p of extras) r.run(p.cmd, p.path);
}

/** A tournament field outside `fiim` is an error (spec/protocol.md "Tournament fields"). */
function onlyInFiim(r: Replayer, step: Record<string, unknown>, keys: readonly string[], path: string): void {
  if (r.state.options.fiim) return;
  for (const k of keys) {
    if (step[k] !== undefined) fail('not-in-preset', 'R-FIIM', `${path}.${k} is a tournament field of the fiim preset (this game: ${r.state.setup.preset})`, `${path}.${k}`);
  }
  if (Array.isArray(step.removed)) {
    step.removed.forEach((x, j) => {
      if (x !== null && typeof x === 'object') fail('not-in-preset', 'R-FIIM-12', `${path}.removed[${j}]: a removal's reason is recorded in the fiim preset only (this game: ${r.state.setup.preset})`, `${path}.removed[${j}]`);
    });
  }
}

interface Entry {
  readonly cmd: Command;
  readonly path: string;
}

/** `removed` entries: SEAT (disqualified) or {"seat": SEAT, "reason": "disqualified" | "left"} (R-FIIM-12). */
function removalCommand(raw: unknown, p: string): Command {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { type: 'remove', seat: expectInt(raw, p) as SeatNo };
  const o = expectObject(raw, p);
  onlyKeys(o, ['seat', 'reason'], p);
  const seat = expectInt(o.seat, `${p}.seat`) as SeatNo;
  if (o.reason === undefined) return { type: 'remove', seat };
  if (o.reason !== 'disqualified' && o.reason !== 'left') fail('bad-field', 'INPUT', `${p}.reason must be "disqualified" or "left", got ${JSON.stringify(o.reason)}`, `${p}.reason`);
  return { type: 'remove', seat, reason: o.reason };
}

/** Field types of the penalty fields, checked before anything is replayed. */
function checkPenaltyShape(step: Record<string, unknown>, path: string): void {
  for (const k of ['fouls', 'techFouls', 'foulsAfterVote']) {
    if (step[k] !== undefined) expectArray(step[k], `${path}.${k}`).forEach((x, j) => expectInt(x, `${path}.${k}[${j}]`));
  }
  for (const k of ['removed', 'removedAfterVote']) {
    if (step[k] !== undefined) expectArray(step[k], `${path}.${k}`).forEach((x, j) => removalCommand(x, `${path}.${k}[${j}]`));
  }
  if (step.teamDefeat !== undefined) expectInt(step.teamDefeat, `${path}.teamDefeat`);
  if (step.extraPoints !== undefined) {
    for (const [key, v] of Object.entries(expectObject(step.extraPoints, `${path}.extraPoints`))) {
      seatKey(key, `${path}.extraPoints`);
      if (typeof v !== 'number' || !Number.isFinite(v)) fail('bad-field', 'INPUT', `${path}.extraPoints.${key} must be a number, got ${JSON.stringify(v)}`, `${path}.extraPoints.${key}`);
    }
  }
}

/** The step's fouls, technical fouls, removals and team defeat as commands, in that order (`suffix`: "AfterVote"). */
function penaltiesOf(step: Record<string, unknown>, path: string, suffix = ''): Entry[] {
  const out: Entry[] = [];
  const fouls = step[`fouls${suffix}`];
  if (fouls !== undefined) expectArray(fouls, `${path}.fouls${suffix}`).forEach((x, j) => out.push({ cmd: { type: 'foul', seat: x as SeatNo }, path: `${path}.fouls${suffix}[${j}]` }));
  if (suffix === '' && step.techFouls !== undefined) expectArray(step.techFouls, `${path}.techFouls`).forEach((x, j) => out.push({ cmd: { type: 'techFoul', seat: x as SeatNo }, path: `${path}.techFouls[${j}]` }));
  const removed = step[`removed${suffix}`];
  if (removed !== undefined) expectArray(removed, `${path}.removed${suffix}`).forEach((x, j) => out.push({ cmd: removalCommand(x, `${path}.removed${suffix}[${j}]`), path: `${path}.removed${suffix}[${j}]` }));
  if (suffix === '' && step.teamDefeat !== undefined) out.push({ cmd: { type: 'teamDefeat', seat: step.teamDefeat as SeatNo }, path: `${path}.teamDefeat` });
  return out;
}

/** R-FIIM-16: the step's extra points as commands. */
function extraPointsOf(step: Record<string, unknown>, path: string): Entry[] {
  if (step.extraPoints === undefined) return [];
  // A seat listed with 0 (a club's export may list every seat) is given nothing.
  return Object.entries(expectObject(step.extraPoints, `${path}.extraPoints`)).filter(([, v]) => v !== 0).map(([key, v]) => ({
    cmd: { type: 'extraPoints', seat: seatKey(key, `${path}.extraPoints`) as SeatNo, points: v as number },
    path: `${path}.extraPoints.${key}`,
  }));
}

/**
 * The day step's field types (spec/protocol.md "Day step"), checked before any of them is replayed, so
 * that a malformed field is reported as such (INPUT) rather than as a stage the day did not reach.
 */
function checkDayShape(step: Record<string, unknown>, path: string): void {
  const ints = (v: unknown, p: string) => expectArray(v, p).forEach((x, j) => expectInt(x, `${p}[${j}]`));
  const ballots = (v: unknown, p: string) => {
    for (const [key, voters] of Object.entries(expectObject(v, p))) {
      seatKey(key, p);
      ints(voters, `${p}.${key}`);
    }
  };
  if (step.fouls !== undefined) ints(step.fouls, `${path}.fouls`);
  // `removed` (SEAT, or a fiim removal with its reason) is checked by checkPenaltyShape.
  const pairs = (v: unknown, p: string, shape: string) =>
    expectArray(v, p).forEach((raw, j) => {
      const pp = `${p}[${j}]`;
      if (!Array.isArray(raw) || raw.length !== 2) fail('bad-field', 'INPUT', `${pp} must be ${shape}`, pp);
      ints(raw, pp);
    });
  if (step.nominations !== undefined) pairs(step.nominations, `${path}.nominations`, '[BY, TARGET]');
  if (step.votes !== undefined) ballots(step.votes, `${path}.votes`);
  if (Array.isArray(step.revote)) step.revote.forEach((v, k) => ballots(v, `${path}.revote[${k}]`));
  else if (step.revote !== undefined) {
    const rv = step.revote;
    if (rv === null || typeof rv !== 'object') fail('bad-field', 'INPUT', `${path}.revote must be an object (TARGET: [VOTER, ...]) or an array of such objects`, `${path}.revote`);
    ballots(rv, `${path}.revote`);
  }
  if (step.liftAll !== undefined) ints(step.liftAll, `${path}.liftAll`);
  if (step.rakeTakes !== undefined) expectInt(step.rakeTakes, `${path}.rakeTakes`);
  if (step.circle !== undefined) expectObject(step.circle, `${path}.circle`);
  if (step.blood !== undefined) pairs(step.blood, `${path}.blood`, '[VICTIM, SUSPECT]');
  if (step.bestMove !== undefined) {
    const bp = `${path}.bestMove`;
    const bm = expectArray(step.bestMove, bp);
    if (bm.length !== 2 || !Array.isArray(bm[1])) fail('bad-field', 'INPUT', `${bp} must be [VICTIM, [S1, S2, S3]]`, bp);
    expectInt(bm[0], `${bp}[0]`);
    ints(bm[1], `${bp}[1]`);
  }
}

function dayStep(r: Replayer, step: Record<string, unknown>, path: string): void {
  onlyKeys(step, DAY_KEYS, path);
  const n = expectInt(step.day, `${path}.day`);
  expectPhase(r, 'day', n, `${path}.day`);
  checkDayShape(step, path);
  onlyInFiim(r, step, FIIM_DAY_KEYS, path);
  checkPenaltyShape(step, path);
  const fiim = r.state.options.fiim;
  const s0 = r.state;
  const voting = s0.options.voting;
  const voteRule = voting === 'two-stage' ? 'R-VOTE-7' : voting === 'circular' ? 'R-VOTE-8' : 'R-VOTE-6';
  if (step.circle !== undefined && voting !== 'circular') {
    fail('not-in-preset', 'R-VOTE-8', `${path}.circle: the ${s0.setup.preset} game does not vote in a circle (voting: ${voting})`, `${path}.circle`);
  }
  if (step.blood !== undefined && !s0.setup.modifications.includes('name-in-blood')) {
    fail('not-in-preset', 'R-MOD', `${path}.blood needs the name-in-blood modification in play`, `${path}.blood`);
  }
  const blood = step.blood === undefined ? [] : expectArray(step.blood, `${path}.blood`);
  const nameInBlood = () => {
    blood.forEach((raw, j) => {
      const bp = `${path}.blood[${j}]`;
      const pair = expectArray(raw, bp);
      if (pair.length !== 2) fail('bad-field', 'INPUT', `${bp} must be [VICTIM, SUSPECT]`, bp);
      r.run({ type: 'blood', by: expectInt(pair[0], `${bp}[0]`) as SeatNo, target: expectInt(pair[1], `${bp}[1]`) as SeatNo }, bp);
    });
  };
  // Morning: the night victims' last words, and the best move (R-SPORT-3).
  if (step.bestMove !== undefined) {
    const bm = expectArray(step.bestMove, `${path}.bestMove`);
    if (bm.length !== 2) fail('bad-field', 'INPUT', `${path}.bestMove must be [VICTIM, [S1, S2, S3]]`, `${path}.bestMove`);
    if (r.state.day?.stage !== 'lastWords') fail('no-best-move', 'R-SPORT-3', `${path}.bestMove: nobody was killed last night, so there is no best move`, `${path}.bestMove`);
    const named = expectArray(bm[1], `${path}.bestMove[1]`).map((x, i) => expectInt(x, `${path}.bestMove[1][${i}]`) as SeatNo);
    const by = expectInt(bm[0], `${path}.bestMove[0]`) as SeatNo;
    // Each victim has his own last word (issue 11): the ones before the author's end first.
    const words = () => r.state.day!.lastWords;
    if (words().includes(by)) while (words()[0] !== by) r.run({ type: 'endLastWords' }, path);
    r.run({ type: 'bestMove', by, named }, `${path}.bestMove`);
  }
  // The night victims name their killers in blood in the morning (R-MOD), before the speeches.
  nameInBlood();
  // R-FIIM-13: fouls and removals of the night's victims were given in their own last words, in the
  // morning; R-FIIM-15: a team defeat recorded in a day step takes effect at its end.
  const dayPenalties = penaltiesOf(step, path);
  const inMorning = (e: Entry): boolean => {
    const seat = (e.cmd as { seat: unknown }).seat;
    return fiim && e.cmd.type !== 'teamDefeat' && typeof seat === 'number' && r.state.day?.stage === 'lastWords' && r.state.day.lastWords.includes(seat as SeatNo) && !r.state.alive[seat - 1];
  };
  const morning = dayPenalties.filter(inMorning);
  for (const e of morning) r.run(e.cmd, e.path);
  for (const e of dayPenalties) if (e.cmd.type === 'teamDefeat') r.run(e.cmd, e.path);
  const later = dayPenalties.filter((e) => !morning.includes(e) && e.cmd.type !== 'teamDefeat');
  // Every victim's own last word, one after another (issue 11).
  while (r.state.day?.stage === 'lastWords') r.run({ type: 'endLastWords' }, path);

  // Speeches: nominations in speech order (R-VOTE-1), then fouls and removals (before the vote).
  const nominations = step.nominations === undefined ? [] : expectArray(step.nominations, `${path}.nominations`);
  nominations.forEach((raw, j) => {
    const np = `${path}.nominations[${j}]`;
    const pair = expectArray(raw, np);
    if (pair.length !== 2) fail('bad-field', 'INPUT', `${np} must be [BY, TARGET]`, np);
    r.run({ type: 'nominate', by: expectInt(pair[0], `${np}[0]`) as SeatNo, target: expectInt(pair[1], `${np}[1]`) as SeatNo }, np);
  });
  // Fouls and removals of the step are given after the speeches, before the vote, in the order written
  // (spec/protocol.md): a 3rd foul costs the next day's speech, and a removal cancels (sport, fiim) or
  // thins (classic) this day's vote. A removal of the last speaker that ends the speeches and cancels
  // the vote would close the day at once: the day waits at its evening, so that the entries written
  // after it are given in the day too, then closes (R-FIIM-12, R-SPORT-1).
  const sameDay = () => r.state.phase.kind === 'day' && r.state.phase.n === n;
  while (sameDay() && r.state.day?.stage === 'speeches' && speakersLeftAfterCurrent(r) > 0) r.run({ type: 'endSpeech' }, path);
  givePenalties(r, later, true);
  if (sameDay() && r.state.day?.stage === 'evening') r.run({ type: 'endLastWords' }, path);
  while (sameDay() && r.state.day?.stage === 'speeches') r.run({ type: 'endSpeech' }, path);

  // The vote (R-VOTE-3), the re-votes (R-VOTE-6, R-SPORT-5) and the lift vote.
  // Defence speeches (R-VOTE-2) and the tie speeches before a re-vote (R-VOTE-6) are not recorded.
  const hearDefence = () => {
    while (sameDay() && r.state.day?.stage === 'defence') r.run({ type: 'endSpeech' }, path);
  };
  hearDefence();
  // R-VOTE-8: the circle is set before the first ballot.
  if (step.circle !== undefined) {
    const cp = `${path}.circle`;
    const c = expectObject(step.circle, cp);
    onlyKeys(c, ['from', 'dir'], cp);
    if (!(sameDay() && r.state.day?.stage === 'vote' && r.state.day.round === 0)) notReached(r, cp, 'no circular vote was held', 'R-VOTE-8');
    const dir = c.dir === undefined ? 'up' : c.dir;
    if (dir !== 'up' && dir !== 'down') fail('bad-field', 'INPUT', `${cp}.dir must be "up" or "down"`, `${cp}.dir`);
    r.run({ type: 'circle', from: (c.from === undefined ? 1 : expectInt(c.from, `${cp}.from`)) as SeatNo, dir }, cp);
  }
  const votes = step.votes === undefined ? undefined : expectObject(step.votes, `${path}.votes`);
  const inRound = (round: number) => sameDay() && r.state.day?.stage === 'vote' && r.state.day.round === round;
  if (inRound(0)) castRound(r, votes ?? {}, `${path}.votes`);
  else if (votes && Object.keys(votes).length) notReached(r, `${path}.votes`, 'no vote was held', 'R-VOTE-4');

  const revotes = step.revote === undefined ? [] : Array.isArray(step.revote) ? step.revote : [step.revote];
  revotes.forEach((raw, k) => {
    const rp = Array.isArray(step.revote) ? `${path}.revote[${k}]` : `${path}.revote`;
    hearDefence();
    if (!inRound(k + 1)) notReached(r, rp, 'no re-vote was held', voteRule);
    castRound(r, expectObject(raw, rp), rp);
  });
  hearDefence();
  if (inRound(revotes.length + 1)) {
    const why = voting === 'two-stage' ? 'players got 2 or more votes, so the second stage' : 'the vote tied, so the re-vote';
    fail('missing-revote', revotes.length ? 'R-SPORT-5' : voteRule, `${path}.revote: ${why}${revotes.length ? ` number ${revotes.length + 1}` : ''} must be recorded`, `${path}.revote`);
  }

  const lifting = sameDay() && r.state.day?.stage === 'lift';
  if (step.liftAll !== undefined) {
    if (!lifting) notReached(r, `${path}.liftAll`, 'no "all tied leave" vote was held', 'R-VOTE-6');
    expectArray(step.liftAll, `${path}.liftAll`).forEach((v, j) => {
      // Every alive player has voted once the lift vote counts itself: an entry after that is no vote.
      if (r.state.day?.stage !== 'lift') fail('vote-closed', 'R-VOTE-6', `${path}.liftAll[${j}]: every alive player has already voted on "all tied leave"`, `${path}.liftAll[${j}]`);
      r.run({ type: 'liftVote', by: expectInt(v, `${path}.liftAll[${j}]`) as SeatNo, leave: true }, `${path}.liftAll[${j}]`);
    });
    if (r.state.day?.stage === 'lift') r.run({ type: 'closeVote' }, `${path}.liftAll`);
  } else if (lifting) {
    fail('missing-lift', 'R-VOTE-6', `${path}.liftAll: the re-vote tied again, so the "all tied leave" vote must be recorded`, `${path}.liftAll`);
  }
  // The executed Rake takes one of his voters along (R-ROLE Rake).
  const raking = sameDay() && r.state.day?.stage === 'rake';
  if (step.rakeTakes !== undefined) {
    if (!raking) notReached(r, `${path}.rakeTakes`, 'the Rake was not executed by a vote with voters to take', 'R-ROLE');
    r.run({ type: 'rakeTakes', by: r.state.day!.rakeChoice!.by, target: expectInt(step.rakeTakes, `${path}.rakeTakes`) as SeatNo }, `${path}.rakeTakes`);
  } else if (raking) {
    fail('missing-rake', 'R-ROLE', `${path}.rakeTakes: the Rake was executed, so his choice must be recorded`, `${path}.rakeTakes`);
  }
  // R-FIIM-12/13: fouls and removals after the vote was decided (in the last words; in the final
  // minute when the vote decided the game), then the referee's extra points.
  givePenalties(r, penaltiesOf(step, path, 'AfterVote'), false);
  for (const e of extraPointsOf(step, path)) r.run(e.cmd, e.path);
  // Evening: the executed players' last words, each his own (issue 11). (A function: each
  // endLastWords changes the state, which the compiler would take as narrowed.)
  const lastWordsOpen = (): boolean => sameDay() && r.state.day?.stage === 'lastWords';
  while (lastWordsOpen()) r.run({ type: 'endLastWords' }, path);
}

/**
 * Gives a day step's penalties one by one in the order written. One written after the game ended is
 * refused at its own index unless R-FIIM-13 allows it there (the final minute after a deciding vote).
 */
function givePenalties(r: Replayer, entries: readonly Entry[], holdEvening: boolean): void {
  for (const e of entries) {
    const s = r.state;
    if (s.phase.kind === 'ended' && !allowedAfterEnd(s, e.cmd.type)) refuseAfterEnd(s, e.path);
    r.run(e.cmd, e.path, holdEvening);
  }
}

function refuseAfterEnd(s: Replayer['state'], path: string): never {
  const over = `${path}: the game is already over (winner: ${s.winner})`;
  if (!s.options.fiim) return fail('game-over', 'R-WIN-0', `${over}; nothing can be given after the end`, path);
  const why = s.final === null
    ? 'a removal ended it, and R-FIIM-13 gives no final minute after a removal'
    : 'the vote decided it and option gameEndSpeech is "no", so it ended at once';
  return fail('game-over', 'R-FIIM-13', `${over}: ${why}; a foul or removal written after that is refused`, path);
}

/** Speakers still to come after the current one (alive and not silenced for fouls). */
function speakersLeftAfterCurrent(r: Replayer): number {
  const s = r.state;
  const day = s.day!;
  let left = 0;
  for (let k = day.speakerIndex + 1; k < day.speakers.length; k++) {
    const seat = day.speakers[k];
    if (s.alive[seat - 1] && !s.missNextSpeech[seat - 1]) left++;
  }
  return left;
}

function castRound(r: Replayer, votes: Record<string, unknown>, path: string): void {
  const round = r.state.day!.round;
  // The round's candidates as it opened: a key that names none of them is an error even when the
  // ballots listed before it already closed the round (R-VOTE-3).
  const candidates = r.state.day!.candidates;
  const rule = ballotRule(r.state.options.voting);
  for (const [key, voters] of Object.entries(votes)) {
    const target = seatKey(key, path);
    const list = expectArray(voters, `${path}.${key}`);
    if (list.length === 0 && !candidates.includes(target as SeatNo)) {
      fail('not-a-candidate', procedureRule(r.state.options.voting), `${path}.${key}: seat ${target} is not a candidate of this vote (candidates: ${candidates.join(', ')})`, `${path}.${key}`);
    }
    list.forEach((v, j) => {
      const vp = `${path}.${key}[${j}]`;
      const st = r.state;
      if (st.phase.kind !== 'day' || st.day?.stage !== 'vote' || st.day.round !== round) {
        fail('vote-closed', rule, `${vp}: every alive player has already voted`, vp);
      }
      r.run({ type: 'vote', by: expectInt(v, vp) as SeatNo, target: target as SeatNo }, vp);
    });
  }
  const st = r.state;
  if (st.phase.kind === 'day' && st.day?.stage === 'vote' && st.day.round === round) r.run({ type: 'closeVote' }, path);
}

function notReached(r: Replayer, path: string, why: string, stageRule: string): never {
  const s = r.state;
  // The day may be over already (night has fallen): its outcome is the last timeline entry.
  const last = r.timeline[r.timeline.length - 1];
  const outcome = last && 'day' in last ? last.by : s.day?.outcome;
  const rule = outcome === 'removed' ? 'R-SPORT-1' : s.phase.kind === 'ended' ? 'R-WIN-0' : stageRule;
  // A day still undecided is at another stage (e.g. the lift vote after a second tie of the same players).
  const undecided = s.phase.kind === 'day' && s.day !== null && s.day.outcome === null;
  const where = s.phase.kind === 'ended' ? 'the game is over' : undecided ? `the day is at its "${s.day!.stage}" stage` : `the day ended by "${outcome ?? 'none'}"`;
  return fail('not-reached', rule, `${path}: ${why} at this point of the day (${where})`, path);
}
