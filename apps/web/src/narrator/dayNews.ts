import type { GameView, ProjectedEvent } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';

/**
 * What the host announces about the day that the view alone cannot tell (issue 23 point 5): a
 * speech skipped for fouls (R-FOUL-1, R-FIIM-2) and the lone nominee's outcome (R-VOTE-4). Both the
 * host console's script and the table screen's narrator read them from the log a client was sent;
 * pure functions, so both screens say the same thing.
 */

type Event = ProjectedEvent;

/** An event still in force, with who sent the command that caused it (a seat number, or the host …). */
export interface EffectiveEntry {
  readonly e: Event;
  readonly by: Extract<LogItem, { kind: 'events' }>['by'];
}

/**
 * The events still in force, each with its item's sender: an undo takes back its `count` events, as
 * the engine folds them (game.ts). A viewer other than the host is told only that something was
 * undone (count 0): what follows the undo is then all he can rely on, so everything before it is
 * dropped. The host's log carries the real count, so his entries are exactly the engine's.
 */
export function effectiveEntries(log: readonly LogItem[]): EffectiveEntry[] {
  const out: EffectiveEntry[] = [];
  for (const item of log) {
    if (item.kind !== 'events') continue;
    for (const e of item.events) {
      if (e.type !== 'Undone') out.push({ e, by: item.by });
      else if (e.count > 0) out.splice(Math.max(0, out.length - e.count), e.count);
      else out.length = 0;
    }
  }
  return out;
}

/** The events still in force (effectiveEntries without their senders). */
export function effectiveEvents(log: readonly LogItem[]): Event[] {
  return effectiveEntries(log).map((x) => x.e);
}

/**
 * The fact that a seat's day speech was skipped because of his fouls, with his fouls at that time;
 * `short`: not skipped but cut short (R-FIIM-2: the 3rd foul with 3–4 alive, or `short-speech`).
 */
export interface SkippedSpeech {
  readonly seat: number;
  readonly fouls: number;
  readonly short?: true;
}

const aliveIn = (view: GameView, seat: number): boolean => view.seats[seat - 1]?.alive === true;

/**
 * Speeches skipped (or, in fiim, cut short) for fouls today, in order. `sinceLastSpeech`: only those since the last speech
 * that was given (what the host announces before the next speaker or the vote). The engine also
 * skips the turn of a player who has left; that is no lost speech, so only seats alive now count.
 */
export function skippedSpeeches(view: GameView | null, events: readonly Event[], sinceLastSpeech = false): SkippedSpeech[] {
  if (!view || view.phase.kind !== 'day') return [];
  let out: SkippedSpeech[] = [];
  const fouls = new Map<number, number>();
  for (const e of events) {
    if (e.type === 'DayStarted' || e.type === 'NightStarted') out = [];
    else if (e.type === 'Fouled') fouls.set(e.seat, e.total);
    else if (e.type === 'LastWordsEnded' && sinceLastSpeech) out = [];
    else if (e.type === 'SpeechShortened') out.push({ seat: e.seat, fouls: fouls.get(e.seat) ?? view.seats[e.seat - 1]?.fouls ?? 0, short: true });
    else if (e.type === 'SpeechEnded') {
      if (e.skipped) out.push({ seat: e.seat, fouls: fouls.get(e.seat) ?? view.seats[e.seat - 1]?.fouls ?? 0 });
      else if (sinceLastSpeech) out = [];
    }
  }
  return out.filter((s) => aliveIn(view, s.seat));
}

/**
 * The lone nominee of the day that has just been decided (R-VOTE-4): `out` when he left without a
 * vote (day 2 on), `stays` on day 1 (a single nominee is not voted on and nobody leaves). Null when
 * the last decided day had another outcome, or when something has happened since (the line is for
 * the moment right after the decision: the host says it once, before the next step).
 */
export interface LoneNominee {
  readonly seat: number;
  readonly day: number;
  readonly out: boolean;
}

export function loneNominee(log: readonly LogItem[]): LoneNominee | null {
  let last: (LogItem & { kind: 'events' }) | null = null;
  for (const item of log) if (item.kind === 'events' && item.events.length > 0) last = item;
  if (last === null) return null;
  const resolved = last.events.find((e): e is Extract<Event, { type: 'DayResolved' }> => e.type === 'DayResolved');
  if (!resolved) return null;
  if (resolved.by === 'single' && resolved.eliminated.length === 1) return { seat: resolved.eliminated[0]!, day: resolved.n, out: true };
  if (resolved.by !== 'none' || resolved.n !== 1) return null;
  // Day 1 ends without a vote both with no nominee and with one: only the nominees tell them apart.
  const nominees = dayNominees(effectiveEvents(log), resolved.n);
  return nominees.length === 1 ? { seat: nominees[0]!, day: resolved.n, out: false } : null;
}

/** The nominees of day `n` who were still in the game when its vote would open. */
function dayNominees(events: readonly Event[], n: number): number[] {
  let today = false;
  let nominees: number[] = [];
  for (const e of events) {
    if (e.type === 'DayStarted') [today, nominees] = [e.n === n, []];
    else if (!today) continue;
    else if (e.type === 'Nominated') nominees.push(e.target);
    else if (e.type === 'PlayerRemoved' || e.type === 'PlayerDied') nominees = nominees.filter((s) => s !== e.seat);
    else if (e.type === 'DayResolved') break;
  }
  return nominees;
}
