import { createGame, HOST, timeUpCommand, type Actor, type Command, type Game, type GameState, type SeatNo } from '@mafia/engine';
import { PROTOCOL_VERSION, type Auth, type CreatedRoom, type CreateRoomRequest, type Lobby, type RoomCode, type RoomId, type You } from '@mafia/protocol';
import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import { hashSecret, newAdminKey, newHostKey, newRoomCode, newRoomId, newSeed, secretMatches } from '../secrets.js';
import { claimMadeWith, newClaimSecret } from './claimKeys.js';
import type { LogRecord, RoomDeal, RoomRow, Storage } from '../storage/types.js';
import { processClock } from './clock.js';
import { alertOf, checkAdminCommand, controllerMode, controllerOf, refuseWrongKeyKind } from './admin.js';
import { errorText, refuse, RoomError, serverFailure, type Refusal } from './errors.js';
import { mayEndOwnTurn } from './selfService.js';
import { parseEntry, type CommandBody, type Entry } from './records.js';
import { Room } from './room.js';
import { tapEntry } from './tap.js';
import { gamesOfLog, type RoomGame } from './games.js';
import { pauseTimer, resumeTimer } from './pause.js';
import { CreationLedger, DEFAULT_ROOM_LIMITS, type RoomLimits } from './roomLimits.js';
import { timersFor } from './timers.js';
import { alertText, lobbyOf, seatCodesText, updateText, viewerKey, viewerOf, welcomeText } from './views.js';

/** The manager's optional parts: tests give their own; the server gives the limits only. */
export interface ManagerSeams {
  /** The monotonic clock (ms) the timers run on; a test may give one it moves itself. */
  readonly mono?: () => number;
  /** Where each game's seed comes from (a test seam only: never reachable from HTTP or WebSocket). */
  readonly newGameSeed?: () => number;
  /** The room limits (roomLimits.ts; DEFAULT_ROOM_LIMITS). */
  readonly limits?: RoomLimits;
}

/** A client connection as the rooms see it. */
export interface Conn {
  readonly id: number;
  you: You | null;
  roomId: string | null;
  send(text: string): void;
  /**
   * A refusal of a room job for this connection: sent, and counted as a strike when it is one (a
   * wrong seat code, a wrong key). Without it the error is only sent.
   */
  refused?(r: Refusal, id?: string): void;
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

const toRecord = (e: Entry, at: number): LogRecord => ({ seq: e.seq, kind: e.kind, body: JSON.stringify(e.body), at });

/** How long a room nobody is connected to stays in memory by default: 10 minutes (ROOM_IDLE_SECONDS). */
export const DEFAULT_IDLE_MS = 10 * 60_000;

/** How often rooms that never started are looked for and expired (ROOM_UNSTARTED_TTL_HOURS). */
const EXPIRY_SWEEP_MS = 10 * 60_000;

/**
 * The rooms: every change to a room runs in that room's queue, one at a time, as
 * command → engine → durable append → take in → broadcast. Nothing is sent before the append
 * has resolved, so a crash can lose only what no client has seen.
 */
export class RoomManager {
  private readonly rooms = new Map<string, Room>();
  private readonly codes = new Map<string, string>();
  private readonly loading = new Map<string, Promise<Room | undefined>>();
  private readonly members = new Map<string, Set<Conn>>();
  private readonly tails = new Map<string, Promise<void>>();
  private readonly alarms = new Map<string, NodeJS.Timeout>();
  /** Rooms nobody is connected to, each with the timer that drops it from memory. */
  private readonly idle = new Map<string, NodeJS.Timeout>();
  private closed = false;
  /**
   * The clock of every timer (clock.ts): the wall clock `now` read once, moved on by `mono`. Only
   * log records' `at` and rows' `createdAt` read the wall clock itself.
   */
  private readonly clock: () => number;
  private readonly ledger: CreationLedger;
  /** Creations between their cap check and their row: counted against MAX_OPEN_ROOMS too. */
  private creating = 0;
  private sweep: NodeJS.Timeout | null = null;
  /** What the room's owner (a club table) says about the next game's seats (setNextGameCheck). */
  private nextGameCheck: NextGameCheck | null = null;
  private readonly limits: RoomLimits;
  /**
   * Where each game's seed comes from. A test seam only (two games dealt alike, played apart):
   * the server never passes it, and nothing from HTTP or WebSocket reaches it.
   */
  private readonly newGameSeed: () => number;

  constructor(
    private readonly storage: Storage,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
    /** How long a room with nobody connected stays in memory (ms); its log stays, and it is loaded again on demand. */
    private readonly idleMs: number = DEFAULT_IDLE_MS,
    /** The app host's step when a timer runs out (R-HOST-2: the engine's `timeUp`; a test may give another). */
    private readonly appStep: (s: GameState) => Command | null = timeUpCommand,
    more: ManagerSeams = {},
  ) {
    this.clock = processClock(now, more.mono ?? (() => performance.now()));
    this.newGameSeed = more.newGameSeed ?? newSeed;
    this.limits = more.limits ?? DEFAULT_ROOM_LIMITS;
    this.ledger = new CreationLedger(this.limits);
  }

  /** The server's time as its timers count it (epoch ms): the `now` clients set their clocks by (pong). */
  serverNow(): number {
    return this.clock();
  }

  /** Whether the room with this id is in memory now (for tests and /api/health). */
  inMemory(id: string): boolean {
    return this.rooms.has(id);
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  /**
   * At start: rooms are NOT loaded here (a thousand open rooms cost 464 MiB and 6.4 s to load):
   * `byCode` loads a room when somebody uses it, and an app-hosted room's clock runs only while a
   * seat is connected anyway. Expires the rooms that never started and keeps doing so; answers how
   * many rooms are open.
   */
  async resumeAll(): Promise<number> {
    await this.expireUnstarted();
    if (this.sweep === null && !this.closed) {
      this.sweep = setInterval(() => {
        this.ledger.prune(this.now());
        this.expireUnstarted().catch((e: unknown) => this.log.error({ err: e instanceof Error ? e.message : String(e) }, 'expiring rooms failed'));
      }, EXPIRY_SWEEP_MS);
      this.sweep.unref?.();
    }
    return this.storage.countOpenRooms();
  }

  /**
   * Closes (marks ended) every room whose game never started within ROOM_UNSTARTED_TTL_HOURS of
   * its creation, except one somebody is connected to: a table that is still gathering is left
   * alone. An expired room is neither loaded nor counted; its code answers no-room.
   */
  async expireUnstarted(): Promise<number> {
    const ids = await this.storage.unstartedBefore(this.now() - this.limits.unstartedTtlMs);
    let n = 0;
    for (const id of ids) {
      if (this.members.has(id)) continue;
      const room = this.rooms.get(id);
      const expire = async () => {
        if (this.members.has(id) || room?.started) return;
        if (room) this.evict(room);
        await this.storage.markEnded(id);
        this.ledger.settled(id);
        n++;
      };
      // In the room's queue when it is in memory, so it never races a start.
      if (room) await this.run(room, null, undefined, expire);
      else await expire();
    }
    if (n > 0) this.log.info({ rooms: n }, 'rooms that never started expired');
    return n;
  }

  private async loadRow(row: RoomRow): Promise<Room> {
    const records = await this.storage.readLog(row.id);
    const room = Room.load(row, records.map((r) => parseEntry(r.seq, r.kind, r.body)));
    this.rooms.set(row.id, room);
    this.codes.set(row.code, row.id);
    if ((room.ended || room.closed) && !row.ended) await this.storage.markEnded(row.id);
    return room;
  }

  /** The room with this code, from memory or from storage. */
  async byCode(code: string): Promise<Room | undefined> {
    const id = this.codes.get(code);
    if (id !== undefined) return this.rooms.get(id);
    let p = this.loading.get(code);
    if (p === undefined) {
      p = (async () => {
        const row = await this.storage.roomByCode(code);
        if (!row) return undefined;
        const known = this.rooms.get(row.id);
        if (known) return known;
        const room = await this.loadRow(row);
        if (row.ended && !room.started && !room.closed) {
          // Expired before its game started (expireUnstarted): as if there were no such room.
          this.evict(room);
          return undefined;
        }
        this.armTimer(room);
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

  /**
   * Creates a room for the client at `address` (the HTTP request's), within the room limits
   * (ROOMS_PER_ADDRESS_PER_HOUR, UNSTARTED_ROOMS_PER_ADDRESS, MAX_OPEN_ROOMS: `too-many-rooms`).
   */
  async create(req: CreateRoomRequest, address = 'local'): Promise<Created> {
    const refused = this.ledger.admit(address, this.now());
    if (refused !== null) refuse('too-many-rooms', refused);
    this.creating++;
    try {
      const open = await this.storage.countOpenRooms();
      // `creating` counts this request too: the others in flight are counted as if already made.
      if (open + this.creating > this.limits.maxOpen) refuse('too-many-rooms', `the server already holds ${this.limits.maxOpen} open rooms, its most; try again later`);
      const created = await this.createRoom(req);
      this.ledger.created(address, created.room);
      return created;
    } catch (e) {
      this.ledger.failed(address);
      throw e;
    } finally {
      this.creating--;
    }
  }

  /** The setup is checked by dealing a game once (nothing is kept from it). */
  private async createRoom(req: CreateRoomRequest): Promise<Created> {
    const seed = this.newGameSeed();
    const deal: RoomDeal = { ...(req.composition ? { composition: req.composition } : {}), ...(req.modifications ? { modifications: req.modifications } : {}) };
    const trial = createGame({ preset: req.preset, players: req.seats, seed, options: req.options ?? {}, ...deal, ...(req.names ? { names: padNames(req.names, req.seats) } : {}) });
    if (!trial.ok) return refuse(trial.error.code, trial.error.message, { rule: trial.error.rule, path: trial.error.path });
    const timers = timersFor(req.preset, trial.game.state.options, req.timers);
    if (req.names && req.names.length > req.seats) refuse('bad-names', `${req.names.length} names for ${req.seats} seats`, { path: 'names' });
    // One key per room: the host's in a human room, the room admin's in an app or online room (its
    // hash goes in the same column; the room's mode says which it is).
    const controller = controllerMode(req.mode);
    const key = controller === 'host' ? newHostKey() : newAdminKey();
    for (let attempt = 0; ; attempt++) {
      const row: RoomRow = {
        id: newRoomId(), code: newRoomCode(), preset: req.preset, mode: req.mode, seats: req.seats,
        options: JSON.stringify(req.options ?? {}), names: JSON.stringify(req.names ?? []),
        timers: JSON.stringify(timers), deal: JSON.stringify(deal), seed, hostKeyHash: hashSecret(key), createdAt: this.now(), ended: false,
      };
      try {
        await this.storage.createRoom(row);
      } catch (e) {
        // A code already in use: draw another (31^6 codes, so this is rare).
        if (attempt < 5 && (await this.storage.roomByCode(row.code))) continue;
        throw e;
      }
      const room = new Room(row);
      this.rooms.set(row.id, room);
      this.codes.set(row.code, row.id);
      this.idleLater(room);
      this.log.info({ room: row.id, code: row.code, preset: row.preset, seats: row.seats, mode: row.mode }, 'room created');
      const base = { room: row.id as RoomId, code: row.code as RoomCode, link: `/r/${row.code}` };
      return controller === 'host' ? { ...base, hostKey: key as CreatedRoom['hostKey'] & string } : { ...base, adminKey: key as CreatedRoom['adminKey'] & string };
    }
  }

  /** Runs `job` after every earlier job of the room; a refusal goes to `conn` alone. */
  private run(room: Room, conn: Conn | null, id: string | undefined, job: () => Promise<void>): Promise<void> {
    const key = room.row.id;
    const next = (this.tails.get(key) ?? Promise.resolve()).then(job).catch((e: unknown) => {
      if (e instanceof RoomError) conn?.refused ? conn.refused(e.refusal, id) : conn?.send(errorText(e.refusal, id));
      else {
        this.log.error({ room: key, err: e instanceof Error ? e.message : String(e) }, 'room job failed');
        conn?.send(errorText(serverFailure(e), id));
      }
    });
    this.tails.set(key, next);
    return next;
  }

  /** Appends, then takes in, then broadcasts: in that order, always. */
  private async commit(room: Room, entry: Entry, game: Game | undefined, sender: Conn | null, ack: string | undefined): Promise<void> {
    if (this.closed) refuse('shutting-down', 'the server is shutting down; try again in a moment');
    const ends = !room.ended && game?.state.phase.kind === 'ended';
    await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
    // The end is marked after its entry is written and before anyone hears of it (a crash in between
    // is repaired when the next start loads the room and finds its game over).
    // Should the database go away between the two, the entry is on the record all the same: the
    // room goes on, and the mark is repaired when the room is next loaded.
    if (ends) await this.storage.markEnded(room.row.id).catch((e: unknown) => this.log.warn({ room: room.row.id, err: e instanceof Error ? e.message : String(e) }, 'game end not marked yet'));
    room.commit(entry, game);
    this.broadcast(room, [entry], sender, ack);
    if (ends) {
      this.log.info({ room: room.row.id, winner: room.game?.state.winner }, 'game ended');
      // A finished game nobody watches leaves memory now (after this job: see `evictIfUnwatched`).
      if (!this.members.has(room.row.id)) queueMicrotask(() => this.evictIfUnwatched(room));
    }
    if (entry.kind !== 'claim') {
      // R-NIGHT-4: the app host ends a night on its timer only, never as soon as every act is in:
      // a night that ended early would tell the table that the acts were made (and how fast).
      this.armTimer(room);
    }
  }

  private broadcast(room: Room, entries: readonly Entry[], sender: Conn | null, ack: string | undefined): void {
    const conns = this.members.get(room.row.id);
    if (!conns) return;
    const texts = new Map<string, string | null>();
    for (const c of conns) {
      if (c.you === null) continue;
      const k = viewerKey(c.you);
      let text = texts.get(k);
      if (text === undefined) texts.set(k, (text = updateText(room, entries, c.you)));
      // Nothing this viewer may learn (another seat's night act): no message at all (R-NIGHT-4).
      if (text === null) continue;
      // The sender's copy names its command: the same text with `ack` added before the closing brace.
      c.send(c === sender && ack !== undefined ? `${text.slice(0, -1)},"ack":${JSON.stringify(ack)}}` : text);
    }
  }

  private join(conn: Conn, room: Room, you: You): void {
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
    if (you.as === 'seat' && room.timer?.pausedAt !== undefined && !room.paused) this.armTimer(room);
  }

  /** Drops the room from memory after `idleMs` unless somebody joins it before. */
  private idleLater(room: Room): void {
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
  private evictIfUnwatched(room: Room): void {
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
    if (wasSeat && room && !this.seatConnected(id)) this.armTimer(room);
    if (set && set.size === 0) {
      this.members.delete(id);
      // A finished game nobody watches leaves memory at once, any other room after `idleMs`; its log
      // stays, and byCode loads it again if asked.
      if (room?.ended || room?.closed) this.evictIfUnwatched(room!);
      else if (room) this.idleLater(room);
    }
  }

  private seatConnected(roomId: string): boolean {
    for (const c of this.members.get(roomId) ?? []) if (c.you?.as === 'seat') return true;
    return false;
  }

  /**
   * An app-hosted game does not run without players (issue 12 point 10): while no seat is
   * connected its running step is held the way a pause holds it (the time left is kept), in memory
   * only, without a log entry; when a seat connects again the step goes on from there. Nothing
   * is written for it, so an empty room costs no writes. A human room's clock is its host's.
   * The alarm consults this before it arms (armTimer).
   */
  private holdWhileNobodyPlays(room: Room): void {
    const t = room.timer;
    if (room.row.mode === 'human' || room.paused || t === null) return;
    const present = this.seatConnected(room.row.id);
    if (!present && t.pausedAt === undefined) room.timer = pauseTimer(t, this.clock());
    // A held timer in a room that is not paused is this hold's (also one a command logged while held).
    else if (present && t.pausedAt !== undefined) room.timer = resumeTimer(t, this.clock());
  }

  private evict(room: Room): void {
    const id = room.row.id;
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

  private async roomOrRefuse(code: string): Promise<Room> {
    const room = await this.byCode(code);
    if (!room) return refuse('no-room', `there is no room with the code ${code}`, { path: 'room' });
    return room;
  }

  /**
   * The log entries after the viewer's `lastSeq` (his own numbering, checked by `refuseLastSeqAhead`),
   * of the game being played only: each game at the table has its own log, and a viewer who saw
   * an earlier game gets this one from its `next` entry on.
   */
  private async missed(room: Room, lastSeq: number | undefined, you: You): Promise<Entry[]> {
    if (lastSeq === undefined) return [];
    const after = Math.max(room.numbering.position(lastSeq, viewerOf(you)), room.gameFrom - 1);
    if (after >= room.seq) return [];
    const records = await this.storage.readLog(room.row.id, after);
    return records.filter((r) => r.seq <= room.seq).map((r) => parseEntry(r.seq, r.kind, r.body));
  }

  /** Enters a room as the host (key), a claimed seat (token) or a spectator; sends what was missed. */
  async hello(conn: Conn, code: string, auth: Auth, lastSeq: number | undefined): Promise<void> {
    const room = await this.roomOrRefuse(code);
    await this.run(room, conn, undefined, async () => {
      let you: You;
      if (auth.as === 'host' || auth.as === 'admin') {
        refuseWrongKeyKind(room.row.mode, auth.as);
        if (!secretMatches(auth.key, room.row.hostKeyHash)) refuse('bad-key', `wrong ${auth.as === 'host' ? 'host' : 'room-admin'} key for this room`, { path: 'auth.key' });
        you = { as: auth.as };
      } else if (auth.as === 'seat') {
        const claim = room.claims[auth.seat - 1];
        if (!claim) refuse('seat-not-claimed', `seat ${auth.seat} has not been claimed; claim it first`, { path: 'auth.seat' });
        if (!secretMatches(auth.token, claim!.tokenHash)) refuse('bad-token', `wrong token for seat ${auth.seat}`, { path: 'auth.token' });
        you = { as: 'seat', seat: auth.seat };
      } else you = { as: 'spectator' };
      refuseLastSeqAhead(room, you, lastSeq);
      const missed = await this.missed(room, lastSeq, you);
      this.join(conn, room, you);
      conn.send(welcomeText(room, you, missed));
      if ((you.as === 'host' || you.as === 'admin') && room.started) conn.send(seatCodesText(room));
    });
  }

  /**
   * Claims a free seat: the token is made here, sent once, and only its hash is logged. After the
   * start the seat's code is needed (seatCodes.ts). A claim re-sent with the key of a claim already
   * made gets that seat and token again, and nothing is logged or told (claimKeys.ts).
   */
  async claim(conn: Conn, code: string, c: ClaimRequest): Promise<void> {
    const room = await this.roomOrRefuse(code);
    await this.run(room, conn, undefined, () => this.showingSeatCodes(room, async () => {
      const retried = c.key === undefined ? null : claimMadeWith(room.claims, c.seat, c.key);
      if (retried) {
        const you: You = { as: 'seat', seat: retried.seat };
        refuseLastSeqAhead(room, you, c.lastSeq);
        const missed = await this.missed(room, c.lastSeq, you);
        this.join(conn, room, you);
        return conn.send(welcomeText(room, you, missed, retried.token));
      }
      // Drawn inside the room's queue, so two players drawing at once never get the same seat.
      const seat = c.seat === 'draw' ? room.drawSeat(randomInt) : c.seat;
      const you: You = { as: 'seat', seat };
      refuseLastSeqAhead(room, you, c.lastSeq);
      const secret = newClaimSecret(c.key);
      const entry = room.claimEntry(seat, c.name, secret, c.seatCode);
      const missed = await this.missed(room, c.lastSeq, you);
      await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
      room.commit(entry);
      this.leave(conn);
      this.broadcast(room, [entry], null, undefined);
      this.join(conn, room, you);
      conn.send(welcomeText(room, you, missed, secret.token));
    }));
  }

  /**
   * Runs `job`, then, if a seat code came, went or was replaced meanwhile, sends the new list to
   * the host's (or room admin's) connections: they alone show the codes.
   */
  private async showingSeatCodes(room: Room, job: () => Promise<void>): Promise<void> {
    const before = room.seatCodes.version;
    try {
      await job();
    } finally {
      if (room.seatCodes.version !== before) this.tell(room, ['host', 'admin'], seatCodesText(room));
    }
  }

  /** Sends `text` to the room's connections of the kinds in `to` only (host and admin messages no seat or spectator may get). */
  private tell(room: Room, to: readonly You['as'][], text: string): void {
    for (const c of this.members.get(room.row.id) ?? []) if (c.you !== null && to.includes(c.you.as)) c.send(text);
  }

  async start(conn: Conn, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'start the game');
    await this.run(room, conn, id, () => this.showingSeatCodes(room, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      const { entry, game } = room.startEntry(this.clock(), by, id);
      await this.commit(room, entry, game, conn, id);
      this.ledger.settled(room.row.id);
      this.log.info({ room: room.row.id }, 'game started');
    }));
  }

  /**
   * Once the game has ended: the next game at the same table, same seats and tokens, dealt anew.
   * The row is marked open before the entry is written: a crash in between leaves an open row
   * whose game is over, which loading repairs (loadRow); the other order could leave a running
   * game that a restart would not resume.
   */
  async nextGame(conn: Conn, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'start the next game');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      if (room.ended && !room.closed && this.nextGameCheck) {
        const no = await this.nextGameCheck(room.row.id, room.gameNo + 1);
        if (no) refuse(no.code, no.message, no.path ? { path: no.path } : {});
      }
      const { entry, game } = room.nextEntry(by, this.newGameSeed(), this.clock(), id);
      if (this.closed) refuse('shutting-down', 'the server is shutting down; try again in a moment');
      await this.storage.markOpen(room.row.id);
      await this.commit(room, entry, game, conn, id);
      this.log.info({ room: room.row.id, game: room.gameNo }, 'next game started');
    });
  }

  /** The check a room's owner makes before each next game (the club's tables: their seats changed). */
  setNextGameCheck(check: NextGameCheck | null): void {
    this.nextGameCheck = check;
  }

  /**
   * The room's host key was replaced by its owner (a club table handed to another host; the row
   * is already stored): the room takes the new hash, and the host connections of the old key are
   * told (an error `host-handed-over`, `message` in words) and leave the room.
   */
  hostKeyChanged(roomId: string, hostKeyHash: string, message: string): void {
    const room = this.rooms.get(roomId);
    if (!room || room.row.hostKeyHash === hostKeyHash) return;
    room.row = { ...room.row, hostKeyHash };
    for (const c of [...(this.members.get(roomId) ?? [])]) {
      if (c.you?.as === 'host') {
        c.send(errorText({ code: 'host-handed-over', message }));
        this.leave(c);
      }
    }
  }

  /** Host or room admin: frees a claimed seat. Its connections are told (an error `seat-released`) and leave the room. */
  async release(conn: Conn, seat: number, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'release a seat');
    await this.run(room, conn, id, () => this.showingSeatCodes(room, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      const entry = room.releaseEntry(seat, by, id);
      await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
      room.commit(entry);
      for (const c of [...(this.members.get(room.row.id) ?? [])]) {
        if (c.you?.as === 'seat' && c.you.seat === seat) {
          c.send(errorText({ code: 'seat-released', message: `the ${by === 'host' ? 'host' : 'room admin'} released seat ${seat}; claim a seat again to play` }));
          this.leave(c);
        }
      }
      this.broadcast(room, [entry], conn, id);
    }));
  }

  /** Host only: moves the running step's deadline (±10 s on a speech); logged, so the table screen and a restart agree. */
  async adjustTimer(conn: Conn, addSeconds: number, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    if (conn.you?.as !== 'host') refuse('host-only', 'only the host may change the timer');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, 'host', id)) return;
      await this.clockEntry(room, room.timerEntry(addSeconds * 1000, this.clock(), id), conn, id);
    });
  }

  /**
   * Host only (human rooms): opens night step `step` on every screen. Logged like a moved deadline,
   * so a reload, a reconnect or a restarted server keeps it, and a new phone gets it in its welcome.
   */
  async openStep(conn: Conn, step: number, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    if (conn.you?.as !== 'host') refuse('host-only', 'only the host opens a night step');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, 'host', id)) return;
      await this.clockEntry(room, room.stepEntry(step, this.clock(), id), conn, id);
    });
  }

  /** A change of the room's clock (a moved deadline, a pause, a resume): logged, taken in, the alarm re-armed, told. */
  private async clockEntry(room: Room, entry: Entry, conn: Conn | null, id: string | undefined): Promise<void> {
    await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
    room.commit(entry);
    this.armTimer(room);
    this.broadcast(room, [entry], conn, id);
  }

  /** Host or room admin: closes the room for good; everybody in it gets the update, then it leaves memory. */
  async closeRoom(conn: Conn, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'close the room');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      const entry = room.closeEntry(by, id);
      await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
      await this.storage.markEnded(room.row.id);
      room.commit(entry);
      this.ledger.settled(room.row.id);
      this.armTimer(room);
      this.broadcast(room, [entry], conn, id);
      this.log.info({ room: room.row.id }, 'room closed');
    });
  }

  /**
   * Host or room admin: stops the clock (`pause`) or starts it again (`resume`). Logged with the
   * running step's timer, so a restarted server keeps the pause and the time that was left.
   */
  async setPaused(conn: Conn, paused: boolean, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, paused ? 'stop the clock' : 'start the clock again');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      const now = this.clock();
      await this.clockEntry(room, paused ? room.pauseEntry(by, now, id) : room.resumeEntry(by, now, id), conn, id);
    });
  }

  /** Room admin only: ends the running step now, as its timer running out would (`timeUp`, R-HOST-2). */
  async skip(conn: Conn, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    if (conn.you?.as !== 'admin') refuse('admin-only', 'only the room admin of an app or online room may skip a step (a host ends it himself)');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, 'admin', id)) return;
      if (room.timer?.kind === 'cards') return this.endCardPause(room, 'admin', conn, id);
      const command = room.game ? timeUpCommand(room.game.state) : null;
      if (!command) refuse(room.game ? 'game-over' : 'not-started', room.game ? 'the game in this room is over' : 'the game has not started yet');
      await this.appCommand(room, 'admin', id ?? null, command!, conn);
    });
  }

  /**
   * A request id this sender has had applied before (of any kind, at any time in the room's life):
   * answered with the seq it was applied at, in the sender's own numbering, and nothing is changed.
   */
  private answeredAsDuplicate(conn: Conn, room: Room, by: CommandBody['by'], id: string | undefined): boolean {
    const seq = id === undefined ? undefined : room.appliedAt(by, id);
    if (seq === undefined) return false;
    conn.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'ack', id, seq: room.numbering.at(seq, viewerOf(conn.you!)), duplicate: true }));
    return true;
  }

  private roomOf(conn: Conn): Room {
    const room = conn.roomId === null ? undefined : this.rooms.get(conn.roomId);
    if (!room || conn.you === null) return refuse('not-in-room', 'send hello or claim first');
    return room;
  }

  /** A game command from the host or a seat (acting for itself: the engine checks `by`). */
  async command(conn: Conn, id: string, command: Command): Promise<void> {
    const room = this.roomOf(conn);
    const you = conn.you!;
    if (you.as === 'spectator') return refuse('spectator', 'spectators cannot send commands');
    const by: CommandBody['by'] = you.as === 'seat' ? you.seat : you.as;
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      if (you.as === 'admin') {
        checkAdminCommand(room, command);
        return this.appCommand(room, 'admin', id, command, conn);
      }
      const actor = this.actorFor(room, you, command);
      const { entry, game } = room.commandEntry(by, id, command, actor, this.clock());
      await this.commit(room, entry, game, conn, id);
    });
  }

  /**
   * A seat's decoy tap (issue 23): its phone was tapped in a step where the seat has no act. Checked
   * as an act is (tap.ts), logged for that seat alone, and answered the way a command is — the
   * seat's `update` with `ack`, or `ack` with `duplicate` for a re-sent id — through the same queue,
   * append and broadcast, so nobody else gets anything whether a seat acted or tapped. A second tap
   * of the same step (a new id) is answered with the first one's duplicate `ack`: it is on record.
   */
  async tap(conn: Conn, id: string, by: number, step: number): Promise<void> {
    const room = this.roomOf(conn);
    const you = conn.you!;
    if (you.as === 'spectator') return refuse('spectator', 'spectators cannot send commands');
    if (you.as !== 'seat') return refuse('not-your-seat', 'a night tap is a seat\'s own: the host and the room admin have no seat', { path: 'by' });
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, you.seat, id)) return;
      if (by !== you.seat) refuse('not-your-seat', `seat ${you.seat} cannot tap for seat ${by}`, { path: 'by' });
      const entry = tapEntry(room, by, id, step);
      // The seat's tap of this step is on record already (a reloaded phone tapped again): that one answers.
      const earlier = room.tappedAt(entry.body);
      if (earlier !== undefined) return conn.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'ack', id, seq: room.numbering.at(earlier, viewerOf(you)), duplicate: true }));
      await this.commit(room, entry, undefined, conn, id);
    });
  }

  /**
   * Seats act as themselves. When the app is the host, a speaker may also end his own speech (and
   * a player his own last words): the engine keeps those host commands, so the server sends them
   * as the host after checking that it is that seat's turn.
   */
  private actorFor(room: Room, you: You, command: Command): Actor {
    if (you.as === 'host') return HOST;
    if (you.as !== 'seat') return refuse('spectator', 'spectators cannot send commands');
    const seat = you.seat as SeatNo;
    // A seat speaks for itself only: refused here whatever the phase, before the engine looks at it.
    const who = (command as { by?: unknown }).by;
    if (who !== undefined && who !== seat) refuse('not-your-seat', `seat ${seat} cannot act for seat ${String(who)}`, { path: 'command.by' });
    if (room.game && mayEndOwnTurn(room.row.mode, room.game.state, seat, command)) return HOST;
    return { kind: 'seat', seat };
  }

  /**
   * The app as host (R-HOST-2): when a step's timer runs out, the server ends the step (`timeUp`),
   * whatever is missing. Nothing fires while the clock is stopped.
   */
  private armTimer(room: Room): void {
    const id = room.row.id;
    const old = this.alarms.get(id);
    if (old) clearTimeout(old);
    this.alarms.delete(id);
    if (this.rebaseLater(room)) return;
    this.holdWhileNobodyPlays(room);
    const t = room.timer;
    // The card pause ends by the server's clock whoever hosts: it is no step a host decides.
    const hostless = room.row.mode !== 'human' || t?.kind === 'cards';
    if (this.closed || !hostless || t === null || t.pausedAt !== undefined || room.ended || room.closed) return;
    // This very timer's step was refused: reported once, it waits for the admin or a new timer.
    if (room.stuck?.timer === t) return;
    const alarm = setTimeout(() => {
      this.alarms.delete(id);
      void this.run(room, null, undefined, async () => {
        if (room.timer !== t) return;
        if (t.kind === 'cards') return this.endCardPause(room, 'app', null, undefined);
        const command = room.game && this.appStep(room.game.state);
        if (!command) return;
        try {
          await this.appCommand(room, 'app', null, command, null);
        } catch (e) {
          // A refusal was reported to the admin by appCommand: the room waits for him or the next
          // timer, it is not tried again. Storage trouble (nothing was written) is tried again shortly.
          if (!(e instanceof RoomError)) this.armAgainSoon(room);
          throw e;
        }
      });
    }, Math.max(0, t.deadline - this.clock()));
    alarm.unref?.();
    this.alarms.set(id, alarm);
  }

  /** The card pause is over: the night's timer starts (logged and told, like any change of the clock). */
  private async endCardPause(room: Room, by: 'app' | 'admin', conn: Conn | null, id: string | undefined): Promise<void> {
    try {
      await this.clockEntry(room, room.cardsOverEntry(by, this.clock(), id), conn, id);
    } catch (e) {
      // Nothing was written: tried again shortly, as an alarm is.
      if (by === 'app' && !(e instanceof RoomError)) this.armAgainSoon(room);
      throw e;
    }
  }

  /** After storage trouble (nothing was written): the room's timer is armed again in a second, while the room is in memory. */
  private armAgainSoon(room: Room): void {
    if (!this.closed) setTimeout(() => this.rooms.get(room.row.id) === room && this.armTimer(room), 1000).unref?.();
  }

  /**
   * A loaded room whose timer began (or stopped) later than this process's clock reads now, as after
   * a restart with the wall clock behind: its timer is re-based (clock.ts) in the room's queue,
   * logged and told, and that entry arms the alarm. True when it was queued. Only a loaded timer can
   * be ahead: every timer made by this process is made on its monotonic clock.
   */
  private rebaseLater(room: Room): boolean {
    if (this.closed || room.rebaseEntry(this.clock()) === null) return false;
    void this.run(room, null, undefined, async () => {
      const entry = room.rebaseEntry(this.clock());
      if (entry === null) return this.armTimer(room);
      try {
        await this.clockEntry(room, entry, null, undefined);
      } catch (e) {
        // Nothing was written: tried again shortly, as an alarm is (armTimer).
        this.armAgainSoon(room);
        throw e;
      }
    });
    return true;
  }

  /**
   * A command of the app host (its timer's `timeUp`) or of the room admin (its `skip` or undo), sent
   * as the host. A refusal is logged at error level and, for the app's own step, reported to the
   * admin's connections once (an `alert`); the admin's own request gets it as its error.
   */
  private async appCommand(room: Room, by: 'app' | 'admin', id: string | null, command: Command, sender: Conn | null): Promise<void> {
    let made: ReturnType<Room['commandEntry']>;
    try {
      made = room.commandEntry(by, id, command, HOST, this.clock());
    } catch (e) {
      if (!(e instanceof RoomError)) throw e;
      this.log.error({ room: room.row.id, by, code: e.refusal.code, rule: e.refusal.rule, command, err: e.refusal.message }, 'the engine refused the app host\'s command');
      if (by === 'app') {
        room.stuck = { timer: room.timer, alert: alertOf(e.refusal, command, this.clock()) };
        this.tell(room, ['admin'], alertText(room.stuck.alert));
      }
      throw e;
    }
    await this.commit(room, made.entry, made.game, sender, id ?? undefined);
  }

  /** Stops the timers and waits for the jobs already queued (their appends finish). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweep !== null) clearInterval(this.sweep);
    for (const t of this.alarms.values()) clearTimeout(t);
    this.alarms.clear();
    for (const t of this.idle.values()) clearTimeout(t);
    this.idle.clear();
    await Promise.all([...this.tails.values()]);
  }
}

/** A `lastSeq` past the viewer's own last entry is refused (it counts in the viewer's numbering: numbering.ts). */
function refuseLastSeqAhead(room: Room, you: You, lastSeq: number | undefined): void {
  if (lastSeq === undefined) return;
  const last = room.numbering.last(room.seq, viewerOf(you));
  if (lastSeq > last) refuse('bad-last-seq', `lastSeq ${lastSeq} is ahead of what you have been sent (${last})`, { path: 'lastSeq' });
}

function padNames(names: readonly string[], seats: number): string[] {
  return Array.from({ length: seats }, (_, i) => names[i] ?? `${i + 1}`);
}

/**
 * Who may deal the next game at the table, as the entry records it. THE ONE PLACE for the room
 * admin (issue 11 point 1): once `You` has `{ as: 'admin' }` (app and online rooms), return
 * 'admin' for it here. Seats and spectators are refused.
 */
