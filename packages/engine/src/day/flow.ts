// The day's flow: each stage hands over to the next (the morning, speeches, defence and vote, the
// outcome, the evening, then the night or the next day). These steps call one another in a circle (an
// evening may start the next day), so they live in this one module; the commands (speeches.ts,
// vote.ts, …) and the counts (count.ts) call into it, never the other way. The rules it asks are in rules.ts.
import type { SeatNo } from '../ids.js';
import type { DayOutcome, Tally } from '../model/state.js';
import type { Draft } from '../game/draft.js';
import { isIn } from '../game/guards.js';
import { afterLeaving, beforeNight } from '../game/transform.js';
import { endIfDraw, endIfWon } from '../game/win.js';
import { endIfTeamDefeat } from '../game/penalties.js';
import { circleOrder } from '../voting/circular.js';
import { commissarKilledByDark, isEmergency, speakingOrder, speaksShort, votersAgainst } from './rules.js';

// The morning and the speeches (R-PHASE-2, R-PHASE-3).

/** Day `n` starts: its speaking order, the last words owed to the night's `victims`, a dying note owed. */
export function startDay(d: Draft, n: number, emergency: boolean, victims: readonly SeatNo[]): void {
  const s = d.state;
  const speakers = speakingOrder(s);
  const lastWords = s.options.nightVictimLastWord ? victims : [];
  if (s.setup.modifications.length > 0 && s.setup.modifications.includes('name-in-blood')) {
    // `name-in-blood` (R-MOD): the day keeps last night's victims, who may name a suspect.
    d.emit({ type: 'DayStarted', n, emergency, speakers, lastWords, voteCancelled: s.cancelNextVote, victims });
  } else {
    d.emit({ type: 'DayStarted', n, emergency, speakers, lastWords, voteCancelled: s.cancelNextVote });
  }
  if (s.options.commissarDyingNote && victims.length > 0) {
    const by = commissarKilledByDark(d.state, n, victims);
    if (by !== null) d.emit({ type: 'DyingNoteOwed', by });
  }
  if (d.state.day!.stage === 'speeches') advanceSpeakers(d);
}

/** Moves past speakers who left or who lost their speech for fouls; closes the speeches at the end. */
export function advanceSpeakers(d: Draft): void {
  for (;;) {
    const s = d.state;
    const day = s.day!;
    if (day.stage !== 'speeches') return;
    if (day.speakerIndex >= day.speakers.length) return closeSpeeches(d);
    const speaker = day.speakers[day.speakerIndex];
    if (s.alive[speaker - 1] && !s.missNextSpeech[speaker - 1]) return;
    // R-FIIM-2: with 3 or 4 alive (or `short-speech`) the 3rd foul shortens the turn instead.
    if (s.alive[speaker - 1] && s.options.fiim && speaksShort(s)) {
      d.emit({ type: 'SpeechShortened', seat: speaker });
      return;
    }
    d.emit({ type: 'SpeechEnded', seat: speaker, skipped: true });
  }
}

function closeSpeeches(d: Draft): void {
  const s = d.state;
  const day = s.day!;
  if (day.voteCancelled) return resolveDay(d, [], 'removed', null);
  const voting = s.options.voting;
  if (voting !== 'sequential') {
    // R-VOTE-7 / R-VOTE-8: no nominations; every alive player is a candidate (in circle order).
    const circle = day.circle;
    const candidates = circleOrder(s.alive, circle === null ? 1 : circle.from, circle === null ? 'up' : circle.dir);
    if (voting === 'two-stage') candidates.sort((a, b) => a - b);
    d.emit({ type: 'VoteOpened', round: 0, candidates });
    return;
  }
  const noms = day.nominations;
  const candidates: SeatNo[] = [];
  for (let k = 0; k < noms.length; k++) if (s.alive[noms[k][1] - 1]) candidates.push(noms[k][1]);
  openVote(d, 0, candidates);
}

// The vote (R-VOTE-1..8): its rounds are counted in count.ts, which hands the result back here.

/** R-VOTE-4: no nominee, or one on day 1: nobody leaves; one from day 2 on: he leaves without a vote. */
export function openVote(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  const day = d.state.day!;
  if (candidates.length === 0) return resolveDay(d, [], 'none', null);
  // A lone candidate (also one left alone in a re-vote by a removal) is never voted on (R-VOTE-4).
  if (candidates.length === 1) {
    return day.n === 1 ? resolveDay(d, [], 'none', null) : resolveExecution(d, candidates, 'single', null);
  }
  startDefence(d, round, candidates);
}

/** R-VOTE-2 / R-VOTE-6: each candidate defends himself in nomination order, then the round is voted. */
export function startDefence(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  d.emit({ type: 'DefenceStarted', round, candidates });
}

/** Two-stage and circular votes: a removed candidate leaves the round, which starts again among the others. */
export function reopenRound(d: Draft, round: number, candidates: readonly SeatNo[]): void {
  if (candidates.length === 0) return resolveDay(d, [], 'none', null);
  if (round > 0) return startDefence(d, round, candidates);
  d.emit({ type: 'VoteOpened', round, candidates });
}

// The outcome and the evening (R-VOTE-9..10, R-PHASE-4, R-SPORT-4).

/**
 * Immunities at the vote, checked once the result is known (R-VOTE-9, R-VOTE-10): an Elder or a
 * player with an alibi is not executed. A single player saved ends the day with no execution and no
 * further vote (`elder` or `alibi`); of several leaving together (the lift vote) the immune stay
 * and the others leave. The Elder is named before an alibi when a player has both.
 */
export function resolveExecution(d: Draft, seats: readonly SeatNo[], by: DayOutcome, tally: Tally | null): void {
  const s = d.state;
  let immune = s.alibi.length > 0;
  for (let k = 0; k < seats.length && !immune; k++) if (s.roles[seats[k] - 1] === 'elder') immune = true;
  if (!immune) return resolveDay(d, seats, by, tally);
  const kept: SeatNo[] = [];
  let why: DayOutcome | null = null;
  for (const seat of seats) {
    const w: DayOutcome | null = s.roles[seat - 1] === 'elder' ? 'elder' : isIn(s.alibi, seat) ? 'alibi' : null;
    if (w === null) kept.push(seat);
    else why ??= w;
  }
  if (kept.length === 0) return resolveDay(d, [], why!, tally);
  resolveDay(d, kept, by, tally);
}

export function resolveDay(d: Draft, eliminated: readonly SeatNo[], by: DayOutcome, tally: Tally | null): void {
  const s = d.state;
  const day = s.day!;
  const left = sortedSeats(day.left, eliminated);
  d.emit({ type: 'DayResolved', n: day.n, left, eliminated: sortedSeats(eliminated, NO_SEATS), by, tally });
  if (eliminated.length) afterLeaving(d, eliminated);
  if (eliminated.length && (by === 'vote' || by === 'lift') && openRakeChoice(d, eliminated)) return;
  // R-FIIM-13: the players the vote put out have the final minute when it decides a fiim game.
  if (eliminated.length && endIfWon(d, eliminated)) return;
  if (d.state.day!.stage === 'evening' && !d.holdEvening) closeDay(d);
}

/** R-FIIM-5 `killAll: draw`: the whole table voted to leave together: nobody leaves, the game is a draw. */
export function drawByLift(d: Draft, tally: Tally | null): void {
  const day = d.state.day!;
  d.emit({ type: 'DayResolved', n: day.n, left: sortedSeats(day.left, NO_SEATS), eliminated: [], by: 'lift', tally });
  d.emit({ type: 'GameEnded', winner: 'draw', winners: [] });
}

const NO_SEATS: readonly SeatNo[] = [];

/** `a` then `b` in one new list sorted by seat (`[...a, ...b].sort()`, by insertion: the lists are short). */
function sortedSeats(a: readonly SeatNo[], b: readonly SeatNo[]): SeatNo[] {
  const out = new Array<SeatNo>(a.length + b.length);
  let n = 0;
  for (let pass = 0; pass < 2; pass++) {
    const src = pass === 0 ? a : b;
    for (let k = 0; k < src.length; k++) {
      const v = src[k];
      let j = n++;
      while (j > 0 && out[j - 1] > v) {
        out[j] = out[j - 1];
        j--;
      }
      out[j] = v;
    }
  }
  return out;
}

/** End of a day: the draw count (R-SPORT-4), then the emergency day (R-PHASE-4) or the night. */
export function closeDay(d: Draft): void {
  // R-FIIM-15: a team defeat given today takes effect now, at the end of the day.
  if (d.state.teamDefeat !== null && endIfTeamDefeat(d)) return;
  if (endIfDraw(d)) return;
  const s = d.state;
  const n = s.day!.n;
  if (!s.options.nights) return startDay(d, n + 1, false, []);
  // An emergency day is followed by the night, whatever the count: one extra vote, not an endless day.
  if (s.options.emergencyDay && !s.day!.emergency && isEmergency(s)) return startDay(d, n + 1, true, []);
  beforeNight(d);
  d.emit({ type: 'NightStarted', n: n + 1 });
}

/** R-ROLE Rake: executed by a vote, he takes one of the players who voted against him (his choice). */
export function openRakeChoice(d: Draft, eliminated: readonly SeatNo[]): boolean {
  const s = d.state;
  let rake: SeatNo | 0 = 0;
  for (let k = 0; k < eliminated.length; k++) if (s.roles[eliminated[k] - 1] === 'rake') rake = eliminated[k];
  if (rake === 0) return false;
  const among = votersAgainst(s, rake);
  if (among.length === 0) return false;
  d.emit({ type: 'RakeChoiceOpened', by: rake, among });
  return true;
}
