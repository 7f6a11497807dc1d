import { seatNo } from '../ids.js';
import { fail } from '../errors.js';
import { allowedAfterEnd } from '../game/host-commands.js';
import { ballotRule, procedureRule } from '../voting/tally.js';
import { checkSaid } from './replay-said.js';
import { checkDayShape, checkPenaltyShape, extraPointsOf, penaltiesOf } from './replay-fields.js';
import { expectPhase, onlyInFiim, type Entry, type Replayer } from './replayer.js';
import { expectArray, expectInt, expectObject, expectSeat, onlyKeys, seatKey } from './shape.js';

const DAY_KEYS = [
  'day', 'fouls', 'removed', 'bestMove', 'nominations', 'votes', 'circle', 'revote', 'liftAll', 'rakeTakes', 'blood',
  'techFouls', 'foulsAfterVote', 'removedAfterVote', 'teamDefeat', 'extraPoints', 'said',
];
/** spec/protocol.md "Tournament fields": an error outside `fiim`. */
const FIIM_DAY_KEYS = ['techFouls', 'foulsAfterVote', 'removedAfterVote', 'teamDefeat', 'extraPoints'];

/** Replays a day step (spec/protocol.md "Day step"): the morning, the speeches, the vote, the evening. */
export function dayStep(r: Replayer, step: Record<string, unknown>, path: string): void {
  onlyKeys(step, DAY_KEYS, path);
  const n = expectInt(step.day, `${path}.day`);
  expectPhase(r, 'day', n, `${path}.day`);
  // What was said changes no rule: its shape is checked, then it is left out (replay-said.ts).
  checkSaid(r.state, step, path, r.aliveAtNight);
  r.aliveAtNight = null;
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
      r.run({ type: 'blood', by: expectSeat(pair[0], `${bp}[0]`), target: expectSeat(pair[1], `${bp}[1]`) }, bp);
    });
  };
  // Morning: the night victims' last words, and the best move (R-SPORT-3).
  if (step.bestMove !== undefined) {
    const bm = expectArray(step.bestMove, `${path}.bestMove`);
    if (bm.length !== 2) fail('bad-field', 'INPUT', `${path}.bestMove must be [VICTIM, [S1, S2, S3]]`, `${path}.bestMove`);
    if (r.state.day?.stage !== 'lastWords') fail('no-best-move', 'R-SPORT-3', `${path}.bestMove: nobody was killed last night, so there is no best move`, `${path}.bestMove`);
    const named = expectArray(bm[1], `${path}.bestMove[1]`).map((x, i) => expectSeat(x, `${path}.bestMove[1][${i}]`));
    const by = expectSeat(bm[0], `${path}.bestMove[0]`);
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
    const seat = 'seat' in e.cmd ? e.cmd.seat : undefined;
    return fiim && e.cmd.type !== 'teamDefeat' && seat !== undefined && r.state.day?.stage === 'lastWords' && r.state.day.lastWords.includes(seat) && !r.state.alive[seat - 1];
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
    r.run({ type: 'nominate', by: expectSeat(pair[0], `${np}[0]`), target: expectSeat(pair[1], `${np}[1]`) }, np);
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
    r.run({ type: 'circle', from: c.from === undefined ? seatNo(1) : expectSeat(c.from, `${cp}.from`), dir }, cp);
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
      r.run({ type: 'liftVote', by: expectSeat(v, `${path}.liftAll[${j}]`), leave: true }, `${path}.liftAll[${j}]`);
    });
    if (r.state.day?.stage === 'lift') r.run({ type: 'closeVote' }, `${path}.liftAll`);
  } else if (lifting) {
    fail('missing-lift', 'R-VOTE-6', `${path}.liftAll: the re-vote tied again, so the "all tied leave" vote must be recorded`, `${path}.liftAll`);
  }
  // The executed Rake takes one of his voters along (R-ROLE Rake).
  const raking = sameDay() && r.state.day?.stage === 'rake';
  if (step.rakeTakes !== undefined) {
    if (!raking) notReached(r, `${path}.rakeTakes`, 'the Rake was not executed by a vote with voters to take', 'R-ROLE');
    r.run({ type: 'rakeTakes', by: r.state.day!.rakeChoice!.by, target: expectSeat(step.rakeTakes, `${path}.rakeTakes`) }, `${path}.rakeTakes`);
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
    if (list.length === 0 && !candidates.includes(target)) {
      fail('not-a-candidate', procedureRule(r.state.options.voting), `${path}.${key}: seat ${target} is not a candidate of this vote (candidates: ${candidates.join(', ')})`, `${path}.${key}`);
    }
    list.forEach((v, j) => {
      const vp = `${path}.${key}[${j}]`;
      const st = r.state;
      if (st.phase.kind !== 'day' || st.day?.stage !== 'vote' || st.day.round !== round) {
        fail('vote-closed', rule, `${vp}: every alive player has already voted`, vp);
      }
      r.run({ type: 'vote', by: expectSeat(v, vp), target }, vp);
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
