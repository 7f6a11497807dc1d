import type { BotKind } from '@mafia/bots';
import { foldLog, stateEffects, ViewCache, type ChatMode, type Game, type GameEvent, type StateEffects } from '@mafia/engine';
import type { AppAlert } from '@mafia/protocol';
import type { RoomRow } from '../storage/types.js';
import { ChatIds } from './chatIds.js';
import { requestKey, requestKeyOf, type TapBody, type ClaimBody, type CommandBody, type Entry, type TimerRec } from './records.js';
import { ViewerNumbering } from './numbering.js';
import { SeatCodes } from './seatCodes.js';
import { SeatNames, type RenameEntry } from './renames.js';

/** A claimed seat: its name, its token's hash and, when the claim came with a client key, the salt its token was derived with (claimKeys.ts). */
export interface Claim { readonly name: string; readonly tokenHash: string; readonly salt?: string; readonly bot?: BotKind }

const claimOf = (b: ClaimBody): Claim => ({ name: b.name, tokenHash: b.tokenHash, ...(b.salt ? { salt: b.salt } : {}), ...(b.bot ? { bot: b.bot } : {}) });

/** An entry that changes the game, with what it was made with: the game after it and the engine's effects of that game. */
export interface Made { readonly entry: Entry; readonly game: Game; readonly effects: StateEffects }

/**
 * What a room's log folds to, and the taking in of each entry (its own concern: `Room` in room.ts
 * makes the entries). No I/O: an entry is taken in once it is durable.
 */
export abstract class RoomState {
  readonly claims: (Claim | null)[];
  game: Game | null = null;
  /** The engine's effects of the game as it stands (its timed step, its end, whose own turn runs); null before the start. */
  effects: StateEffects | null = null;
  /**
   * The engine's seat table of this room's game (its viewers' seat lists), kept with the room: the
   * server projects its thousand games in turn, and the lists' identity lets the serialiser reuse
   * their texts (updateFrame.ts).
   */
  readonly viewCache = new ViewCache();
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
   * Every request id applied in this room's life (`by:id` → log seq), of every kind of request but chat lines (`chatIds`), not
   * a window: a re-sent id is answered, never applied again, whenever it comes (a restart rebuilds it
   * from the log). One small entry per request; nothing else is kept of it.
   */
  private readonly applied = new Map<string, number>();
  /** Chat lines' ids: each writer's last few only (chatIds.ts). */
  private readonly chatIds = new ChatIds();
  /** This game's decoy taps (`night:step:seat` → log seq): a seat's second tap of a step is answered with its first (tap.ts). */
  private readonly taps = new Map<string, number>();
  /** Each viewer's own numbering of the log (R-NIGHT-4: nobody counts the acts he was not sent). */
  readonly numbering: ViewerNumbering;
  /**
   * Seats released since this game started and not claimed again: their players left. The next
   * game deals no role to them (issue 24: «игрок 2» was nominated, shot and given a last word).
   */
  readonly leftSeats = new Set<number>();
  /** Once the game has started: the code of each free seat (only the host's or room admin's device shows them). */
  readonly seatCodes = new SeatCodes();
  /** Online rooms: the seats muted in the chat, and who writes in the day chat (chat.ts). */
  readonly muted = new Set<number>();
  chatMode: ChatMode = 'free';
  /** Online rooms: missed steps in a row before a bot stands in for a player (idle.ts; the default, 2). */
  idleLimit = 2;
  /** Seats renamed by the host or the room's owner (a replacement: renames.ts). */
  readonly seatNames: SeatNames;

  constructor(public row: RoomRow) {
    this.numbering = new ViewerNumbering(row.seats);
    this.claims = new Array<Claim | null>(row.seats).fill(null);
    this.seatNames = new SeatNames(row.seats);
  }

  /** Rebuilds the room from its whole log: the engine events folded once (foldLog), claims and timer replayed. */
  protected replay(entries: readonly Entry[]): void {
    let log: GameEvent[] = [];
    let batches: number[] = [];
    let started = false;
    for (const e of entries) {
      if (e.seq !== this.seq + 1) throw new Error(`room ${this.row.id}: log entry ${e.seq} follows ${this.seq}`);
      this.seq = e.seq;
      this.numbering.note(e);
      this.noteRequest(e);
      if (e.kind === 'claim') {
        this.claims[e.body.seat - 1] = claimOf(e.body);
        this.leftSeats.delete(e.body.seat);
      } else if (e.kind === 'release') {
        this.claims[e.body.seat - 1] = null;
        if (started) this.leftSeats.add(e.body.seat);
      }
      else if (e.kind === 'close') {
        this.closed = true;
        this.timer = null;
      } else if (e.kind === 'timer' || e.kind === 'step') this.timer = e.body.timer;
      else if (e.kind === 'tap') this.noteTap(e); // a decoy tap: numbered and its id kept, nothing for the game (tap.ts)
      else if (e.kind === 'rename') this.takeRename(e, started);
      else if (e.kind === 'chat' || e.kind === 'mute' || e.kind === 'chatMode' || e.kind === 'idleLimit') this.takeChat(e);
      else if (e.kind === 'pause' || e.kind === 'resume') {
        this.paused = e.kind === 'pause';
        this.timer = e.body.timer;
      } else {
        // The next game at the table: the games before it are over and fold no further.
        if (e.kind === 'next') {
          [log, batches] = [[], []];
          this.beginGame(e);
        }
        started = true;
        for (const ev of e.body.events) log.push(ev);
        batches.push(e.kind === 'command' && e.body.command.type === 'undo' ? -e.body.command.count : e.body.events.length);
        this.timer = e.body.timer;
        if (e.kind === 'command') this.lastCommand = e.body;
      }
    }
    if (started) {
      const state = foldLog(log);
      this.game = { log, state, batches };
      // A game rebuilt from its log has no transition to take its effects from: the engine gives those of its state.
      this.effects = stateEffects(state);
    }
    this.syncSeatCodes();
  }


  /** The app host's refused step, while its step is still the running one. */
  get alert(): AppAlert | null {
    return this.stuck !== null && this.stuck.timer === this.timer ? this.stuck.alert : null;
  }

  get started(): boolean {
    return this.game !== null;
  }

  /** After the start every free seat has a code and no claimed one keeps its own. */
  protected syncSeatCodes(): void {
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
    const key = requestKey(by, id);
    return this.applied.get(key) ?? this.chatIds.seq(key);
  }

  private noteRequest(e: Entry): void {
    const key = requestKeyOf(e);
    if (key === null) return;
    if (e.kind === 'chat') this.chatIds.note(e.body.by, key, e.seq);
    else this.applied.set(key, e.seq);
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


  /** A chat line changes nothing but the numbering and the ids applied; a mute, the mode and the idle limit are the room's online rules. */
  private takeChat(e: Extract<Entry, { kind: 'chat' | 'mute' | 'chatMode' | 'idleLimit' }>): void {
    if (e.kind === 'idleLimit') this.idleLimit = e.body.limit;
    if (e.kind === 'mute') {
      if (e.body.muted) this.muted.add(e.body.seat);
      else this.muted.delete(e.body.seat);
    } else if (e.kind === 'chatMode') this.chatMode = e.body.mode;
  }

  /**
   * Takes in an entry made by this room once it is durable (`game`: the game it was made with;
   * `effects`: the engine's effects of that game, which the room executes from now on — asked of
   * the engine when not given, as for a rebuilt game).
   */
  commit(entry: Entry, game?: Game, effects?: StateEffects): void {
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
    if (entry.kind === 'chat' || entry.kind === 'mute' || entry.kind === 'chatMode' || entry.kind === 'idleLimit') return this.takeChat(entry);
    if (entry.kind === 'pause' || entry.kind === 'resume') {
      this.paused = entry.kind === 'pause';
      this.timer = entry.body.timer;
      return;
    }
    if (entry.kind === 'next') this.beginGame(entry);
    this.game = game!;
    this.effects = effects ?? stateEffects(game!.state);
    if (entry.kind === 'start') this.syncSeatCodes();
    this.timer = entry.body.timer;
    if (entry.kind === 'command') this.lastCommand = entry.body;
  }
}

