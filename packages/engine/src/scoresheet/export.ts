import type { GameEvent } from '../game/events.js';
import { effectiveEvents, foldEffective, type Game } from '../game/game.js';
import type { ProtocolDocument } from './document.js';
import { collectSteps } from './export-events.js';
import { firstDifference, optionsField, seatsOf } from './export-header.js';
import { dayStep, nightStep, refuse, Unexportable } from './export-steps.js';
import { resultOfEffective } from './game-result.js';
import { replayProtocol } from './replay.js';

export type ExportOutcome =
  | {
      readonly ok: true;
      readonly protocol: ProtocolDocument;
      /** The game is over. An unfinished game is exported up to its last resolved night or day. */
      readonly finished: boolean;
    }
  | { readonly ok: false; readonly reason: string };

export interface ExportOptions {
  /**
   * Replay the protocol and compare its result with the game's own (`gameResult`) before returning it
   * (default true). A mismatch is returned as `{ ok: false }` rather than a protocol that would replay
   * to another result.
   */
  readonly verify?: boolean;
}


/**
 * Writes a game as a protocol (spec/protocol.md), the inverse of `replayProtocol`:
 * `replayProtocol(exportProtocol(game).protocol)` gives the game's own result (`gameResult`).
 *
 * `source`: a `Game`, or its event log (what a server room keeps: the `GameCreated` event and every
 * event after it, `Undone` included; undone events are left out). What a protocol cannot record gives
 * `{ ok: false, reason }` naming the step and the seat: a host override (eliminate, revive, end the
 * game), a Black-Widow-silenced player marked as having spoken (R-VOTE-11), a foul or removal at night
 * or after the day's vote outside `fiim`, a removal between the rounds of a vote; and, found by the
 * replay check (`verify`), orderings a protocol cannot keep (docs/protocol-export.md). Host aids that
 * change no result (the victim list, the Commissar's dying note, the time-up markers) are left out.
 */
export function exportProtocol(source: Game | readonly GameEvent[], options: ExportOptions = {}): ExportOutcome {
  const log = isGame(source) ? source.log : source;
  const events = effectiveEvents(log);
  let doc: ProtocolDocument;
  let finished: boolean;
  let notes: string[][];
  try {
    [doc, finished, notes] = build(events);
  } catch (e) {
    if (e instanceof Unexportable) return { ok: false, reason: e.message };
    throw e;
  }
  if (options.verify === false) return { ok: true, protocol: doc, finished };
  const replayed = replayProtocol(doc);
  if (!replayed.ok) {
    const why = `${replayed.error.code} at ${replayed.error.path ?? '?'}: ${replayed.error.message}`;
    const k = /^steps\[(\d+)\]/.exec(replayed.error.path ?? '');
    const known = k ? notes[Number(k[1])] : notes[notes.length - 1];
    if (known !== undefined && known.length > 0) return { ok: false, reason: `${known.join('; ')} (replay: ${why})` };
    return { ok: false, reason: `the exported protocol does not replay: ${why}` };
  }
  // `gameResult(log)`, from the events already in effect; a Game's own state is that of its log.
  const own = resultOfEffective(events, () => (isGame(source) ? source.state : foldEffective(events, log.length)));
  // An unfinished game is compared on its resolved steps only (the current one is not exported).
  const a = finished ? replayed.result : { timeline: replayed.result.timeline };
  const b = finished ? own : { timeline: own.timeline };
  const diff = firstDifference(a, b, '');
  if (diff !== null) {
    const known = notes.flat();
    return { ok: false, reason: known.length > 0 ? `${known.join('; ')} (the replay gives another result: ${diff})` : `the exported protocol replays to another result (${diff})` };
  }
  return { ok: true, protocol: doc, finished };
}

function isGame(x: Game | readonly GameEvent[]): x is Game {
  return !Array.isArray(x) && typeof x === 'object' && x !== null && 'log' in x;
}

/** `events`: the log's events still in effect (`effectiveEvents`). */
function build(events: readonly GameEvent[]): [ProtocolDocument, boolean, string[][]] {
  const first = events[0];
  if (first === undefined || first.type !== 'GameCreated') return refuse('the log does not start with GameCreated');
  const setup = first.setup;
  const { steps, ended } = collectSteps(events, setup.options.fiim);

  // A step is written once it was resolved (or the game ended in it); the step in progress is left out.
  const written = steps.filter((b) => b.done || (b.kind === 'day' && b.ended));
  const doc: ProtocolDocument = {
    format: 'mafia-protocol/1',
    preset: setup.preset,
    ...optionsField(setup),
    seats: seatsOf(setup),
    ...(setup.names.length > 0 && setup.names.some((n) => n !== '') ? { names: setup.names.slice() } : {}),
    ...(setup.modifications.length > 0 ? { modifications: setup.modifications.slice() } : {}),
    ...(setup.immune.length > 0 ? { immune: setup.immune.slice() } : {}),
    steps: written.map((b) => (b.kind === 'night' ? nightStep(b) : dayStep(b))),
  };
  // The header's notes come last (an error outside `steps`).
  const header: string[] = [];
  if (setup.deck !== undefined) header.push(`the extra-card deal (R-MOD): the protocol's seats are the dealt cards without the hidden one, which a protocol's setup checks as a whole composition`);
  return [doc, ended, [...written.map((b) => b.notes), header]];
}
