import type { Command, GameEvent } from '@mafia/engine';
import type { TimerKind } from '@mafia/protocol';

/**
 * The room log's entries (stored as JSON bodies, kind = `kind`). The game is the fold of the
 * engine events in `start` and `command` entries; claims and timers live beside it.
 */
export interface TimerRec {
  readonly kind: TimerKind;
  /** The step the timer belongs to (see timers.ts): a timer whose step has passed never fires. */
  readonly key: string;
  /** Epoch milliseconds. Absolute, so a restarted server re-arms it for the time that is left. */
  readonly deadline: number;
  /** When the step began (epoch ms). */
  readonly started: number;
  /**
   * A night: when each step of its script begins (epoch ms, ascending; TimerView.steps). Absent in
   * night timers written before it existed: clients cut those nights into equal slices.
   */
  readonly steps?: readonly number[];
  /** While the clock is stopped: when it stopped (epoch ms); `deadline - pausedAt` is what is left. */
  readonly pausedAt?: number;
}

/** Who runs the room: the human host (human rooms) or the room admin (app/online rooms). */
export type Controller = 'host' | 'admin';

export interface ClaimBody {
  readonly seat: number; readonly name: string; readonly tokenHash: string;
  /** Set when the claim came with a client key: the token is derived from the key and this salt, so the same key gets it again (claimKeys.ts). */
  readonly salt?: string;
}
/** `by` is set only when the room admin started the game (a host's start has none, as before). */
export interface StartBody { readonly events: readonly GameEvent[]; readonly timer: TimerRec | null; readonly by?: 'admin' }
/**
 * The next game at the same table (after the one before has ended): its deal and its first timer.
 * The entries after it fold into this game alone; claims (seats and tokens) carry over.
 */
export interface NextBody extends Omit<StartBody, 'by'> {
  /** Who asked: the host, or the room admin of an app/online room. */
  readonly by: 'host' | 'admin';
  /** The game's number at this table: 2, 3, … */
  readonly game: number;
  /** The seed this game was dealt from (the room row keeps the first game's). */
  readonly seed: number;
  /** R-MOD first-victim-immunity: the seats immune on night 1 and day 1 (the last game's first victims). */
  readonly immune: readonly number[];
}
export interface CommandBody {
  /**
   * Who sent it: the host, a seat, the server acting as the app host (a timer ran out), or the room
   * admin (its `skip`, a `timeUp`, or its undo of the app host's last step).
   */
  readonly by: 'host' | 'app' | 'admin' | number;
  /** The client's command id (null for the app): a re-sent id is answered, not applied again. */
  readonly id: string | null;
  readonly command: Command;
  readonly events: readonly GameEvent[];
  /** The timer after this command (a new step starts a new timer). */
  readonly timer: TimerRec | null;
}

/** The host (or room admin) freed a claimed seat: its token stops working, and anybody may claim the seat again. */
export interface ReleaseBody { readonly seat: number; readonly by?: Controller }
/** The host moved the running step's deadline (its key stays: the same step, more or less time). */
export interface TimerBody { readonly by: 'host'; readonly timer: TimerRec }
/** The host (or room admin) closed the room: nothing more is accepted, and the room is not resumed. */
export interface CloseBody { readonly by: Controller }
/** The clock stopped: `timer` is the running step's timer with `pausedAt` set (null when no step is timed). */
export interface PauseBody { readonly by: Controller; readonly timer: TimerRec | null }
/** The clock runs again: `timer` is the running step's timer moved on by the pause's length. */
export interface ResumeBody { readonly by: Controller; readonly timer: TimerRec | null }

export type Entry =
  | { readonly seq: number; readonly kind: 'claim'; readonly body: ClaimBody }
  | { readonly seq: number; readonly kind: 'release'; readonly body: ReleaseBody }
  | { readonly seq: number; readonly kind: 'close'; readonly body: CloseBody }
  | { readonly seq: number; readonly kind: 'timer'; readonly body: TimerBody }
  | { readonly seq: number; readonly kind: 'pause'; readonly body: PauseBody }
  | { readonly seq: number; readonly kind: 'resume'; readonly body: ResumeBody }
  | { readonly seq: number; readonly kind: 'start'; readonly body: StartBody }
  | { readonly seq: number; readonly kind: 'next'; readonly body: NextBody }
  | { readonly seq: number; readonly kind: 'command'; readonly body: CommandBody };

const KINDS = new Set<string>(['claim', 'start', 'next', 'command', 'release', 'close', 'timer', 'pause', 'resume']);

export function parseEntry(seq: number, kind: string, body: string): Entry {
  if (!KINDS.has(kind)) throw new Error(`unknown log entry kind ${JSON.stringify(kind)} at seq ${seq}`);
  return { seq, kind, body: JSON.parse(body) } as Entry;
}
