import type { BotKind } from '@mafia/bots';
import { createGame, nightSteps, transition, type Actor, type Command, type Effects, type Game, type GameEvent } from '@mafia/engine';
import type { RoomRow } from '../storage/types.js';
import { refuse } from './errors.js';
import { rebaseTimer } from './clock.js';
import type { ClaimBody, CommandBody, Controller, Entry, NextBody, StartBody, TimerRec } from './records.js';
import { addressOf } from './numbering.js';
import { WRONG_TRIES_PER_CODE } from './seatCodes.js';
import { checkedRename, type RenameEntry } from './renames.js';
import { heldIf, pauseTimer, resumeTimer } from './pause.js';
import { cardPause, extendTimer, nextTimer, nightAfterCards, type StoredTimers } from './timers.js';
import { RoomState, type Made } from './roomState.js';
import { parseRoomColumns, parseRoomDeal } from './storedRoom.js';

export type { Claim, Made } from './roomState.js';

/** A request id as an entry body keeps it: only when the client sent one (old logs and the app have none). */
const withId = (id: string | undefined): { id?: string } => (id === undefined ? {} : { id });

/**
 * One room in memory: it makes the next log entry (or refuses), executing the engine's effects
 * into it; what the log folds to, and taking an entry in once it is durable, is `RoomState`
 * (roomState.ts). It does no I/O: the manager does the rest.
 */
export class Room extends RoomState {
  readonly timers: StoredTimers;
  readonly options: Record<string, unknown>;
  readonly names: readonly string[];

  /** The room as stored; replaced (never edited) when its owner changes the host key (RoomManager.hostKeyChanged). */
  constructor(row: RoomRow) {
    super(row);
    ({ timers: this.timers, options: this.options, names: this.names } = parseRoomColumns(row));
  }

  /** A room rebuilt from its whole log (RoomState.replay). */
  static load(row: RoomRow, entries: readonly Entry[]): Room {
    const room = new Room(row);
    room.replay(entries);
    return room;
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
    const timer = this.hosted(nightAfterCards(this.effects!.timer, this.timers, now), now);
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
  claimEntry(seat: number, name: string | undefined, secret: { readonly tokenHash: string; readonly salt?: string }, seatCode?: string, bot?: { readonly kind: BotKind; readonly id?: string }): Entry {
    this.refuseIfClosed();
    if (seat < 1 || seat > this.row.seats) refuse('bad-seat', `this room has seats 1 to ${this.row.seats}, not ${seat}`, { path: 'seat' });
    if (this.claims[seat - 1] !== null) refuse('seat-taken', `seat ${seat} is already taken`, { path: 'seat' });
    // Between games, a seat whose player left may be taken for the next game (issue 24); nothing else.
    if (this.ended && !this.leftSeats.has(seat) && !this.seatNames.reopened.has(seat)) refuse('game-over', 'the game in this room is over');
    // The room admin's bot needs no code: the admin's device is the one that shows the codes.
    if (this.started && !bot) this.refuseWrongSeatCode(seat, seatCode);
    // A renamed seat keeps the name it was given (the club's replacement), whatever the phone typed.
    const body: ClaimBody = {
      seat, name: this.seatNames.of(seat) ?? name ?? this.names[seat - 1] ?? `${seat}`, tokenHash: secret.tokenHash, ...(secret.salt ? { salt: secret.salt } : {}),
      ...(bot ? { bot: bot.kind, ...(bot.id !== undefined ? { id: bot.id } : {}) } : {}),
    };
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
  startEntry(now: number, by: Controller = 'host', id?: string): Made {
    this.refuseIfClosed();
    if (this.started) refuse('already-started', 'the game in this room has already started');
    this.refuseUnlessSeated();
    const game = this.deal(this.row.seed, []);
    const body: StartBody = { events: game.events, timer: this.hosted(nextTimer(null, game.effects.timer, this.timers, now), now), ...(by === 'admin' ? { by } : {}), ...withId(id) };
    return { entry: { seq: this.seq + 1, kind: 'start', body }, game: game.game, effects: game.effects };
  }

  /**
   * The next game at this table once the game has ended: the same seats (and so the same claims
   * and tokens), the roles dealt anew from `seed`. R-MOD first-victim-immunity, when the room plays
   * it: the seats killed on night 1 of the game just ended are immune on night 1 and day 1.
   */
  nextEntry(by: NextBody['by'], seed: number, now: number, id?: string): Made {
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
    const body: NextBody = { by, game: this.gameNo + 1, seed, immune: [...carried], events: game.events, timer: heldIf(this.paused, cardPause(nextTimer(null, game.effects.timer, this.timers, now), now), now), ...withId(id) };
    return { entry: { seq: this.seq + 1, kind: 'next', body }, game: game.game, effects: game.effects };
  }

  /** A game dealt for this room's seats from `seed` (names: the claimed ones), or a refusal. */
  private deal(seed: number, immune: readonly number[]): { events: readonly GameEvent[]; game: Game; effects: Effects } {
    const named = this.claims.some((c) => c !== null) || this.names.length > 0 || this.seatNames.list() !== null;
    const names = named ? this.claims.map((c, i) => c?.name ?? this.seatNames.of(i + 1) ?? this.names[i] ?? `${i + 1}`) : undefined;
    // The deal is read here only (not kept per room).
    const deal = parseRoomDeal(this.row.deal);
    const t = createGame({ preset: this.row.preset, players: this.row.seats, seed, options: this.options, ...deal, ...(names ? { names } : {}), ...(immune.length ? { immune } : {}) });
    if (!t.ok) return refuse(t.error.code, t.error.message, { rule: t.error.rule, path: t.error.path });
    return t;
  }

  /**
   * Runs a command through the engine and executes its effects into the entry: the entry is
   * addressed to the events' audience, and carries the timer of the step the engine says runs
   * next. The entry to append, the game after it and its effects, or a refusal.
   */
  commandEntry(by: CommandBody['by'], id: string | null, command: Command, actor: Actor, now: number): Made {
    this.refuseIfClosed();
    if (this.game === null) return refuse('not-started', 'the game has not started yet');
    const t = transition(this.game, command, actor);
    if (!t.ok) return refuse(t.error.code, t.error.message, { rule: t.error.rule, path: t.error.path ? `command.${t.error.path}` : undefined });
    const to = addressOf(t.effects.audience, by);
    const body: CommandBody = { by, id, command, events: t.events, timer: heldIf(this.paused, this.hosted(nextTimer(this.timer, t.effects.timer, this.timers, now), now), now), ...(to !== null ? { to } : {}) };
    return { entry: { seq: this.seq + 1, kind: 'command', body }, game: t.game, effects: t.effects };
  }

}
