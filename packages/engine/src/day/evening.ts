// The day's outcome (who left), then the evening: the draw count, an emergency day or the night.
import type { SeatNo } from '../ids.js';
import { afterLeaving, beforeNight } from '../game/transform.js';
import type { DayOutcome, GameState, Tally } from '../model/state.js';
import type { Draft } from '../game/draft.js';
import { aliveSides, endIfDraw, endIfWon } from '../game/win.js';
import { startDay } from './morning.js';
import { openRakeChoice } from './rake.js';
import { endIfTeamDefeat } from '../game/penalties.js';

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

/** R-PHASE-4: 3 mafia vs 4 red or 2 mafia vs 3 red after a day. */
export function isEmergency(s: GameState): boolean {
  const { mafia, others: red } = aliveSides(s);
  return (mafia === 3 && red === 4) || (mafia === 2 && red === 3);
}
