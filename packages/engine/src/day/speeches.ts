// The speech commands: ending a speech (R-PHASE-2) or a defence speech (R-VOTE-2), the last words
// (R-PHASE-3), nominations (R-VOTE-1). Moving on to the next speaker or stage is the day's flow (flow.ts).
import { fail } from '../errors.js';
import type { Actor, Command } from '../game/commands.js';
import type { DayState } from '../model/state.js';
import type { Draft } from '../game/draft.js';
import { needAlive, needDay, needSelfOrHost } from '../game/guards.js';
import { advanceSpeakers, closeDay } from './flow.js';

const SPEAKING: readonly DayState['stage'][] = ['speeches', 'defence'];

export function endSpeech(d: Draft, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, SPEAKING, 'ending a speech', 'R-PHASE-2');
  const speaker = day.speakers[day.speakerIndex];
  if (actor.kind === 'seat' && actor.seat !== speaker) fail('not-your-turn', 'R-PHASE-2', `it is seat ${speaker}'s speech, not seat ${actor.seat}'s`);
  d.emit({ type: 'SpeechEnded', seat: speaker, skipped: false });
  if (day.stage === 'defence') return afterDefenceSpeech(d);
  return advanceSpeakers(d);
}

/** Ends the current last word (issue 11: each leaving player has his own, `day.lastWords[0]` speaks now). */
export function endLastWords(d: Draft): void {
  // A day held at its evening (Draft.holdEvening; never in a live game) closes now.
  if (d.state.phase.kind === 'day' && d.state.day?.stage === 'evening') return closeDay(d);
  const day = needDay(d.state, 'lastWords', 'ending the last word', 'R-PHASE-3');
  const seat = day.lastWords[0];
  d.emit(seat === undefined ? { type: 'LastWordsEnded' } : { type: 'LastWordsEnded', seat });
  // The next player owed a last word speaks; after the last one the day goes on.
  if (d.state.day!.stage !== 'lastWords') afterLastWords(d);
}

function afterLastWords(d: Draft): void {
  const day = d.state.day!;
  if (day.stage === 'speeches') advanceSpeakers(d);
  else closeDay(d);
}

export function nominate(d: Draft, c: Extract<Command, { type: 'nominate' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'speeches', 'a nomination', 'R-VOTE-1');
  if (s.options.voting !== 'sequential') {
    const rule = s.options.voting === 'two-stage' ? 'R-VOTE-7' : 'R-VOTE-8';
    fail('no-nominations', rule, `the ${s.options.voting} vote has no nominations: every alive player is a candidate`);
  }
  const by = needAlive(s, c.by, 'the nominating player', 'R-VOTE-1');
  const fiim = s.options.fiim;
  const turn = day.speakers.indexOf(by);
  // R-FIIM-2 (FIIM 9.5.1): a player who lost his speech for fouls keeps his nomination.
  const lostSpeech = day.silenced.includes(by) || (s.missNextSpeech[by - 1] && turn >= day.speakerIndex);
  if (actor.kind === 'seat') {
    needSelfOrHost(actor, by);
    if (day.speakers[day.speakerIndex] !== by && !(fiim && day.silenced.includes(by))) fail('not-your-turn', 'R-VOTE-1', `seat ${by} may nominate only during his own speech`);
  }
  if (lostSpeech && !fiim) {
    fail('silenced', 'R-FOUL-1', `seat ${by} has lost this speech for fouls and cannot nominate`);
  }
  const noms = day.nominations;
  let byDone = false;
  for (let k = 0; k < noms.length; k++) if (noms[k][0] === by) byDone = true;
  if (byDone) fail('already-nominated', 'R-VOTE-1', `seat ${by} has already nominated a player today`);
  const target = needAlive(s, c.target, 'the nominee', 'R-VOTE-1');
  // R-FIIM-10: in FIIM a player may nominate himself.
  if (target === by && !fiim) fail('self-nomination', 'R-VOTE-1', `seat ${by} cannot nominate himself: a player nominates another player`);
  let targetDone = false;
  for (let k = 0; k < noms.length; k++) if (noms[k][1] === target) targetDone = true;
  if (targetDone) fail('already-nominee', 'R-VOTE-1', `seat ${target} is already nominated`);
  d.emit({ type: 'Nominated', by, target });
}

function afterDefenceSpeech(d: Draft): void {
  const day = d.state.day!;
  if (day.speakerIndex >= day.speakers.length) d.emit({ type: 'VoteOpened', round: day.round, candidates: day.candidates });
}
