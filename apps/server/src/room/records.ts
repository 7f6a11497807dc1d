import type { BotKind } from '@mafia/bots';
import type { ChatChannel, ChatMode, Command, GameEvent } from '@mafia/engine';
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
  /** Human rooms, at night: the step the host opened (TimerView.step; 0 when the night begins). */
  readonly step?: number;
  /** When the host opened `step` (epoch ms). */
  readonly stepAt?: number;
}

/** Who runs the room: the human host (human rooms) or the room admin (app/online rooms). */
export type Controller = 'host' | 'admin';

export interface ClaimBody {
  readonly seat: number; readonly name: string; readonly tokenHash: string;
  /** Set when the claim came with a client key: the token is derived from the key and this salt, so the same key gets it again (claimKeys.ts). */
  readonly salt?: string;
  /** A bot plays the seat (the room admin's `bot`, bots.ts): its kind. Its token is never sent to anybody. */
  readonly bot?: BotKind;
  /** The room admin's request id, on a bot's claim (a re-sent `bot` is answered, not applied again). */
  readonly id?: string;
}
/**
 * The client's request id, in every entry a client asked for (absent in entries written before
 * ids were logged, and when the client sent none): a re-sent id is answered, never applied again,
 * for the room's whole life (Room.load rebuilds the ids from the log).
 */
interface Requested { readonly id?: string }

/** `by` is set only when the room admin started the game (a host's start has none, as before). */
export interface StartBody extends Requested { readonly events: readonly GameEvent[]; readonly timer: TimerRec | null; readonly by?: 'admin' }
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
  /**
   * Who besides the host may learn of this entry, decided when it was written (numbering.ts): the
   * seats that see at least one of its events. Absent: everybody (or, in entries written before it
   * was recorded, the old rule: a night act is its author's). Never sent to a client.
   */
  readonly to?: readonly number[];
}

/** The host (or room admin) freed a claimed seat: its token stops working, and anybody may claim the seat again. */
export interface ReleaseBody extends Requested { readonly seat: number; readonly by?: Controller }
/**
 * The host moved the running step's deadline (its key stays: the same step, more or less time), or
 * the server (`app`) re-based a loaded timer onto its own clock (clock.ts), so every client agrees.
 */
export interface TimerBody extends Requested { readonly by: 'host' | 'app' | 'admin'; readonly timer: TimerRec }
/** The human host opened night step `timer.step` on his console: every screen follows it. */
export interface StepBody extends Requested { readonly by: 'host'; readonly timer: TimerRec }
/** The host (or room admin) closed the room: nothing more is accepted, and the room is not resumed. */
export interface CloseBody extends Requested { readonly by: Controller }
/** The clock stopped: `timer` is the running step's timer with `pausedAt` set (null when no step is timed). */
export interface PauseBody extends Requested { readonly by: Controller; readonly timer: TimerRec | null }
/** The clock runs again: `timer` is the running step's timer moved on by the pause's length. */
export interface ResumeBody extends Requested { readonly by: Controller; readonly timer: TimerRec | null }

/**
 * A seat's night tap in a step where it had no act (issue 23, the decoy): recorded so that its phone
 * may say «Принято», for that seat alone — not the host, not the other seats, not a spectator (a
 * private entry nobody else counts: numbering.ts). No engine event: the game, an undo, a protocol
 * export and a replay never see it. `night` and `step` say where it was made (the night's number,
 * the 0-based step the phone showed).
 */
export interface TapBody { readonly by: number; readonly id: string; readonly night: number; readonly step: number }

/**
 * A seat's name changed (issue 24: a club member left and his replacement takes the seat): public,
 * a seat and a name, nothing else. Asked between games (or before the start) it applies at once:
 * the seat's claim ends (the leaver's token stops working), the seat gets a code to be claimed
 * again, and the next deal names it so. Asked while a game runs it is `held`: the game is not
 * touched, and when the game ends the server writes the same rename without `held` (by `app`).
 */
export interface RenameBody extends Requested {
  readonly seat: number; readonly name: string;
  /** The host's console, the room's owner (a club's check-out with a replacement), or the server applying a held one. */
  readonly by: 'host' | 'owner' | 'app';
  readonly held?: true;
}

/**
 * A chat line of an online room (issue 26, chat.ts): who wrote it, where, the text as kept (plain,
 * checked), and `to`: the seats that read it when it is not everyone's (the mafia's meeting, the
 * dead's chat), decided once when it is written (the engine's `chatLine`); the host reads every line.
 */
export interface ChatBody {
  readonly by: 'host' | 'admin' | number; readonly channel: ChatChannel; readonly text: string; readonly id: string;
  readonly to?: readonly number[];
}
/** The host or room admin muted a seat in the chat, or let it write again. Public. */
export interface MuteBody extends Requested { readonly by: Controller; readonly seat: number; readonly muted: boolean }
/** The host or room admin set who writes in the day chat. Public. */
export interface ChatModeBody extends Requested { readonly by: Controller; readonly mode: ChatMode }
/** The host or room admin set the missed steps in a row after which a bot stands in for a player (idle.ts). Public. */
export interface IdleLimitBody extends Requested { readonly by: Controller; readonly limit: number }

export type Entry =
  | { readonly seq: number; readonly kind: 'claim'; readonly body: ClaimBody }
  | { readonly seq: number; readonly kind: 'release'; readonly body: ReleaseBody }
  | { readonly seq: number; readonly kind: 'close'; readonly body: CloseBody }
  | { readonly seq: number; readonly kind: 'timer'; readonly body: TimerBody }
  | { readonly seq: number; readonly kind: 'step'; readonly body: StepBody }
  | { readonly seq: number; readonly kind: 'pause'; readonly body: PauseBody }
  | { readonly seq: number; readonly kind: 'resume'; readonly body: ResumeBody }
  | { readonly seq: number; readonly kind: 'start'; readonly body: StartBody }
  | { readonly seq: number; readonly kind: 'next'; readonly body: NextBody }
  | { readonly seq: number; readonly kind: 'command'; readonly body: CommandBody }
  | { readonly seq: number; readonly kind: 'tap'; readonly body: TapBody }
  | { readonly seq: number; readonly kind: 'rename'; readonly body: RenameBody }
  | { readonly seq: number; readonly kind: 'chat'; readonly body: ChatBody }
  | { readonly seq: number; readonly kind: 'mute'; readonly body: MuteBody }
  | { readonly seq: number; readonly kind: 'chatMode'; readonly body: ChatModeBody }
  | { readonly seq: number; readonly kind: 'idleLimit'; readonly body: IdleLimitBody };

/** Who sent an entry's request, as command ids are kept (`by:id`, ids are per sender), or null when it has no id. */
export function requestKeyOf(e: Entry): string | null {
  // A person's claim is retried with its key (claimKeys.ts); a bot's, made by the room admin, with its id.
  if (e.kind === 'claim') return e.body.bot && e.body.id !== undefined ? requestKey('admin', e.body.id) : null;
  const id = e.body.id;
  if (id === undefined || id === null) return null;
  // A start and a release by the host name nobody (written so before the room admin existed).
  const by = 'by' in e.body && e.body.by !== undefined ? e.body.by : 'host';
  return requestKey(by, id);
}

export const requestKey = (by: CommandBody['by'] | RenameBody['by'], id: string): string => `${by}:${id}`;

