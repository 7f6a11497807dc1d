// The day's rules as questions on the state (who has a vote, who speaks first, may he make a best
// move, …): no events and no stage changes. The day's flow (flow.ts), the commands and the host's
// prompts (host/pending.ts) ask them.
import { seatAt, type SeatNo } from '../ids.js';
import type { DayState, GameState } from '../model/state.js';
import { aliveCount, isIn } from '../game/guards.js';
import { aliveSides } from '../game/win.js';
import { countRound as countGeneral, type Leftover } from '../voting/tally.js';

/** No names in blood: they count at the day's first vote only (R-MOD `name-in-blood`). */
export const NO_BLOOD: DayState['blood'] = [];

/**
 * R-VOTE-11: the seat has no vote today: silenced last night by the Lover, or by the Black Widow
 * once the host marked that he spoke (`silenceBroken`).
 */
export function hasNoVote(s: GameState, seat: SeatNo): boolean {
  if (s.silenced.length === 0 || !isIn(s.silenced, seat)) return false;
  if (!silencedByWidow(s, seat)) return true;
  return s.day !== null && isIn(s.day.spoke, seat);
}

/** Was the seat's silence given by the Black Widow (who silences only if he speaks) rather than the Lover? */
export function silencedByWidow(s: GameState, seat: SeatNo): boolean {
  const acts = s.pastActs;
  for (let k = acts.length - 1; k >= 0; k--) {
    const a = acts[k];
    if (a.act !== 'silence' || a.target !== seat) continue;
    const role = s.roles[a.by - 1];
    return role === 'black-widow' || (role === 'girl' && s.setup.modifications.includes('black-widow'));
  }
  return false;
}

export function everyAliveVoted(s: GameState, ballots: readonly number[]): boolean {
  if (s.silenced.length === 0 && s.options.voting === 'sequential') {
    for (let i = 0; i < s.seats; i++) if (s.alive[i] && ballots[i] === 0) return false;
    return true;
  }
  // A seat without a vote (R-VOTE-11), or whose only candidate is himself (R-VOTE-7/8), is done.
  const selfless = s.options.voting !== 'sequential' && s.day!.stage === 'vote';
  const candidates = s.day!.candidates;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i] || ballots[i] !== 0) continue;
    const seat = seatAt(i);
    if (hasNoVote(s, seat)) continue;
    if (selfless && !hasOtherCandidate(candidates, seat)) continue;
    return false;
  }
  return true;
}

function hasOtherCandidate(candidates: readonly SeatNo[], seat: SeatNo): boolean {
  for (let k = 0; k < candidates.length; k++) if (candidates[k] !== seat) return true;
  return false;
}

/** R-PHASE-2: day 1 starts at seat 1; each next day at the next alive seat after the previous first speaker. */
export function speakingOrder(s: GameState): SeatNo[] {
  const n = s.seats;
  let start = 0;
  if (s.options.fiim && s.options.rotation === 'last' && s.lastLastSpeaker > 0) {
    // R-FIIM-9 `last`: the next alive seat after the previous day's last speaker speaks last today.
    const closer = nextAlive(s, s.lastLastSpeaker - 1);
    start = nextAlive(s, closer);
  } else if (s.lastFirstSpeaker > 0) {
    for (let k = 1; k <= n; k++) {
      const i = (s.lastFirstSpeaker - 1 + k) % n;
      if (s.alive[i]) { start = i; break; }
    }
  } else {
    for (let i = 0; i < n; i++) if (s.alive[i]) { start = i; break; }
  }
  const out: SeatNo[] = [];
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n;
    if (s.alive[i]) out.push(seatAt(i));
  }
  return out;
}

/** The index of the first alive seat after seat index `i` (round the table; `i` itself last). */
function nextAlive(s: GameState, i: number): number {
  for (let k = 1; k <= s.seats; k++) {
    const j = (i + k) % s.seats;
    if (s.alive[j]) return j;
  }
  return i;
}

/**
 * R-SPORT-3 / R-FIIM-4: may `seat` make the best move today (before the day's vote)? The first night
 * victim with a kill (FIIM: the night-2 victim only, a miss on night 2 leaving nobody one), unless 2 or
 * more left by the day-1 vote.
 */
export function bestMoveOpen(s: GameState, day: number, seat: SeatNo): boolean {
  const fk = s.firstKill;
  if (!s.options.bestMove || s.bestMove !== null || fk === null || fk.night !== day || !fk.victims.includes(seat) || s.dayOneLeft >= 2) return false;
  return !s.options.fiim || fk.night === 2;
}

/** R-ROLE Commissar (000 tabletop): last night's victim who was the Commissar and whom a dark role (mafia, Maniac, Gangster) shot. */
export function commissarKilledByDark(s: GameState, n: number, victims: readonly SeatNo[]): SeatNo | null {
  for (const v of victims) {
    if (s.roles[v - 1] !== 'commissar') continue;
    for (const a of s.pastActs) {
      if (a.night !== n || a.act !== 'kill' || a.target !== v) continue;
      const r = s.roles[a.by - 1];
      if (s.teams[a.by - 1] === 'mafia' || r === 'maniac' || r === 'gangster') return v;
    }
  }
  return null;
}

/**
 * The seconds the current speech may last: the preset's speech, or the short one of R-FIIM-2. Null
 * when nobody is giving a day speech.
 */
export function currentSpeechSeconds(s: GameState): number | null {
  const day = s.day;
  if (s.phase.kind !== 'day' || day === null || day.stage !== 'speeches' || day.speakerIndex >= day.speakers.length) return null;
  return day.shortSpeech !== null && day.shortSpeech === day.speakers[day.speakerIndex] ? Math.min(s.options.shortSpeechSeconds, s.options.speechSeconds) : s.options.speechSeconds;
}

/** R-FIIM-2: does a 3rd foul's lost turn become a short one (option `short-speech`, or 3–4 players alive)? */
export function speaksShort(s: GameState): boolean {
  if (s.options.threeFouls === 'short-speech') return true;
  return aliveCount(s) <= 4;
}

/** R-PHASE-4: 3 mafia vs 4 red or 2 mafia vs 3 red after a day. */
export function isEmergency(s: GameState): boolean {
  const { mafia, others: red } = aliveSides(s);
  return (mafia === 3 && red === 4) || (mafia === 2 && red === 3);
}

/**
 * The alive players whose vote counted against `seat` in the day's last counted round (a vote not
 * cast counts where the procedure puts it: the last candidate in sequential and circular votes).
 */
export function votersAgainst(s: GameState, seat: SeatNo): SeatNo[] {
  const day = s.day!;
  const voting = s.options.voting;
  const leftover: Leftover = voting === 'two-stage' ? 'abstain' : voting === 'circular' ? 'lastOther' : 'last';
  const c = countGeneral(day.candidates, day.ballots, s.alive, leftover, (v) => !hasNoVote(s, v), NO_BLOOD, true);
  const out: SeatNo[] = [];
  for (let i = 0; i < s.seats; i++) {
    const v = day.ballots[i];
    if (!s.alive[i] || i + 1 === seat) continue;
    // A cast ballot counts where it was cast (also a re-vote ballot for a player not in the lift vote).
    if (v === seat || (v === 0 && c.effective[i] === seat)) out.push(seatAt(i));
  }
  return out;
}
