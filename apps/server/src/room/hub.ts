import { timeUpCommand, type Command, type GameState } from '@mafia/engine';
import type { Lobby, You } from '@mafia/protocol';
import type { Logger } from 'pino';
import { newSeed } from '../secrets.js';
import type { RoomRow, Storage } from '../storage/types.js';
import { processClock } from './clock.js';
import { errorText, refuse, RoomError, serverFailure } from './errors.js';
import type { CommandBody, Entry } from './records.js';
import { parseEntry } from './storedEntry.js';
import { Room } from './room.js';
import { gamesOfLog, type RoomGame } from './games.js';
import { CreationLedger, DEFAULT_ROOM_LIMITS, type RoomLimits, type SharedCreations } from './roomLimits.js';
import { duplicateAckFrame } from './frame.js';
import { sendUpdates } from './broadcast.js';
import { NO_STAGE_TIMES, stageNow, type StageTimes } from './stages.js';
import { lobbyOf, viewerOf } from './views.js';
import { DEFAULT_IDLE_MS, type Conn, type ManagerSeams, type Placement } from './managerTypes.js';
import { FencedError } from '../storage/fences.js';
import { RoomRows } from './rowCache.js';

/**
 * The rooms in memory and their connections (the base of RoomManager: manager.ts): loading, each
 * room's queue, who is in which room, broadcasting, and dropping idle rooms from memory.
 */
export abstract class RoomHub {
  protected readonly rooms = new Map<string, Room>();
  protected readonly codes = new Map<string, string>();
  protected readonly loading = new Map<string, Promise<Room | undefined>>();
  protected readonly members = new Map<string, Set<Conn>>();
  protected readonly tails = new Map<string, Promise<void>>();
  protected readonly alarms = new Map<string, NodeJS.Timeout>();
  /** Rooms nobody is connected to, each with the timer that drops it from memory. */
  protected readonly idle = new Map<string, NodeJS.Timeout>();
  protected closed = false;
  /**
   * The clock of every timer (clock.ts): the wall clock `now` read once, moved on by `mono`. Only
   * log records' `at` and rows' `createdAt` read the wall clock itself.
   */
  protected readonly clock: () => number;
  protected readonly ledger: CreationLedger;
  /** Several nodes: the same limits over all of them (null: this process counts alone). */
  protected readonly creations: SharedCreations | null;
  /** Creations between their cap check and their row: counted against MAX_OPEN_ROOMS too. */
  protected creating = 0;
  protected sweep: NodeJS.Timeout | null = null;
  protected readonly limits: RoomLimits;
  /**
   * Where each game's seed comes from. A test seam only (two games dealt alike, played apart):
   * the server never passes it, and nothing from HTTP or WebSocket reaches it.
   */
  protected readonly newGameSeed: () => number;
  /** FOR TESTS ONLY: every new step's timer drawn in by this (testClock.ts); 1, real time, in a club's server. */
  protected readonly timeScale: number;
  /** Where each message's stages are timed to (stages.ts). */
  protected readonly stages: StageTimes;
  /** Several nodes (issue 29): which rooms this node may hold; null, one process holds them all. */
  protected readonly placement: Placement | null;
  /** Rooms' rows by code (several nodes: those held elsewhere kept a few seconds; rowCache.ts). */
  protected readonly rows: RoomRows;

  constructor(
    protected readonly storage: Storage,
    protected readonly log: Logger,
    protected readonly now: () => number = Date.now,
    /** How long a room with nobody connected stays in memory (ms); its log stays, and it is loaded again on demand. */
    protected readonly idleMs: number = DEFAULT_IDLE_MS,
    /** The app host's step when a timer runs out (R-HOST-2: the engine's `timeUp`; a test may give another). */
    protected readonly appStep: (s: GameState) => Command | null = timeUpCommand,
    more: ManagerSeams = {},
  ) {
    this.clock = processClock(now, more.mono ?? (() => performance.now()));
    this.newGameSeed = more.newGameSeed ?? newSeed;
    this.limits = more.limits ?? DEFAULT_ROOM_LIMITS;
    this.timeScale = more.timeScale ?? 1;
    this.stages = more.stages ?? NO_STAGE_TIMES;
    this.ledger = new CreationLedger(this.limits);
    this.creations = more.creations ?? null;
    this.placement = more.placement ?? null;
    this.rows = new RoomRows(storage, this.placement);
    this.placement?.onLost((id) => this.dropMoved(id));
  }

  /** The server's time as its timers count it (epoch ms): the `now` clients set their clocks by (pong). */
  serverNow(): number {
    return this.clock();
  }

  /** Where each message's stages are timed to (stages.ts): the connections time their parse there too. */
  get stageTimes(): StageTimes {
    return this.stages;
  }

  /** Whether the room with this id is in memory now (for tests and /api/health). */
  inMemory(id: string): boolean {
    return this.rooms.has(id);
  }

  /** The game state of a room in memory, or undefined (no such room loaded, or not started): for the audits' scripts. */
  gameStateOf(id: string): GameState | undefined {
    return this.rooms.get(id)?.game?.state;
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  protected async loadRow(row: RoomRow): Promise<Room> {
    const records = await this.storage.readLog(row.id);
    const room = Room.load(row, records.map((r) => parseEntry(r.seq, r.kind, r.body)));
    this.rooms.set(row.id, room);
    this.codes.set(row.code, row.id);
    if ((room.ended || room.closed) && !row.ended) await this.storage.markEnded(row.id);
    return room;
  }

  /** The room with this code, from memory or from storage (`knownRow`: its row, read already). */
  async byCode(code: string, knownRow?: RoomRow): Promise<Room | undefined> {
    const id = this.codes.get(code);
    if (id !== undefined) return this.rooms.get(id);
    let p = this.loading.get(code);
    if (p === undefined) {
      p = (async () => {
        const row = knownRow ?? (await this.rows.byCode(code));
        if (!row) return undefined;
        const known = this.rooms.get(row.id);
        if (known) return known;
        // Several nodes: only the node holding the room's lease loads it (RoomElsewhere otherwise).
        await this.placement?.take(row.id);
        const room = this.rooms.get(row.id) ?? (await this.loadRow(row));
        if (row.ended && !room.started && !room.closed) {
          // Expired before its game started (expireUnstarted): as if there were no such room.
          this.evict(room);
          return undefined;
        }
        this.armTimer(room);
        this.syncBots(room);
        // A restart between a game's end and its held renames (renaming.ts): they are applied now.
        if (room.ended && !room.closed && room.seatNames.held.size > 0) void this.run(room, null, undefined, () => this.applyHeldRenames(room));
        // Loaded for a lobby look-up or a refused hello: it leaves memory again if nobody joins.
        this.idleLater(room);
        return room;
      })();
      this.loading.set(code, p);
      p.finally(() => this.loading.delete(code)).catch(() => {});
    }
    return p;
  }

  /**
   * The games a room has played, read from its durable log (read-only; the club links each seat of
   * each game to a member: club/services/games.ts). Empty for an unknown room or one not started.
   */
  async gamesOf(roomId: string): Promise<RoomGame[]> {
    return gamesOfLog(await this.storage.readLog(roomId));
  }

  async lobby(code: string): Promise<Lobby | undefined> {
    const room = await this.byCode(code);
    return room && lobbyOf(room);
  }

  /** Runs `job` after every earlier job of the room; a refusal goes to `conn` alone. */
  protected run(room: Room, conn: Conn | null, id: string | undefined, job: () => Promise<void>): Promise<void> {
    const key = room.row.id;
    // The message this job answers: its wait and its whole time are timed from its arrival (stages.ts).
    const arrival = conn?.arrival ?? null;
    const timed = arrival === null ? job : async () => {
      this.stages.observe('wait', stageNow() - arrival.parsed);
      await job();
      this.stages.observe('total', stageNow() - arrival.at);
    };
    const next = (this.tails.get(key) ?? Promise.resolve()).then(timed).catch((e: unknown) => {
      // Another node has taken the room over: nothing was written; this node lets it go.
      if (e instanceof FencedError) return this.dropMoved(key, conn, id);
      if (e instanceof RoomError) conn?.refused ? conn.refused(e.refusal, id) : conn?.send(errorText(e.refusal, id));
      else {
        this.log.error({ room: key, err: e instanceof Error ? e.message : String(e) }, 'room job failed');
        conn?.send(errorText(serverFailure(e), id));
      }
    });
    this.tails.set(key, next);
    return next;
  }

  protected broadcast(room: Room, entries: readonly Entry[], sender: Conn | null, ack: string | undefined): void {
    this.tellBots(room, entries);
    const conns = this.members.get(room.row.id);
    if (!conns) return this.broadcasted(room, entries);
    sendUpdates(room, entries, conns, sender, ack, this.stages);
    this.broadcasted(room, entries);
  }

  /** After every connection got its update of `entries`: what a later layer says about them (idle.ts). */
  protected broadcasted(_room: Room, _entries: readonly Entry[]): void {}

  protected join(conn: Conn, room: Room, you: You): void {
    // Leaving first only when it is another room: leaving this one could drop it from memory.
    if (conn.roomId !== room.row.id) this.leave(conn);
    conn.you = you;
    conn.roomId = room.row.id;
    let set = this.members.get(room.row.id);
    if (!set) this.members.set(room.row.id, (set = new Set()));
    set.add(conn);
    const t = this.idle.get(room.row.id);
    if (t) clearTimeout(t);
    this.idle.delete(room.row.id);
    // A seat is back: an app-hosted clock held for nobody goes on (holdWhileNobodyPlays).
    if (you.as === 'seat' && room.timer?.pausedAt !== undefined && !room.paused) this.rearmAndTell(room, conn);
  }

  /**
   * The alarm armed again after a seat came or the last one left: should that start or end the
   * hold (holdWhileNobodyPlays), every connection but `except` (welcomed next, with the clock as it
   * is then) gets an update of no entries with the clock now. Otherwise the room admin's panel and
   * the table's screen went on showing the clock stopped (or running) until the next step.
   */
  private rearmAndTell(room: Room, except: Conn | null): void {
    const before = room.timer;
    this.armTimer(room);
    const conns = this.members.get(room.row.id);
    if (room.timer === before || !conns) return;
    sendUpdates(room, [], [...conns].filter((c) => c !== except), null, undefined, this.stages);
  }

  /** After a connection's welcome (seating.ts): what a later layer tells it besides (idle.ts). */
  protected welcomed(_conn: Conn, _room: Room, _you: You): void {}

  /** Drops the room from memory after `idleMs` unless somebody joins it before. */
  protected idleLater(room: Room): void {
    const id = room.row.id;
    if (this.members.has(id) || this.closed) return;
    const old = this.idle.get(id);
    if (old) clearTimeout(old);
    const t = setTimeout(() => {
      this.idle.delete(id);
      this.evictIfUnwatched(room);
    }, this.idleMs);
    t.unref?.();
    this.idle.set(id, t);
  }

  /** Evicts the room in its queue (after every job already queued), if nobody has joined it meanwhile. */
  protected evictIfUnwatched(room: Room): void {
    const id = room.row.id;
    if (this.rooms.get(id) !== room) return;
    void this.run(room, null, undefined, async () => {
      if (this.members.has(id) || this.rooms.get(id) !== room) return;
      this.evict(room);
      this.log.debug({ room: id }, 'room dropped from memory');
    });
  }

  leave(conn: Conn): void {
    const id = conn.roomId;
    const wasSeat = conn.you?.as === 'seat';
    conn.roomId = null;
    conn.you = null;
    if (id === null) return;
    const set = this.members.get(id);
    set?.delete(conn);
    const room = this.rooms.get(id);
    // The last seat left: an app-hosted clock stops until one is back (holdWhileNobodyPlays).
    if (wasSeat && room && !this.seatConnected(id)) this.rearmAndTell(room, null);
    if (set && set.size === 0) {
      this.members.delete(id);
      // A finished game nobody watches leaves memory at once, any other room after `idleMs`; its log
      // stays, and byCode loads it again if asked.
      if (room?.ended || room?.closed) this.evictIfUnwatched(room!);
      else if (room) this.idleLater(room);
    }
  }

  protected seatConnected(roomId: string): boolean {
    for (const c of this.members.get(roomId) ?? []) if (c.you?.as === 'seat') return true;
    return false;
  }

  /** The room was taken over by another node: dropped here without another write (creation.ts). */
  protected abstract dropMoved(id: string, sender?: Conn | null, requestId?: string): void;

  protected evict(room: Room): void {
    const id = room.row.id;
    this.placement?.release(id);
    this.dropBots(id);
    this.rooms.delete(id);
    this.codes.delete(room.row.code);
    this.tails.delete(id);
    const alarm = this.alarms.get(id);
    if (alarm) clearTimeout(alarm);
    this.alarms.delete(id);
    const idle = this.idle.get(id);
    if (idle) clearTimeout(idle);
    this.idle.delete(id);
  }

  connectionCount(): number {
    let n = 0;
    for (const s of this.members.values()) n += s.size;
    return n;
  }

  protected async roomOrRefuse(code: string): Promise<Room> {
    const room = await this.byCode(code);
    if (!room) return refuse('no-room', `there is no room with the code ${code}`, { path: 'room' });
    return room;
  }

  /** Sends `text` to the room's connections of the kinds in `to` only (host and admin messages no seat or spectator may get). */
  protected tell(room: Room, to: readonly You['as'][], text: string): void {
    for (const c of this.members.get(room.row.id) ?? []) if (c.you !== null && to.includes(c.you.as)) c.send(text);
  }

  /**
   * A request id this sender has had applied before (of any kind, at any time in the room's life):
   * answered with the seq it was applied at, in the sender's own numbering, and nothing is changed.
   */
  protected answeredAsDuplicate(conn: Conn, room: Room, by: CommandBody['by'], id: string | undefined): boolean {
    const seq = id === undefined ? undefined : room.appliedAt(by, id);
    if (id === undefined || seq === undefined) return false;
    conn.send(duplicateAckFrame(id, room.numbering.at(seq, viewerOf(conn.you!))));
    return true;
  }

  protected roomOf(conn: Conn): Room {
    const room = conn.roomId === null ? undefined : this.rooms.get(conn.roomId);
    if (!room || conn.you === null) return refuse('not-in-room', 'send hello or claim first');
    return room;
  }

  /** The room's bots (bots.ts): seated or stopped as its claims say; told the entries; dropped with the room. */
  protected abstract syncBots(room: Room): void;
  protected abstract tellBots(room: Room, entries: readonly Entry[]): void;
  protected abstract dropBots(roomId: string): void;

  /** Re-arms the room's timer (clockwork.ts). */
  protected abstract armTimer(room: Room): void;

  /** Applies the renames held for the end of the game (renaming.ts); in the room's queue. */
  protected abstract applyHeldRenames(room: Room): Promise<void>;
}
