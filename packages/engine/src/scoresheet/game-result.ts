import type { GameEvent } from '../game/events.js';
import { effectiveEvents, foldEffective } from '../game/game.js';
import type { GameState } from '../model/state.js';
import { buildResult, TimelineCollector, type ProtocolResult } from './result.js';

/**
 * The protocol result (spec/protocol.md "Result") of a game, from its event log (`Game.log`, or the
 * events a server room keeps): the same timeline `replayProtocol` builds while it replays, folded
 * from the game's own events. Undone events are left out.
 */
export function gameResult(log: readonly GameEvent[]): ProtocolResult {
  const events = effectiveEvents(log);
  return resultOfEffective(events, () => foldEffective(events, log.length));
}

/**
 * `gameResult` of events already in effect (`effectiveEvents`). `state`: their folded state, asked
 * for once the log was checked (a caller holding the `Game` passes its state instead of folding again).
 */
export function resultOfEffective(events: readonly GameEvent[], state: () => GameState): ProtocolResult {
  if (events.length === 0 || events[0].type !== 'GameCreated') throw new Error('a game log starts with GameCreated');
  // Collected from the game's first event: the first phase starts among the opening events.
  const collector = new TimelineCollector(events[0].setup.options.fiim, null);
  for (const e of events) collector.add(e);
  return buildResult(state(), collector.timeline, collector.roles);
}
