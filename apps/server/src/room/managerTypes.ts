import type { Command, GameState } from '@mafia/engine';
import type { CreatedRoom, You } from '@mafia/protocol';
import type { LogRecord } from '../storage/types.js';
import type { Refusal } from './errors.js';
import type { Entry } from './records.js';
import type { RoomLimits, SharedCreations } from './roomLimits.js';
import type { StageTimes } from './stages.js';

/** The room manager's types (manager.ts re-exports them). */
/** The manager's optional parts: tests give their own; the server gives the limits only. */
export interface ManagerSeams {
  /** The monotonic clock (ms) the timers run on; a test may give one it moves itself. */
  readonly mono?: () => number;
  /** Where each game's seed comes from (a test seam only: never reachable from HTTP or WebSocket). */
  readonly newGameSeed?: () => number;
  /** The room limits (roomLimits.ts; DEFAULT_ROOM_LIMITS). */
  readonly limits?: RoomLimits;
  /** FOR TESTS ONLY: the test clock's scale of every new step (testClock.ts; MAFIA_TEST_TIME_SCALE, 1 = real time). */
  readonly timeScale?: number;
  /** Where the stages of each message are timed to (stages.ts; http/metrics.ts). */
  readonly stages?: StageTimes;
  /** Several nodes (issue 29): which node holds each room (cluster/leases.ts); absent, this process holds every room. */
  readonly placement?: Placement;
  /** Several nodes: the room limits per address counted over all of them (cluster/creations.ts). */
  readonly creations?: SharedCreations;
}

/**
 * Where rooms live when several nodes share one database (issue 29). A node holds a room in memory
 * only while it holds the room's lease; everything else reaches the room through that node.
 */
export interface Placement {
  /**
   * Before a room is loaded into memory (or right after it was made): resolves once this node holds
   * it; throws RoomElsewhere (errors.ts) naming the node that does, or a RoomError when none can be
   * reached.
   */
  take(roomId: string): Promise<void>;
  /** The room left this node's memory: its lease is given up (if still this node's). */
  release(roomId: string): void;
  /** `handler` is told of each room this node has lost (another node took it over). */
  onLost(handler: (roomId: string) => void): void;
  /** Whether this node holds the room now. */
  holds(roomId: string): boolean;
}

/** A client connection as the rooms see it. */
export interface Conn {
  readonly id: number;
  you: You | null;
  roomId: string | null;
  send(text: string): void;
  /**
   * The message being handled now, from this connection (stages.ts): when its frame arrived and when
   * it had been parsed (monotonic ms). Absent for a room's own jobs (timers) and for bots.
   */
  arrival?: Arrival | null;
  /**
   * A refusal of a room job for this connection: sent, and counted as a strike when it is one (a
   * wrong seat code, a wrong key). Without it the error is only sent.
   */
  refused?(r: Refusal, id?: string): void;
  /** The room moved to another node: told so (naming the request not recorded, if any) and closed; the client reconnects (cluster mode). */
  moved?(requestId?: string): void;
}

export interface Arrival {
  readonly at: number;
  readonly parsed: number;
}

export type Created = CreatedRoom;

/**
 * Asked before a room deals its next game: null when the room's seats may play it, else why not
 * (a club table whose seats changed: a leaver without a replacement, a new seating). Issue 24.
 */
export type NextGameCheck = (roomId: string, gameNo: number) => Promise<Refusal | null>;

/** A `claim` as the manager takes it (the wire message's fields; see packages/protocol client.ts). */
export interface ClaimRequest {
  readonly seat: number | 'draw';
  readonly name?: string;
  readonly lastSeq?: number;
  readonly seatCode?: string;
  readonly key?: string;
}

export const toRecord = (e: Entry, at: number): LogRecord => ({ seq: e.seq, kind: e.kind, body: JSON.stringify(e.body), at });

/** How long a room nobody is connected to stays in memory by default: 10 minutes (ROOM_IDLE_SECONDS). */
export const DEFAULT_IDLE_MS = 10 * 60_000;
