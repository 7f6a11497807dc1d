import { fail } from '../errors.js';
import { afterLeaving } from '../game/transform.js';
import type { Actor, Command } from '../game/commands.js';
import type { Draft } from '../game/draft.js';
import { isIn, needAlive, needDay, needSeat, needSelfOrHost } from '../game/guards.js';
import { endIfWon } from '../game/win.js';

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
