import type { ChatChannel, ChatMode, GameView, Pending, ProjectedEvent } from '@mafia/engine';
import type { AdminKey, HostKey, RoomCode, RoomId, SeatToken } from './ids.js';
import type { RoomMode, TimerView } from './rooms.js';
import type { SignalData, WireMediaPeer } from './signal.js';
import type { PROTOCOL_VERSION } from './version.js';

type V = typeof PROTOCOL_VERSION;

/**
 * Who a connection is in its room. The `admin` (the creator of an `app` or `online` room) runs the
 * room but sees exactly what a spectator sees.
 */
export type You = { readonly as: 'host' } | { readonly as: 'admin' } | { readonly as: 'seat'; readonly seat: number } | { readonly as: 'spectator' };

/**
 * The app host could not take a step (the engine refused its command): sent to the room admin's
 * connections once per refusal (and in a later admin `welcome` while it stands). The room waits:
 * the admin may `skip` the step or undo the app host's last step. `code` is the engine's refusal
 * code; the engine's own text is not sent (it may name a seat's role).
 */
export interface AppAlert {
  readonly code: string;
  readonly rule?: string;
  /** The command the app host tried (`timeUp`, …). */
  readonly command: string;
  /** What happened and the way out, in English (clients show their own text for `code`). */
  readonly message: string;
  /** When it was refused (epoch ms). */
  readonly at: number;
}

/** The public lobby: which seats are taken, by whom, and whether the game has begun. */
export interface Lobby {
  readonly room: RoomId;
  readonly code: RoomCode;
  readonly preset: string;
  readonly mode: RoomMode;
  readonly seats: number;
  /** Index = seat - 1: the name the seat was claimed with, or null while it is free. */
  readonly claimed: readonly (string | null)[];
  /** The seats a bot plays (the room admin's `bot`), in seat order; absent when no bot plays. */
  readonly bots?: readonly number[];
  /** Online rooms: the seats the host or room admin muted in the chat, in seat order; absent when none is. */
  readonly muted?: readonly number[];
  /** Online rooms: who writes in the day chat; absent means `free` (every living player). */
  readonly chatMode?: ChatMode;
  /** Online rooms: the missed steps in a row after which a bot stands in for a player; absent means 2. */
  readonly idleLimit?: number;
  /**
   * Index = seat − 1: the name the host or the club gave the seat (a replacement for a player who
   * left), or null. Absent when no seat was renamed. The next game deals the seat under this name.
   */
  readonly renamed?: readonly (string | null)[];
  /** Renames asked during the running game, applied when it ends (absent when there are none). */
  readonly heldRenames?: readonly { readonly seat: number; readonly name: string }[];
  readonly started: boolean;
  /** The game being played (or the last one played) at this table: 1, then 2 after «Новая игра с теми же местами», … */
  readonly game: number;
  readonly ended: boolean;
  /** The host closed the room: it accepts nothing more (its log can still be read). */
  readonly closed: boolean;
}

/**
 * One entry of the room log as a viewer may see it. `seq` numbers the entries this viewer may see
 * (claims, the start, every accepted command and every timer step; not other seats' night acts),
 * not the engine's events: a client that saw `seq` asks for what came after it.
 */
export type LogItem =
  | { readonly seq: number; readonly kind: 'claim'; readonly seat: number; readonly name: string; readonly bot?: true }
  /** The host freed the seat: its old token no longer works; it may be claimed again. */
  | { readonly seq: number; readonly kind: 'release'; readonly seat: number }
  /** The host closed the room. */
  | { readonly seq: number; readonly kind: 'close' }
  /**
   * The seat was renamed (a replacement took it): between games its old token stops working and it
   * is claimed again with a new code; `held`: asked during the game, it applies when the game ends.
   */
  | { readonly seq: number; readonly kind: 'rename'; readonly seat: number; readonly name: string; readonly held?: true }
  /** The clock was stopped (`remaining` ms were left of the running step's timer; none when no step was timed). */
  | { readonly seq: number; readonly kind: 'pause'; readonly remaining: number | null }
  /** The clock runs again (the running step's new deadline, if a step is timed). */
  | { readonly seq: number; readonly kind: 'resume'; readonly deadline: number | null }
  /** The host opened night step `step` on his console (human rooms; also the message's `timer.step`). */
  | { readonly seq: number; readonly kind: 'step'; readonly step: number }
  /**
   * This seat's own night tap in a step where it had no act (the decoy), recorded at night `night`,
   * step `step`: sent to that seat alone (its ack), never to anybody else, nor counted by them.
   */
  | { readonly seq: number; readonly kind: 'tap'; readonly seat: number; readonly night: number; readonly step: number }
  /**
   * A chat line (online rooms): `by` a seat, the human host or the room admin. A viewer gets only
   * the lines of the channels he may read (the mafia's meeting: the living mafia; the dead's chat:
   * the dead), numbered in his own sequence like every other item: nobody counts lines he is not sent.
   */
  | { readonly seq: number; readonly kind: 'chat'; readonly channel: ChatChannel; readonly by: 'host' | 'admin' | number; readonly text: string }
  /** The host or room admin muted the seat in the chat (`muted: false`: may write again). */
  | { readonly seq: number; readonly kind: 'mute'; readonly seat: number; readonly muted: boolean }
  /** The host or room admin set who writes in the day chat. */
  | { readonly seq: number; readonly kind: 'chatMode'; readonly mode: ChatMode }
  /** The host or room admin set the room's idle limit (missed steps in a row before a bot stands in). */
  | { readonly seq: number; readonly kind: 'idleLimit'; readonly limit: number }
  /** The host moved the running step's deadline (also in the message's `timer`). */
  | { readonly seq: number; readonly kind: 'timer'; readonly deadline: number }
  /**
   * `admin`: the room admin's `skip` (a `timeUp`), undo of the app host's last step or next game.
   * `hidden` only in rooms whose log was written before the server recorded who may see an entry:
   * there an entry the viewer sees no event of keeps its sender unnamed (wire-protocol.md).
   */
  | {
      readonly seq: number; readonly kind: 'events'; readonly by: 'host' | 'app' | 'admin' | 'hidden' | number; readonly events: readonly ProjectedEvent[];
      /**
       * Only on the entry that starts the next game at the same table (`next`): that game's number
       * (2, 3, …). The items before it belong to the games before; a client keeps the items from here on.
       */
      readonly game?: number;
    };

/** Every message the server sends. */
export type ServerMessage =
  | {
      readonly v: V; readonly type: 'welcome'; readonly you: You; readonly lobby: Lobby; readonly seq: number;
      /** Only in the answer to `claim`: keep it to come back to the seat. Sent once, never again. */
      readonly token?: SeatToken;
      /** What the client missed after its `lastSeq` (empty without one). */
      readonly items: readonly LogItem[];
      readonly view: GameView | null; readonly pending: readonly Pending[]; readonly timer: TimerView | null;
      /** Only to the room admin, while the app host's last refused step stands (see `alert`). */
      readonly alert?: AppAlert;
    }
  | {
      readonly v: V; readonly type: 'update'; readonly seq: number; readonly items: readonly LogItem[];
      /** Present when the lobby changed: a seat was claimed, the game started or ended. */
      readonly lobby?: Lobby;
      /**
       * The game as this viewer sees it now. Absent (all three) from an update whose entries change
       * nothing of the game (a chat line, a mute, the chat mode, the idle limit): the client keeps
       * what it has. A line of chat costs the server no view per reader (issue 26's load).
       */
      readonly view?: GameView | null; readonly pending?: readonly Pending[]; readonly timer?: TimerView | null;
      /** Set in the sender's copy: the id of its command this update answers. */
      readonly ack?: string;
    }
  | { readonly v: V; readonly type: 'ack'; readonly id: string; readonly seq: number; readonly duplicate: true }
  /**
   * Online rooms, to one seat's own connections only (issue 26, idle players): the steps it missed
   * in a row (a required night act, a vote), the room's limit, and whether a bot plays the seat for
   * its person now (from the limit on, until he sends anything: `back`, a command, a tap). Nobody
   * else is sent it: a missed night act is the seat's secret.
   */
  | { readonly v: V; readonly type: 'idle'; readonly misses: number; readonly limit: number; readonly standIn: boolean }
  /**
   * Online rooms, to the host's and room admin's connections: the seats that missed public steps
   * (votes) in a row, and how many; empty when none did. Only what the whole table saw counts here.
   */
  | { readonly v: V; readonly type: 'idleSeats'; readonly seats: readonly { readonly seat: number; readonly misses: number }[] }
  | { readonly v: V; readonly type: 'error'; readonly code: string; readonly message: string; readonly rule?: string; readonly path?: string; readonly id?: string }
  | { readonly v: V; readonly type: 'pong'; readonly now: number }
  /** To the room admin's connections only: the app host's step was refused (see AppAlert). */
  | ({ readonly v: V; readonly type: 'alert' } & AppAlert)
  /**
   * To the host's (human rooms) or room admin's (app/online rooms) connections only, never to a
   * seat or a spectator: the code of each free seat once the game has started. Sent after their
   * welcome and whenever a code changes (the start, a claim, a release, a code replaced after 3
   * wrong tries); the whole list each time. Empty before the start and when no seat is free.
   */
  | { readonly v: V; readonly type: 'seatCodes'; readonly codes: readonly SeatCode[] }
  /**
   * WebRTC signalling from peer `from` (a seat, or `host`: the human host or the room admin), relayed
   * to this connection because the media policy links the pair now (client `signal`). Not logged.
   */
  | { readonly v: V; readonly type: 'signal'; readonly from: WireMediaPeer; readonly data: SignalData };

/** A free seat of a started game and the code that claims it (`claim.seatCode`). */
export interface SeatCode { readonly seat: number; readonly code: string }

export type ServerMessageType = ServerMessage['type'];

/**
 * POST /api/rooms answers this: a `human` room's `hostKey`, or an `app` / `online` room's
 * `adminKey` (never both). Shown once; the server keeps only its hash.
 */
export type CreatedRoom = { readonly room: RoomId; readonly code: RoomCode; readonly link: string } & (
  | { readonly hostKey: HostKey; readonly adminKey?: never }
  | { readonly adminKey: AdminKey; readonly hostKey?: never }
);
