import type { GameView, Pending, ProjectedEvent } from '@mafia/engine';
import type { RoomCode, RoomId, SeatToken } from './ids.js';
import type { RoomMode, TimerView } from './rooms.js';
import type { PROTOCOL_VERSION } from './version.js';

type V = typeof PROTOCOL_VERSION;

/** Who a connection is in its room. */
export type You = { readonly as: 'host' } | { readonly as: 'seat'; readonly seat: number } | { readonly as: 'spectator' };

/** The public lobby: which seats are taken, by whom, and whether the game has begun. */
export interface Lobby {
  readonly room: RoomId;
  readonly code: RoomCode;
  readonly preset: string;
  readonly mode: RoomMode;
  readonly seats: number;
  /** Index = seat - 1: the name the seat was claimed with, or null while it is free. */
  readonly claimed: readonly (string | null)[];
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
  | { readonly seq: number; readonly kind: 'claim'; readonly seat: number; readonly name: string }
  /** The host freed the seat: its old token no longer works; it may be claimed again. */
  | { readonly seq: number; readonly kind: 'release'; readonly seat: number }
  /** The host closed the room. */
  | { readonly seq: number; readonly kind: 'close' }
  /** The host moved the running step's deadline (also in the message's `timer`). */
  | { readonly seq: number; readonly kind: 'timer'; readonly deadline: number }
  | {
      readonly seq: number; readonly kind: 'events'; readonly by: 'host' | 'app' | 'hidden' | number; readonly events: readonly ProjectedEvent[];
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
    }
  | {
      readonly v: V; readonly type: 'update'; readonly seq: number; readonly items: readonly LogItem[];
      /** Present when the lobby changed: a seat was claimed, the game started or ended. */
      readonly lobby?: Lobby; readonly view: GameView | null; readonly pending: readonly Pending[]; readonly timer: TimerView | null;
      /** Set in the sender's copy: the id of its command this update answers. */
      readonly ack?: string;
    }
  | { readonly v: V; readonly type: 'ack'; readonly id: string; readonly seq: number; readonly duplicate: true }
  | { readonly v: V; readonly type: 'error'; readonly code: string; readonly message: string; readonly rule?: string; readonly path?: string; readonly id?: string }
  | { readonly v: V; readonly type: 'pong'; readonly now: number };

export type ServerMessageType = ServerMessage['type'];
