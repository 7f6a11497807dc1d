// R-HOST-2: when the app is the host, every step ends on its timer. `timeUp` ends the current step
// whatever it still waits for, so no game can freeze on a player who does not act.
import type { SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import { pendingDecisionsInto, type Pending } from '../host/pending.js';
import { endLastWords, endSpeech } from '../day/speeches.js';
import { closeVote } from '../day/vote.js';
import { rakeTakes } from '../day/rake.js';
import type { Actor } from './commands.js';
import type { IdleStage } from './events.js';
import type { GameState } from '../model/state.js';
import type { Draft } from './draft.js';
import { endNight } from './night-commands.js';
import { describePhase } from './guards.js';

const HOST: Actor = { kind: 'host' };

export function timeUp(d: Draft): void {
  const s = d.state;
  if (s.phase.kind === 'night' && s.night) {
    // An act not made in time is not made, a required one too (the idle Cop shoots nobody).
    idle(d, nightIdle(s), 'night');
    return endNight(d, true);
  }
  const day = s.day;
  if (s.phase.kind !== 'day' || day === null) return fail('wrong-phase', 'R-HOST-2', `no step is running (now: ${describePhase(s)})`);
  switch (day.stage) {
    case 'speeches':
    case 'defence': {
      // A speech not ended ends at its time.
      const speaker = day.speakers[day.speakerIndex];
      if (speaker !== undefined) idle(d, [speaker], day.stage);
      return endSpeech(d, HOST);
    }
    case 'lastWords': {
      const speaker = day.lastWords[0];
      if (speaker !== undefined) idle(d, [speaker], 'lastWords');
      return endLastWords(d);
    }
    case 'vote':
    case 'lift':
      // A missing ballot counts as the procedure counts one (closeVote): R-VOTE-3, R-VOTE-6..8.
      idle(d, pendingSeats(s), day.stage);
      return closeVote(d);
    case 'rake': {
      // The host decides for a Rake who does not choose: the first of his voters (as nextHostCommand).
      const choice = day.rakeChoice!;
      idle(d, [choice.by], 'rake');
      return rakeTakes(d, { type: 'rakeTakes', by: choice.by, target: choice.among[0] }, HOST);
    }
    default:
      return fail('wrong-phase', 'R-HOST-2', `no timed step is running (now: ${describePhase(s)}, ${day.stage})`);
  }
}

function idle(d: Draft, seats: readonly SeatNo[], stage: IdleStage): void {
  if (seats.length > 0) d.emit({ type: 'SeatsIdle', seats, stage });
}

/** The seats with an act still open tonight, but not one the Lawyer blocked: he is not expected to act. */
function nightIdle(s: GameState): SeatNo[] {
  const seats = pendingSeats(s);
  const acts = s.night!.acts;
  return seats.filter((seat) => !acts.some((a) => a.act === 'block' && a.target === seat));
}

/** The seats the step waits for, in seat order (pendingDecisions lists each seat once, in seat order). */
function pendingSeats(s: GameState): SeatNo[] {
  const out: Pending[] = [];
  const count = pendingDecisionsInto(s, out);
  const seats: SeatNo[] = [];
  for (let k = 0; k < count; k++) if (!seats.includes(out[k].seat)) seats.push(out[k].seat);
  return seats.sort((a, b) => a - b);
}
