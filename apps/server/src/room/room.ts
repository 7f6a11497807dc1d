import { createGame, foldLog, nightSteps, transition, type Actor, type Command, type Game, type GameEvent } from '@mafia/engine';
import type { AppAlert } from '@mafia/protocol';
import type { RoomRow } from '../storage/types.js';
import { refuse } from './errors.js';
import { rebaseTimer } from './clock.js';
import { requestKey, requestKeyOf, type TapBody, type ClaimBody, type CommandBody, type Controller, type Entry, type NextBody, type StartBody, type TimerRec } from './records.js';
import { audienceOf, ViewerNumbering } from './numbering.js';
import { SeatCodes, WRONG_TRIES_PER_CODE } from './seatCodes.js';
import { checkedRename, SeatNames, type RenameEntry } from './renames.js';
import { heldIf, pauseTimer, resumeTimer } from './pause.js';
import { cardPause, extendTimer, nextTimer, nightAfterCards, type StoredTimers } from './timers.js';
import { parseRoomColumns, parseRoomDeal } from './storedRoom.js';

/** A claimed seat: its name, its token's hash and, when the claim came with a client key, the salt its token was derived with (claimKeys.ts). */
export interface Claim { readonly name: string; readonly tokenHash: string; readonly salt?: string }

const claimOf = (b: ClaimBody): Claim => ({ name: b.name, tokenHash: b.tokenHash, ...(b.salt ? { salt: b.salt } : {}) });

/** A request id as an entry body keeps it: only when the client sent one (old logs and the app have none). */
const withId = (id: string | undefined): { id?: string } => (id === undefined ? {} : { id });

/**
 * One room in memory: what its log folds to. It does no I/O: it makes the next log entry (or
 * refuses), and it takes an entry in once the entry is durable. The manager does the rest.
 */
export class Room {
  readonly claims: (Claim | null)[];
  game: Game | null = null;
  seq = 0;
  timer: TimerRec | null = null;
  /** The game being played at this table: 1, then one more for every `next` entry. */
  gameNo = 1;
  /** The log seq of the entry that started this game after another (`next`); 0 for the first game. */
  gameFrom = 0;
  /** The host closed the room (a `close` entry): it accepts nothing more. */
  closed = false;
  /** The clock is stopped (a `pause` entry not yet followed by `resume`): no timer fires. */
  paused = false;
  /** The last `command` entry's body (the room admin may undo it only when the app host made it). */
  lastCommand: CommandBody | null = null;
  /**
   * The engine refused the app host's step of this timer: the room waits for the admin (skip,
   * undo) or a new timer. In memory only: a restarted server tries the step once more.
   */
  stuck: { readonly timer: TimerRec | null; readonly alert: AppAlert } | null = null;
  /**
   * Every request id applied in this room's life (`by:id` → log seq), of every kind of request, not
   * a window: a re-sent id is answered, never applied again, whenever it comes (a restart rebuilds it
   * from the log). One small entry per request; nothing else is kept of it.
   */
  private readonly applied = new Map<string, number>();
  /** This game's decoy taps (`night:step:seat` → log seq): a seat's second tap of a step is answered with its first (tap.ts). */
  private readonly taps = new Map<string, number>();
  readonly timers: StoredTimers;
  readonly options: Record<string, unknown>;
  readonly names: readonly string[];
  /** Each viewer's own numbering of the log (R-NIGHT-4: nobody counts the acts he was not sent). */
  readonly numbering: ViewerNumbering;
  /**
   * Seats released since this game started and not claimed again: their players left. The next
   * game deals no role to them (issue 24: «игрок 2» was nominated, shot and given a last word).
   */
  readonly leftSeats = new Set<number>();
  /** Once the game has started: the code of each free seat (only the host's or room admin's device shows them). */
  readonly seatCodes = new SeatCodes();
  /** Seats renamed by the host or the room's owner (a replacement: renames.ts). */
  readonly seatNames: SeatNames;

  /** The room as stored; replaced (never edited) when its owner changes the host key (RoomManager.hostKeyChanged). */
  constructor(public row: RoomRow) {
    this.numbering = new ViewerNumbering(row.seats);
    this.claims = new Array<Claim | null>(row.seats).fill(null);
    ({ timers: this.timers, options: this.options, names: this.names } = parseRoomColumns(row));
    this.seatNames = new SeatNames(row.seats);
  }

  /** A room rebuilt from its whole log: the engine events folded once (foldLog), claims and timer replayed. */
  static load(row: RoomRow, entries: readonly Entry[]): Room {
    const room = new Room(row);
    let log: GameEvent[] = [];
    let batches: number[] = [];
    let started = false;
    for (const e of entries) {
      if (e.seq !== room.seq + 1) throw new Error(`room ${row.id}: log entry ${e.seq} follows ${room.seq}`);
      room.seq = e.seq;
      room.numbering.note(e);
      room.noteRequest(e);
      if (e.kind === 'claim') {
        room.claims[e.body.seat - 1] = claimOf(e.body);
        room.leftSeats.delete(e.body.seat);
      } else if (e.kind === 'release') {
        room.claims[e.body.seat - 1] = null;
        if (started) room.leftSeats.add(e.body.seat);
      }
      else if (e.kind === 'close') {
        room.closed = true;
        room.timer = null;
      } else if (e.kind === 'timer' || e.kind === 'step') room.timer = e.body.timer;
      else if (e.kind === 'tap') room.noteTap(e); // a decoy tap: numbered and its id kept, nothing for the game (tap.ts)
      else if (e.kind === 'rename') room.takeRename(e, started);
      else if (e.kind === 'pause' || e.kind === 'resume') {
        room.paused = e.kind === 'pause';
        room.timer = e.body.timer;
      } else {
        // The next game at the table: the games before it are over and fold no further.
        if (e.kind === 'next') {
          [log, batches] = [[], []];
          room.beginGame(e);
        }
        started = true;
        for (const ev of e.body.events) log.push(ev);
        batches.push(e.kind === 'command' && e.body.command.type === 'undo' ? -e.body.command.count : e.body.events.length);
        room.timer = e.body.timer;
        if (e.kind === 'command') room.lastCommand = e.body;
      }
    }
    if (started) room.game = { log, state: foldLog(log), batches };
    room.syncSeatCodes();
    return room;
  }

  /** The app host's refused step, while its step is still the running one. */
  get alert(): AppAlert | null {
    return this.stuck !== null && this.stuck.timer === this.timer ? this.stuck.alert : null;
  }

  get started(): boolean {
    return this.game !== null;
  }

  /** After the start every free seat has a code and no claimed one keeps its own. */
  private syncSeatCodes(): void {
    if (this.started) this.seatCodes.sync((seat) => this.claims[seat - 1] === null, this.row.seats);
  }

  private beginGame(e: Extract<Entry, { kind: 'next' }>): void {
    this.leftSeats.clear();
    this.seatNames.newGame();
    this.gameNo = e.body.game;
    this.gameFrom = e.seq;
    this.taps.clear();
  }

  /** The log seq of this seat's decoy tap of the same night and step of this game, if it has one. */
  tappedAt(b: TapBody): number | undefined {
    return this.taps.get(`${b.night}:${b.step}:${b.by}`);
  }

  private noteTap(e: Extract<Entry, { kind: 'tap' }>): void {
    this.taps.set(`${e.body.night}:${e.body.step}:${e.body.by}`, e.seq);
  }

  get ended(): boolean {
    return this.game?.state.phase.kind === 'ended';
  }

  /** The log seq a request id of this sender was applied at, if it was. */
  appliedAt(by: CommandBody['by'], id: string): number | undefined {
    return this.applied.get(requestKey(by, id));
  }

  private noteRequest(e: Entry): void {
    const key = requestKeyOf(e);
    if (key !== null) this.applied.set(key, e.seq);
  }

  /**
   * The entry that moves the loaded timer onto this process's clock (rebaseTimer), or null when it
   * needs no move. Logged, so every client (and a later restart) agrees on when the step ends.
   */
  rebaseEntry(now: number): Entry | null {
    const t = this.timer;
    if (t === null || this.closed || this.ended) return null;
    const moved = rebaseTimer(t, now);
    return moved === t ? null : { seq: this.seq + 1, kind: 'timer', body: { by: 'app', timer: moved } };
  }

  private refuseIfClosed(): void {
    if (this.closed) refuse('room-closed', 'the host has closed this room');
  }

  releaseEntry(seat: number, by: Controller, id?: string): Entry {
    this.refuseIfClosed();
    if (seat < 1 || seat > this.row.seats) refuse('bad-seat', `this room has seats 1 to ${this.row.seats}, not ${seat}`, { path: 'seat' });
    if (this.claims[seat - 1] === null) refuse('seat-not-claimed', `seat ${seat} is not claimed`, { path: 'seat' });
    return { seq: this.seq + 1, kind: 'release', body: { seat, ...(by === 'host' ? {} : { by }), ...withId(id) } };
  }

  /** Stops the clock: the running step keeps what is left of its time, and steps that begin meanwhile begin stopped. */
  pauseEntry(by: Controller, now: number, id?: string): Entry {
    this.refuseUnlessPlaying();
    if (this.paused) refuse('already-paused', 'the clock is already stopped; send resume to start it again');
    return { seq: this.seq + 1, kind: 'pause', body: { by, timer: pauseTimer(this.timer, now), ...withId(id) } };
  }

  /** Starts the clock again from what was left. */
  resumeEntry(by: Controller, now: number, id?: string): Entry {
    this.refuseUnlessPlaying();
    if (!this.paused) refuse('not-paused', 'the clock is running; there is nothing to resume');
    return { seq: this.seq + 1, kind: 'resume', body: { by, timer: resumeTimer(this.timer, now), ...withId(id) } };
  }

  private refuseUnlessPlaying(): void {
    this.refuseIfClosed();
    if (!this.started) refuse('not-started', 'the game has not started yet');
    if (this.ended) refuse('game-over', 'the game in this room is over');
  }

  /** The running step's deadline moved by `addMs` (never into the past: at the earliest, now). */
  timerEntry(addMs: number, now: number, id?: string): Entry {
    this.refuseIfClosed();
    if (this.timer === null) refuse('no-timer', 'no step is timed now');
    const t = this.timer!;
    // A stopped clock keeps what is left: the step is lengthened from the moment it stopped.
    return { seq: this.seq + 1, kind: 'timer', body: { by: 'host', timer: extendTimer(t, addMs, t.pausedAt ?? now), ...withId(id) } };
  }

  /** The card pause is over (its timer ran out, or the room admin skipped it): the night's own timer starts now. */
  cardsOverEntry(by: 'app' | 'admin', now: number, id?: string): Entry {
    this.refuseIfClosed();
    if (this.timer?.kind !== 'cards' || this.game === null) refuse('no-card-pause', 'the players are not looking at their cards now');
    const timer = this.hosted(nightAfterCards(this.game!.state, this.timers, now), now);
    if (timer === null) refuse('no-timer', 'no step is timed now');
    return { seq: this.seq + 1, kind: 'timer', body: { by, timer: timer!, ...withId(id) } };
  }

  /**
   * The human host opens night step `step` (0-based, of `view.nightSteps`) on his console: the night
   * timer carries it from now on, so every screen shows the host's step, not the clock's.
   */
  stepEntry(step: number, now: number, id?: string): Entry {
    this.refuseUnlessPlaying();
    const t = this.timer;
    if (this.game!.state.phase.kind !== 'night' || t === null || t.kind !== 'night') refuse('not-night', 'a night step can be opened only at night');
    const n = nightSteps(this.game!.state.setup).length;
    if (step >= n) refuse('bad-step', `this night has steps 1 to ${n}, not ${step + 1}`, { path: 'step' });
    return { seq: this.seq + 1, kind: 'step', body: { by: 'host', timer: { ...t!, step, stepAt: t!.pausedAt ?? now }, ...withId(id) } };
  }

  /** A human room's night begins at its first step: the host, not the clock, moves it on (stepEntry). */
  private hosted(t: TimerRec | null, now: number): TimerRec | null {
    if (this.row.mode !== 'human' || t === null || t.kind !== 'night' || t.step !== undefined) return t;
    return { ...t, step: 0, stepAt: t.pausedAt ?? now };
  }

  closeEntry(by: Controller, id?: string): Entry {
    this.refuseIfClosed();
    return { seq: this.seq + 1, kind: 'close', body: { by, ...withId(id) } };
  }

  /**
   * A seat's new name (renames.ts): applied now before the start and between games, held while a
   * game runs (the game is never renamed; the server applies it when the game ends).
   */
  renameEntry(seat: number, name: string, by: 'host' | 'owner', id?: string): RenameEntry {
    this.refuseIfClosed();
    const r = checkedRename(this.row.seats, seat, name);
    const held = this.started && !this.ended;
    return { seq: this.seq + 1, kind: 'rename', body: { ...r, by, ...(held ? { held: true as const } : {}), ...withId(id) } };
  }

  /**
   * A rename taken in. Held: remembered for the end of the game. Applied: the seat's name from now
   * on; its claim ends (the leaver's token no longer works), so the seat gets a code and the
   * replacement claims it; it is no leaver's empty seat.
   */
  private takeRename(e: RenameEntry, started: boolean): void {
    if (e.body.held) {
      this.seatNames.held.set(e.body.seat, e.body.name);
      return;
    }
    this.seatNames.apply(e.body, started);
    this.claims[e.body.seat - 1] = null;
    this.leftSeats.delete(e.body.seat);
    this.syncSeatCodes();
  }

  /** A free seat drawn at random (`pick(n)` draws 0 … n − 1), as players draw their numbers from a bag. */
  drawSeat(pick: (n: number) => number): number {
    this.refuseIfClosed();
    if (this.ended) refuse('game-over', 'the game in this room is over');
    // After the start a seat is taken with its own code from the host's device: the player names the seat.
    if (this.started) refuse('draw-after-start', 'the game has started: seats are no longer drawn; name the seat and give the code the host\'s device shows for it', { path: 'seat' });
    const free: number[] = [];
    for (let i = 0; i < this.claims.length; i++) if (this.claims[i] === null) free.push(i + 1);
    if (free.length === 0) refuse('no-free-seat', 'every seat of this room is taken');
    return free[pick(free.length)]!;
  }

  /**
   * A claim of a free seat. After the start it needs the seat's code (`seatCode`, checked last, when
   * everything else about the claim is right); a wrong one counts against the code (seatCodes.ts).
   */
  claimEntry(seat: number, name: string | undefined, secret: { readonly tokenHash: string; readonly salt?: string }, seatCode?: string): Entry {
    this.refuseIfClosed();
    if (seat < 1 || seat > this.row.seats) refuse('bad-seat', `this room has seats 1 to ${this.row.seats}, not ${seat}`, { path: 'seat' });
    if (this.claims[seat - 1] !== null) refuse('seat-taken', `seat ${seat} is already taken`, { path: 'seat' });
    // Between games, a seat whose player left may be taken for the next game (issue 24); nothing else.
    if (this.ended && !this.leftSeats.has(seat) && !this.seatNames.reopened.has(seat)) refuse('game-over', 'the game in this room is over');
    if (this.started) this.refuseWrongSeatCode(seat, seatCode);
    // A renamed seat keeps the name it was given (the club's replacement), whatever the phone typed.
    const body: ClaimBody = { seat, name: this.seatNames.of(seat) ?? name ?? this.names[seat - 1] ?? `${seat}`, tokenHash: secret.tokenHash, ...(secret.salt ? { salt: secret.salt } : {}) };
    return { seq: this.seq + 1, kind: 'claim', body };
  }

  /**
   * The app hosts a game only for players who are there: an app or online room starts (or deals
   * the next game) only when every seat is claimed. A human host may play free seats himself.
   */
  private refuseUnlessSeated(): void {
    if (this.row.mode === 'human') return;
    const free = this.claims.flatMap((c, i) => (c === null ? [i + 1] : []));
    if (free.length > 0) refuse('seats-not-claimed', `every seat must be claimed before the app hosts a game; free: ${free.join(', ')}`);
  }

  private refuseWrongSeatCode(seat: number, seatCode: string | undefined): void {
    if (seatCode === undefined) refuse('seat-code-needed', `the game has started: seat ${seat} is claimed with the code the host's device shows for it (seatCode)`, { path: 'seatCode' });
    const check = this.seatCodes.check(seat, seatCode!);
    if (check === 'ok') return;
    refuse('bad-seat-code', check === 'replaced'
      ? `wrong code for seat ${seat}; after ${WRONG_TRIES_PER_CODE} wrong codes the seat has a new one: ask the host for it`
      : `wrong code for seat ${seat}: give the code the host's device shows for it`, { path: 'seatCode' });
  }

  /** Deals the roles from the room's recorded seed; the names are the claimed ones. */
  startEntry(now: number, by: Controller = 'host', id?: string): { entry: Entry; game: Game } {
    this.refuseIfClosed();
    if (this.started) refuse('already-started', 'the game in this room has already started');
    this.refuseUnlessSeated();
    const game = this.deal(this.row.seed, []);
    const body: StartBody = { events: game.events, timer: this.hosted(nextTimer(null, game.game.state, this.timers, now), now), ...(by === 'admin' ? { by } : {}), ...withId(id) };
    return { entry: { seq: this.seq + 1, kind: 'start', body }, game: game.game };
  }

  /**
   * The next game at this table once the game has ended: the same seats (and so the same claims
   * and tokens), the roles dealt anew from `seed`. R-MOD first-victim-immunity, when the room plays
   * it: the seats killed on night 1 of the game just ended are immune on night 1 and day 1.
   */
  nextEntry(by: NextBody['by'], seed: number, now: number, id?: string): { entry: Entry; game: Game } {
    this.refuseIfClosed();
    if (!this.ended) refuse('game-not-over', this.started ? 'the next game can start only when this one has ended' : 'the game in this room has not started yet');
    this.refuseUnlessSeated();
    if (this.leftSeats.size > 0) {
      const left = [...this.leftSeats].sort((a, b) => a - b);
      refuse('seats-empty', `seat ${left.join(', ')} was released during this game (its player left): no role is dealt to an empty seat; a player claims it again (with the code the host's device shows), or the table opens a new room with fewer seats`, { path: 'seats' });
    }
    const last = this.game!.state;
    const carried = last.setup.modifications.includes('first-victim-immunity') && last.firstKill?.night === 1 ? last.firstKill.victims : [];
    const game = this.deal(seed, carried);
    const body: NextBody = { by, game: this.gameNo + 1, seed, immune: [...carried], events: game.events, timer: heldIf(this.paused, cardPause(nextTimer(null, game.game.state, this.timers, now), now), now), ...withId(id) };
    return { entry: { seq: this.seq + 1, kind: 'next', body }, game: game.game };
  }

  /** A game dealt for this room's seats from `seed` (names: the claimed ones), or a refusal. */
  private deal(seed: number, immune: readonly number[]): { events: readonly GameEvent[]; game: Game } {
    const named = this.claims.some((c) => c !== null) || this.names.length > 0 || this.seatNames.list() !== null;
    const names = named ? this.claims.map((c, i) => c?.name ?? this.seatNames.of(i + 1) ?? this.names[i] ?? `${i + 1}`) : undefined;
    // The deal is read here only (not kept per room).
    const deal = parseRoomDeal(this.row.deal);
    const t = createGame({ preset: this.row.preset, players: this.row.seats, seed, options: this.options, ...deal, ...(names ? { names } : {}), ...(immune.length ? { immune } : {}) });
    if (!t.ok) return refuse(t.error.code, t.error.message, { rule: t.error.rule, path: t.error.path });
    return t;
  }

  /** Runs a command through the engine: the entry to append and the game after it, or a refusal. */
  commandEntry(by: CommandBody['by'], id: string | null, command: Command, actor: Actor, now: number): { entry: Entry; game: Game } {
    this.refuseIfClosed();
    if (this.game === null) return refuse('not-started', 'the game has not started yet');
    const t = transition(this.game, command, actor);
    if (!t.ok) return refuse(t.error.code, t.error.message, { rule: t.error.rule, path: t.error.path ? `command.${t.error.path}` : undefined });
    const to = audienceOf(t.events, t.game.state, by);
    const body: CommandBody = { by, id, command, events: t.events, timer: heldIf(this.paused, this.hosted(nextTimer(this.timer, t.game.state, this.timers, now), now), now), ...(to !== null ? { to } : {}) };
    return { entry: { seq: this.seq + 1, kind: 'command', body }, game: t.game };
  }

  /** Takes in an entry made by this room once it is durable (`game`: the game it was made with). */
  commit(entry: Entry, game?: Game): void {
    if (entry.seq !== this.seq + 1) throw new Error(`room ${this.row.id}: entry ${entry.seq} does not follow ${this.seq}`);
    this.seq = entry.seq;
    this.numbering.note(entry);
    this.noteRequest(entry);
    if (entry.kind === 'claim') {
      this.claims[entry.body.seat - 1] = claimOf(entry.body);
      this.leftSeats.delete(entry.body.seat);
      this.syncSeatCodes();
      return;
    }
    if (entry.kind === 'release') {
      this.claims[entry.body.seat - 1] = null;
      if (this.started) this.leftSeats.add(entry.body.seat);
      this.syncSeatCodes();
      return;
    }
    if (entry.kind === 'close') {
      this.closed = true;
      this.timer = null;
      return;
    }
    if (entry.kind === 'timer' || entry.kind === 'step') {
      this.timer = entry.body.timer;
      return;
    }
    // A decoy tap changes nothing but the numbering and the ids applied (tap.ts).
    if (entry.kind === 'tap') return this.noteTap(entry);
    if (entry.kind === 'rename') return this.takeRename(entry, this.started);
    if (entry.kind === 'pause' || entry.kind === 'resume') {
      this.paused = entry.kind === 'pause';
      this.timer = entry.body.timer;
      return;
    }
    if (entry.kind === 'next') this.beginGame(entry);
    this.game = game!;
    if (entry.kind === 'start') this.syncSeatCodes();
    this.timer = entry.body.timer;
    if (entry.kind === 'command') this.lastCommand = entry.body;
  }
}
