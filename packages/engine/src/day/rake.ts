import { seatAt, type SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import { countRound as countGeneral, type Leftover } from '../voting/tally.js';
import { afterLeaving } from '../game/transform.js';
import type { Actor, Command } from '../game/commands.js';
import type { GameState } from '../game/state.js';
import type { Draft } from '../game/draft.js';
import { isIn, needAlive, needDay, needSeat, needSelfOrHost } from '../game/guards.js';
import { endIfWon } from '../game/win.js';
import { NO_BLOOD } from './count.js';
import { hasNoVote } from './silence.js';

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

/**
 * The alive players whose vote counted against `seat` in the day's last counted round (a vote not
 * cast counts where the procedure puts it: the last candidate in sequential and circular votes).
 */
function votersAgainst(s: GameState, seat: SeatNo): SeatNo[] {
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

export function rakeTakes(d: Draft, c: Extract<Command, { type: 'rakeTakes' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'rake', 'the Rake\'s choice', 'R-ROLE');
  const choice = day.rakeChoice!;
  const by = needSeat(s, c.by, 'the Rake');
  if (by !== choice.by) fail('not-the-rake', 'R-ROLE', `seat ${choice.by} is the executed Rake, not seat ${by}`);
  needSelfOrHost(actor, by);
  const target = needAlive(s, c.target, 'the player the Rake takes', 'R-ROLE');
  if (!isIn(choice.among, target)) fail('not-a-voter', 'R-ROLE', `the Rake takes one of the players who voted against him (${choice.among.join(', ')}), not seat ${target}`);
  d.emit({ type: 'RakeTook', by, target });
  afterLeaving(d, [target]);
  endIfWon(d);
}
