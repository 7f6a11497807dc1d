import type { RoleId, SeatNo } from '../ids.js';
import type { GameEvent } from '../game/events.js';
import { foldLog } from '../game/game.js';
import { buildResult, type ProtocolResult, type TimelineEntry } from './result.js';
import type { ActResult } from '../game/state.js';

/**
 * The events of a log still in effect: each `Undone` takes back the events it names (as `foldLog`
 * does), and is itself dropped.
 */
export function effectiveEvents(log: readonly GameEvent[]): GameEvent[] {
  const out: GameEvent[] = [];
  for (const e of log) {
    if (e.type === 'Undone') out.splice(out.length - e.count, e.count);
    else out.push(e);
  }
  return out;
}

const stripResult = (r: ActResult): ActResult => {
  const out: Record<string, unknown> = { by: r.by, act: r.act, target: r.target };
  if (r.target2 !== undefined) out.target2 = r.target2;
  if (r.role !== undefined) out.role = r.role;
  out.answer = r.answer;
  return out as unknown as ActResult;
};

/**
 * The protocol result (spec/protocol.md "Result") of a game, from its event log (`Game.log`, or the
 * events a server room keeps): the same timeline `replayProtocol` builds while it replays, folded
 * from the game's own events. Undone events are left out.
 */
export function gameResult(log: readonly GameEvent[]): ProtocolResult {
  const events = effectiveEvents(log);
  if (events.length === 0 || events[0].type !== 'GameCreated') throw new Error('a game log starts with GameCreated');
  const fiim = events[0].setup.options.fiim;
  const timeline: TimelineEntry[] = [];
  const roles: Record<string, RoleId> = {};
  let phase: { kind: 'night' | 'day'; n: number } | null = null;
  const addLeft = (seat: SeatNo, onlyPhase: boolean): void => {
    const k = timeline.length - 1;
    const last = timeline[k];
    if (!last) return;
    if ('day' in last) {
      if (onlyPhase && (phase?.kind !== 'day' || last.day !== phase.n || last.left.includes(seat))) return;
      timeline[k] = { ...last, left: [...last.left, seat].sort((a, b) => a - b) };
    } else {
      if (onlyPhase && (phase?.kind !== 'night' || last.night !== phase.n || last.died.includes(seat))) return;
      timeline[k] = { ...last, died: [...last.died, seat].sort((a, b) => a - b) };
    }
  };
  for (const e of events) {
    switch (e.type) {
      case 'NightResolved':
        timeline.push({ night: e.n, died: e.died, results: e.results.map(stripResult) });
        break;
      case 'DayResolved':
        timeline.push({ day: e.n, left: e.left, by: e.by, tally: e.tally });
        break;
      case 'RakeTook': {
        const k = timeline.length - 1;
        const last = timeline[k];
        if (last && 'day' in last) timeline[k] = { ...last, left: [...last.left, e.target].sort((a, b) => a - b) };
        break;
      }
      case 'PlayerDied':
        addLeft(e.seat, false);
        break;
      case 'RoleChanged':
        roles[e.seat] = e.role;
        break;
      case 'NightStarted':
        phase = { kind: 'night', n: e.n };
        break;
      case 'DayStarted':
        phase = { kind: 'day', n: e.n };
        break;
      case 'GameEnded':
        // The Replayer stops following phases once the game is over: nothing is added after it.
        break;
      case 'PlayerRemoved':
        if (fiim) addLeft(e.seat, true);
        break;
      default:
        break;
    }
  }
  return buildResult(foldLog(events), timeline, roles);
}
