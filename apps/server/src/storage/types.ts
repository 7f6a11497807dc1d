import type { Kysely } from 'kysely';
import type { Fences } from './fences.js';

/** A room as stored: what it was created with. Its game lives in its log. */
/** How a room's deck differs from its preset's recommended one (the `deal` column, JSON). */
export interface RoomDeal {
  readonly composition?: readonly string[];
  readonly modifications?: readonly string[];
}

export interface RoomRow {
  readonly id: string;
  readonly code: string;
  readonly preset: string;
  readonly mode: string;
  readonly seats: number;
  /** JSON of the preset options the room was created with ({} for the defaults). */
  readonly options: string;
  /** JSON of the seat names given at creation ([] for none). */
  readonly names: string;
  /** JSON of the step lengths (Timers). */
  readonly timers: string;
  /** JSON of how the deck differs from the preset's: `{composition?, modifications?}` ({} for none). */
  readonly deal: string;
  /** The recorded seed the roles are dealt from (0 .. 2^31 - 1). */
  readonly seed: number;
  /** SHA-256 of the host key (hex): the key itself is never stored. */
  readonly hostKeyHash: string;
  readonly createdAt: number;
  readonly ended: boolean;
  /** Listed in the lobby of open games while it waits for players (online rooms only); absent: private. */
  readonly public?: boolean;
  /** The language the table plays in (ru, en), as its creator said; absent when not said. */
  readonly language?: string;
}

/** A public room that may be waiting for players, as the lobby of open games reads it (no keys, no seed). */
export interface OpenRoomRow {
  readonly id: string;
  readonly code: string;
  readonly preset: string;
  readonly seats: number;
  readonly language: string | null;
  readonly createdAt: number;
}

/** What a room's seats went through (claim, release, rename entries): the seats taken are folded from these. */
export interface SeatRecord extends LogRecord {
  readonly roomId: string;
}

/** One entry of a room's log: `seq` counts from 1 without gaps; `body` is JSON. */
export interface LogRecord {
  readonly seq: number;
  readonly kind: string;
  readonly body: string;
  readonly at: number;
}

/** Two appends raced for the same sequence number: the log already has it; nothing was written. */
export class SeqConflictError extends Error {
  constructor(readonly roomId: string, readonly seq: number) {
    super(`room ${roomId} already has log entry ${seq}`);
  }
}

/**
 * Everything the server keeps, behind one interface with two back ends (SQLite, PostgreSQL).
 * An append is durable when its promise resolves: the server sends nothing before that.
 */
/** Told of each group commit of the room log (http/metrics.ts): how long it took (ms) and how many writes it held. */
export type BatchTimes = (ms: number, writes: number) => void;

export interface Storage {
  readonly kind: 'sqlite' | 'postgres';
  /** Told of each group commit of the room log (the time of the commit itself, without the wait for the one before). */
  batchTimes?: BatchTimes | null;
  /**
   * The database itself, for the club's tables (apps/server/src/club): they are written on this
   * connection, not through the room log's writer thread. Typed by the club (club/schema.ts).
   */
  readonly db: Kysely<any>;
  /** Cluster mode (PostgreSQL only): the fencing tokens every append is checked against (fences.ts). */
  fences?: Fences | null;
  migrate(): Promise<void>;
  createRoom(room: RoomRow): Promise<void>;
  roomById(id: string): Promise<RoomRow | undefined>;
  roomByCode(code: string): Promise<RoomRow | undefined>;
  /** Rooms whose game has not ended (the server does not load them at start: it loads a room when it is used). */
  openRooms(): Promise<RoomRow[]>;
  /** How many rooms are open (not ended, not closed, not expired): MAX_OPEN_ROOMS counts these. */
  countOpenRooms(): Promise<number>;
  /** Open rooms created before `before` (epoch ms) whose game never started: they expire (ROOM_UNSTARTED_TTL_HOURS). */
  unstartedBefore(before: number): Promise<string[]>;
  /**
   * The lobby of open games: public online rooms not ended (closed, expired) whose game never
   * started, created at or after `since` (epoch ms), the newest first, at most `limit`.
   */
  publicUnstarted(since: number, limit: number): Promise<OpenRoomRow[]>;
  /** The claim, release and rename entries of these rooms, in each room's order (a few per room before its start). */
  seatRecords(roomIds: readonly string[]): Promise<SeatRecord[]>;
  markEnded(id: string): Promise<void>;
  /** The room plays again (the next game at the same table): resumed at start again. */
  markOpen(id: string): Promise<void>;
  /** Appends records atomically (all or none); a taken seq throws SeqConflictError. */
  append(roomId: string, records: readonly LogRecord[]): Promise<void>;
  /** The log entries after `afterSeq`, in order. */
  readLog(roomId: string, afterSeq?: number): Promise<LogRecord[]>;
  /**
   * Whether writes work: null when they do, or why they do not (the writer thread died, the disk
   * is full, the database is unreachable). In a failed state it tries one probe write (at most
   * once a second) so that a recovered disk is seen without waiting for a game's command.
   */
  health(): Promise<string | null>;
  close(): Promise<void>;
}
