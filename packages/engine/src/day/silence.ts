import { fail } from '../errors.js';
import type { Command } from '../game/commands.js';
import type { Draft } from '../game/draft.js';
import { isIn, needAlive, needDay } from '../game/guards.js';
import { everyAliveVoted, silencedByWidow } from './rules.js';
import { countRound } from './count.js';

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
