import type { GameView, Pending } from '@mafia/engine';
import type { AppAlert, Auth, Lobby, LogItem, SeatCode, TimerView, You } from '@mafia/protocol';

/** The state a RoomClient shows its screens, and what it is made with (client.ts). */

export type Status = 'connecting' | 'open' | 'closed';

/**
 * A refusal: an `error` message, or one the client makes itself (`connection-lost`, `closed`,
 * `bad-server-message` for a frame that is not a server message).
 */
export interface WireError {
  readonly code: string;
  readonly message: string;
  readonly rule?: string;
  readonly path?: string;
  readonly id?: string;
}

export interface RoomState {
  readonly status: Status;
  /** Who this connection is in the room (null until the first welcome). */
  readonly you: You | null;
  readonly lobby: Lobby | null;
  /** The engine's view for this viewer; null before the start. */
  readonly view: GameView | null;
  /** The decisions this viewer may make now. */
  readonly pending: readonly Pending[];
  readonly timer: TimerView | null;
  /** The last log entry seen (this viewer's numbering); 0 = none. */
  readonly seq: number;
  readonly lastError: WireError | null;
  /** Every log item received, in seq order, without repeats. */
  readonly log: readonly LogItem[];
  /** Ids of the commands sent and not answered yet. */
  readonly unacked: readonly string[];
  /** Server clock minus this device's clock (ms), from the last pong; 0 before one. */
  readonly clockOffset: number;
  /** Failed connection attempts since the last welcome. */
  readonly attempt: number;
  /**
   * Room admin only: the app host's step the engine refused (the room waits for skip or undo);
   * cleared when the game moves on. Optional so that states built elsewhere need not name it.
   */
  readonly alert?: AppAlert | null;
  /** Host or room admin only, after the start: each free seat's code (shown to whoever sits down there). */
  readonly seatCodes?: readonly SeatCode[];
  /**
   * This device's seat was given to somebody else (issue 24: a replacement; the error
   * `seat-renamed`): which seat, and the name it has now (from the lobby, when known). Kept until
   * the page goes: the phone says so instead of going back to the lobby.
   */
  readonly seatLost?: { readonly seat: number; readonly name: string | null };
  /**
   * Online rooms, this seat only (issue 26, idle players): the steps it missed in a row, the room's
   * limit, and whether a bot plays it until its person is back. Absent until the server says.
   */
  readonly idle?: { readonly misses: number; readonly limit: number; readonly standIn: boolean };
  /** Host or room admin of an online room: the seats that missed public steps (votes) in a row. */
  readonly idleSeats?: readonly { readonly seat: number; readonly misses: number }[];
}

export const INITIAL_ROOM_STATE: RoomState = {
  status: 'closed', you: null, lobby: null, view: null, pending: [], timer: null, seq: 0,
  lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0, alert: null, seatCodes: [],
};

/** The part of a WebSocket this client uses (the browser's WebSocket and the `ws` package both fit). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code?: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

/** A claim sent and not answered yet: its key is re-sent with it, so the server answers the same seat. */
export interface PendingClaim {
  readonly seat: number | 'draw';
  readonly key: string;
  readonly name?: string;
}

/** Where a claimed seat's token goes, and the key of a claim not answered yet (secrets.ts fits). */
export interface SeatTokenStore {
  setSeat(code: string, seat: number, token: string): void;
  forgetSeat(code: string): void;
  getPendingClaim?(code: string): PendingClaim | null;
  setPendingClaim?(code: string, claim: PendingClaim): void;
  forgetPendingClaim?(code: string): void;
}

/** The clock and timers, injected so the tests drive them by hand. */
export interface ClockOptions {
  readonly now?: () => number;
  readonly setTimeout?: (f: () => void, ms: number) => unknown;
  readonly clearTimeout?: (t: unknown) => void;
}

export interface RoomClientOptions extends ClockOptions {
  /** The room code. */
  readonly code: string;
  /** How to enter: host (key), seat (token) or spectator. */
  readonly auth: Auth;
  /** ws:// or wss:// URL of /ws; default: this page's origin. */
  readonly url?: string;
  /** Makes the socket; default `new WebSocket(url)`. */
  readonly socket?: SocketFactory;
  readonly tokens?: SeatTokenStore;
  /** Backoff: first delay, cap (ms). Default 500 ms doubling up to 15 s, with ±20 % jitter. */
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  /** Ping this often while open (ms; 0 = never). Default 25 s. A ping not answered within `pongTimeoutMs` drops the connection. */
  readonly pingEveryMs?: number;
  readonly pongTimeoutMs?: number;
  readonly random?: () => number;
  /** Makes command ids (unique per client); default a random prefix and a counter. */
  readonly newId?: () => string;
  /** Makes a claim's key (default 128 random bits from crypto.getRandomValues, in hex). */
  readonly newClaimKey?: () => string;
}

/** A client message before the socket adds `v`. */
export type Outgoing = Record<string, unknown> & { type: string };
