import type { SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import type { Command } from '../game/commands.js';
import type { GameState } from '../model/state.js';
import type { Draft } from '../game/draft.js';
import { isIn, needAlive, needDay } from '../game/guards.js';
import { everyAliveVoted } from './vote.js';
import { countRound } from './count.js';

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
function silencedByWidow(s: GameState, seat: SeatNo): boolean {
  const acts = s.pastActs;
  for (let k = acts.length - 1; k >= 0; k--) {
    const a = acts[k];
    if (a.act !== 'silence' || a.target !== seat) continue;
    const role = s.roles[a.by - 1];
    return role === 'black-widow' || (role === 'girl' && s.setup.modifications.includes('black-widow'));
  }
  return false;
}

/** R-VOTE-11: the host marks that a player silenced by the Black Widow spoke: he loses his vote today. */
export function silenceBroken(d: Draft, c: Extract<Command, { type: 'silenceBroken' }>): void {
  const s = d.state;
  const day = needDay(s, ['lastWords', 'speeches', 'defence', 'vote'], 'marking a silenced player who spoke', 'R-VOTE-11');
  const seat = needAlive(s, c.seat, 'the silenced player', 'R-VOTE-11');
  if (!isIn(s.silenced, seat)) fail('not-silenced', 'R-VOTE-11', `seat ${seat} was not silenced last night`);
  if (!silencedByWidow(s, seat)) fail('not-silenced', 'R-VOTE-11', `seat ${seat} was silenced by the Lover: he has no vote today whatever he says`);
  if (isIn(day.spoke, seat)) fail('already-marked', 'R-VOTE-11', `seat ${seat} has already lost his vote today`);
  d.emit({ type: 'SilenceBroken', seat });
  if (d.state.day!.stage === 'vote' && everyAliveVoted(d.state, d.state.day!.ballots)) countRound(d);
}
