import type { Command, GameView, Pending } from '@mafia/engine';
import type { AppAlert, Auth, Lobby, LogItem, SeatCode, ServerMessage, TimerView, You } from '@mafia/protocol';

/**
 * RoomClient: one WebSocket connection to a room, protocol v1 (docs/wire-protocol.md).
 *
 * - `connect()` opens the socket and sends `hello` with `auth` and `lastSeq` (0 at first: the whole log
 *   this viewer may see);
 *   after a drop it reconnects with exponential backoff and resumes from the last `seq` it saw.
 * - `claim(seat, name, seatCode)` takes a seat (after the start with the seat's code from the host's
 *   device); the claim carries a key kept (`tokens`) until the token comes, so a claim whose answer
 *   was lost is sent again with the same key and gets the same seat; the token of the answer is
 *   kept and used from then on to come back as that seat.
 * - The host and the room admin get the free seats' codes (after the start) as `seatCodes`.
 * - `command(cmd)` sends a game command with a unique `id`; a command not yet answered when the
 *   connection drops is sent again, with the same id, after the next `welcome` (the server applies an
 *   id once). So is a night `tap` (a decoy: a seat's tap in a step where it has no act). `start`, `next`, `release`, `close`, `timer`, `pause`, `resume` and `skip` are not re-sent:
 *   their promise rejects with `connection-lost` and the caller looks at the state.
 * - The room admin (app/online rooms) gets the app host's refused step as `alert` in the state.
 * - The state (`getState()`, a new object on every change) and `subscribe()` fit useSyncExternalStore.
 *
 * Nothing here touches the DOM: the WebSocket class, the clock, timers and the secrets are injected,
 * so the tests drive it with a fake socket.
 */

export type Status = 'connecting' | 'open' | 'closed';

/** A refusal: an `error` message, or one the client makes itself (`connection-lost`, `closed`). */
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
}

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

export interface RoomClientOptions {
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
  readonly now?: () => number;
  readonly random?: () => number;
  readonly setTimeout?: (f: () => void, ms: number) => unknown;
  readonly clearTimeout?: (t: unknown) => void;
  /** Makes command ids (unique per client); default a random prefix and a counter. */
  readonly newId?: () => string;
  /** Makes a claim's key (default 128 random bits from crypto.getRandomValues, in hex). */
  readonly newClaimKey?: () => string;
}

function randomClaimKey(): string {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

type Outgoing = Record<string, unknown> & { type: string };

interface InFlight {
  readonly id: string;
  readonly message: Outgoing;
  /** Only commands and night taps are re-sent after a reconnect. */
  readonly resend: boolean;
  sent: boolean;
  resolve(seq: number): void;
  reject(e: WireError): void;
}

interface Joining {
  readonly message: Outgoing;
  resolve(m: Extract<ServerMessage, { type: 'welcome' }>): void;
  reject(e: WireError): void;
}

const OPEN = 1;
/** hello/claim refusals after which trying again the same way cannot work. */
const AUTH_FATAL = new Set(['no-room', 'bad-key', 'no-human-host', 'has-human-host', 'bad-token', 'seat-not-claimed', 'bad-seat', 'bad-message']);

export function defaultSocketUrl(): string {
  const loc = globalThis.location;
  if (!loc) return 'ws://localhost:3000/ws';
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

const INITIAL: RoomState = {
  status: 'closed', you: null, lobby: null, view: null, pending: [], timer: null, seq: 0,
  lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0, alert: null, seatCodes: [],
};

export class RoomClient {
  private state: RoomState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private auth: Auth;
  private socket: SocketLike | null = null;
  private stopped = true;
  private welcomed = false;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private pongTimer: unknown = null;
  private pingSentAt = 0;
  private readonly inFlight = new Map<string, InFlight>();
  private joining: Joining | null = null;
  private counter = 0;
  private readonly prefix: string;
  readonly code: string;

  constructor(private readonly o: RoomClientOptions) {
    this.code = o.code.toUpperCase();
    this.auth = o.auth;
    this.prefix = Math.floor((o.random ?? Math.random)() * 36 ** 6).toString(36);
  }

  // ---- store (useSyncExternalStore) ----

  readonly getState = (): RoomState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<RoomState>): void {
    this.state = { ...this.state, ...patch, unacked: [...this.inFlight.keys()] };
    for (const l of [...this.listeners]) l();
  }

  /** How this client enters the room (changes after a claim). */
  get currentAuth(): Auth {
    return this.auth;
  }

  // ---- connection ----

  /** Opens the connection (again after close()). */
  connect(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  /** Closes for good: no reconnect; unanswered requests reject with `closed`. */
  close(): void {
    this.stop({ code: 'closed', message: 'the client was closed' });
  }

  /**
   * The host closed the room (`lobby.closed`): nothing more will come, so the client stops at once,
   * as `close()` does — no reconnect, no ping — keeping the last state for the screen to show.
   */
  private stopIfClosed(): boolean {
    if (this.state.lobby?.closed !== true || this.stopped) return false;
    this.stop({ code: 'room-closed', message: 'the host has closed this room' });
    return true;
  }

  private stop(err: WireError): void {
    this.stopped = true;
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close(1000, 'bye');
      } catch {
        // already closed
      }
    }
    this.failAll(err, true);
    this.set({ status: 'closed' });
  }

  private open(): void {
    this.welcomed = false;
    this.set({ status: 'connecting' });
    let s: SocketLike;
    try {
      s = (this.o.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike))(this.o.url ?? defaultSocketUrl());
    } catch (e) {
      this.set({ lastError: { code: 'connect-failed', message: e instanceof Error ? e.message : String(e) } });
      this.scheduleReconnect();
      return;
    }
    this.socket = s;
    s.onopen = () => this.onOpen(s);
    s.onmessage = (ev) => this.onMessage(s, ev.data);
    s.onclose = () => this.onDrop(s);
    s.onerror = () => {
      // onclose follows
    };
  }

  private onOpen(s: SocketLike): void {
    if (s !== this.socket) return;
    // A claim asked while connecting is sent instead of the hello.
    if (this.joining) this.raw(this.joining.message);
    else this.raw(this.helloMessage());
  }

  private helloMessage(): Outgoing {
    // lastSeq 0 on the first hello: the server sends the whole log this viewer may see, so a screen
    // opened (or reloaded) mid-game has its history, tonight's recorded acts and the morning news.
    return { type: 'hello', room: this.code, auth: this.auth, lastSeq: this.state.seq };
  }

  private onDrop(s: SocketLike): void {
    if (s !== this.socket) return;
    this.socket = null;
    this.welcomed = false;
    this.clearPing();
    // Commands stay in flight (re-sent after the next welcome); the rest cannot be known.
    this.failAll({ code: 'connection-lost', message: 'the connection dropped before the answer' }, false);
    if (this.stopped) return;
    this.set({ status: 'connecting' });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const attempt = this.state.attempt + 1;
    const { initialMs, maxMs } = this.o.backoff ?? { initialMs: 500, maxMs: 15_000 };
    const base = Math.min(maxMs, initialMs * 2 ** (attempt - 1));
    const delay = Math.round(base * (0.8 + 0.4 * (this.o.random ?? Math.random)()));
    this.set({ attempt });
    this.retryTimer = this.timeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  /** Drops the socket now and reconnects (e.g. when the page comes back to the foreground). */
  reconnectNow(): void {
    if (this.stopped) return;
    if (this.retryTimer !== null) {
      this.clear(this.retryTimer);
      this.retryTimer = null;
      this.open();
      return;
    }
    const s = this.socket;
    if (s) {
      try {
        s.close(4000, 'reconnect');
      } catch {
        // ignore
      }
      this.onDrop(s);
    }
  }

  // ---- requests ----

  /**
   * Claims a free seat as `name` (`'draw'`: the server draws a free seat at random, as players draw
   * their numbers from a bag); resolves with the welcome once the server gives it, after the token is
   * stored. Rejects with the server's error (`seat-taken`, `bad-seat`, `no-free-seat`,
   * `seat-code-needed`, `bad-seat-code`, …). The same seat asked again while an earlier claim of it
   * is unanswered (a page reloaded before the welcome) goes with the earlier claim's key.
   */
  claim(seat: number | 'draw', name?: string, seatCode?: string): Promise<Extract<ServerMessage, { type: 'welcome' }>> {
    return new Promise((resolve, reject) => {
      if (this.joining) this.joining.reject({ code: 'superseded', message: 'another hello or claim was sent' });
      const pending = this.o.tokens?.getPendingClaim?.(this.code);
      const key = pending && pending.seat === seat ? pending.key : (this.o.newClaimKey ?? randomClaimKey)();
      this.o.tokens?.setPendingClaim?.(this.code, { seat, key, ...(name ? { name } : {}) });
      const message: Outgoing = {
        type: 'claim', room: this.code, seat, ...(name ? { name } : {}), ...(seatCode ? { seatCode } : {}), key,
        ...(this.state.seq > 0 ? { lastSeq: this.state.seq } : {}),
      };
      this.joining = { message, resolve, reject };
      if (this.stopped) this.connect();
      else if (this.isOpen()) this.raw(message);
      // else: sent by onOpen
    });
  }

  /** A game command; resolves with the seq of its log entry (or of the earlier one, for a repeated id). */
  command(command: Command, id: string = this.nextId()): Promise<number> {
    return this.request(id, { type: 'command', id, command }, true);
  }

  start(): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'start', id }, false);
  }

  release(seat: number): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'release', seat, id }, false);
  }

  /** Host (or the room admin): once the game has ended, the next game at the same table, same seats. */
  nextGame(): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'next', id }, false);
  }

  closeRoom(): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'close', id }, false);
  }

  /** Host: moves the running step's deadline by `add` whole seconds (−600…600, not 0). */
  timer(add: number): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'timer', add, id }, false);
  }

  /** Host (human rooms): opens night step `step` (0-based) on every screen. Not re-sent after a drop. */
  openStep(step: number): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'step', step, id }, false);
  }

  /** Host or room admin: stops the clock (the running step keeps what is left). */
  pause(): Promise<number> {
    return this.once('pause');
  }

  /** Host or room admin: starts the clock again from what was left. */
  resume(): Promise<number> {
    return this.once('resume');
  }

  /** Room admin: ends the running step now, as its timer running out would. */
  skip(): Promise<number> {
    return this.once('skip');
  }

  /** Room admin: undoes the app host's last step (the server refuses it after a player's command, or at night). */
  undoAppStep(): Promise<number> {
    return this.command({ type: 'undo', count: 1 });
  }

  private once(type: 'pause' | 'resume' | 'skip'): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type, id }, false);
  }

  ping(): void {
    if (!this.isOpen()) return;
    this.pingSentAt = this.now();
    this.raw({ type: 'ping' });
    const wait = this.o.pongTimeoutMs ?? 10_000;
    if (this.pongTimer === null && wait > 0) {
      this.pongTimer = this.timeout(() => {
        this.pongTimer = null;
        this.reconnectNow();
      }, wait);
    }
  }

  /**
   * A seat's night tap in a step where it has no act (issue 23, the decoy): recorded by the server
   * for this seat alone and answered exactly as a command is — resolves with the seq of its entry on
   * the `update` that acks it, rejects with the refusal — and, like a command, re-sent with the same
   * id after a drop. So the phone's «Принято» after a decoy, as after an act, means recorded.
   */
  tap(by: number, step: number, id: string = this.nextId()): Promise<number> {
    return this.request(id, { type: 'tap', id, by, step }, true);
  }

  /** The server's clock now, as well as this client knows it (epoch ms). */
  serverNow(): number {
    return this.now() + this.state.clockOffset;
  }

  private request(id: string, message: Outgoing, resend: boolean): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const f: InFlight = { id, message, resend, sent: false, resolve, reject };
      this.inFlight.set(id, f);
      if (this.welcomed && this.isOpen()) {
        f.sent = true;
        this.raw(message);
      }
      this.set({});
    });
  }

  private nextId(): string {
    return this.o.newId ? this.o.newId() : `${this.prefix}-${++this.counter}`;
  }

  // ---- receiving ----

  private onMessage(s: SocketLike, data: unknown): void {
    if (s !== this.socket) return;
    let m: ServerMessage;
    try {
      m = JSON.parse(typeof data === 'string' ? data : String(data)) as ServerMessage;
    } catch {
      this.set({ lastError: { code: 'bad-server-message', message: 'the server sent something that is not JSON' } });
      return;
    }
    switch (m.type) {
      case 'welcome':
        return this.onWelcome(m);
      case 'update': {
        const ack = m.ack !== undefined ? this.inFlight.get(m.ack) : undefined;
        if (ack) this.inFlight.delete(ack.id);
        this.set({
          seq: Math.max(this.state.seq, m.seq),
          log: this.merge(m.items),
          ...(m.lobby ? { lobby: m.lobby } : {}),
          view: m.view,
          pending: m.pending,
          timer: m.timer,
          // A step of the game was taken: the app host's refused step is behind us.
          ...(m.items.some((i) => i.kind === 'events') ? { alert: null } : {}),
        });
        ack?.resolve(m.seq);
        this.stopIfClosed();
        return;
      }
      case 'ack': {
        const f = this.inFlight.get(m.id);
        if (f) {
          this.inFlight.delete(m.id);
          this.set({});
          f.resolve(m.seq);
        }
        return;
      }
      case 'pong': {
        const now = this.now();
        if (this.pongTimer !== null) {
          this.clear(this.pongTimer);
          this.pongTimer = null;
        }
        const offset = this.pingSentAt > 0 ? Math.round(m.now - (this.pingSentAt + now) / 2) : m.now - now;
        this.set({ clockOffset: offset });
        return;
      }
      case 'error':
        return this.onError(m);
      case 'alert': {
        const { v: _v, type: _type, ...alert } = m;
        this.set({ alert });
        return;
      }
      case 'seatCodes':
        this.set({ seatCodes: m.codes });
        return;
      default:
        return;
    }
  }

  private onWelcome(m: Extract<ServerMessage, { type: 'welcome' }>): void {
    this.welcomed = true;
    if (m.token !== undefined && m.you.as === 'seat') {
      this.auth = { as: 'seat', seat: m.you.seat, token: m.token };
      this.o.tokens?.setSeat(this.code, m.you.seat, m.token);
      this.o.tokens?.forgetPendingClaim?.(this.code);
    }
    const joining = this.joining;
    this.joining = null;
    this.set({
      status: 'open', attempt: 0, you: m.you, lobby: m.lobby, view: m.view, pending: m.pending, timer: m.timer,
      seq: m.seq, log: this.merge(m.items), lastError: null, alert: m.alert ?? null,
    });
    joining?.resolve(m);
    if (this.stopIfClosed()) return;
    // Commands not answered before the drop (or asked while away) go now, with their ids.
    for (const f of this.inFlight.values()) {
      f.sent = true;
      this.raw(f.message);
    }
    this.startPing();
  }

  private onError(m: Extract<ServerMessage, { type: 'error' }>): void {
    const err: WireError = { code: m.code, message: m.message, ...(m.rule ? { rule: m.rule } : {}), ...(m.path ? { path: m.path } : {}), ...(m.id ? { id: m.id } : {}) };
    const f = m.id !== undefined ? this.inFlight.get(m.id) : undefined;
    if (f) {
      this.inFlight.delete(f.id);
      this.set({ lastError: err });
      f.reject(err);
      return;
    }
    if (m.code === 'seat-renamed' && this.auth.as === 'seat') {
      // Issue 24: a replacement took our seat; the token is dead. Watch on, and say who has it now.
      const seat = this.auth.seat;
      this.o.tokens?.forgetSeat(this.code);
      this.auth = { as: 'spectator' };
      this.set({ lastError: err, you: null, seatLost: { seat, name: this.state.lobby?.renamed?.[seat - 1] ?? null } });
      if (this.isOpen()) this.raw(this.helloMessage());
      return;
    }
    if (m.code === 'seat-released') {
      // The host freed our seat: the token is dead; carry on watching as a spectator.
      this.o.tokens?.forgetSeat(this.code);
      this.auth = { as: 'spectator' };
      this.set({ lastError: err, you: null });
      if (this.isOpen()) this.raw(this.helloMessage());
      return;
    }
    if (m.code === 'host-handed-over') {
      // Issue 24: the club gave the table to another host; this console's key opens nothing now.
      this.set({ lastError: err });
      this.close();
      this.set({ lastError: err });
      return;
    }
    if (!this.welcomed || this.joining) {
      const joining = this.joining;
      if (joining) {
        // A refused claim leaves the connection where it was; the attempt is over, and so is its key.
        this.joining = null;
        if (joining.message.type === 'claim') this.o.tokens?.forgetPendingClaim?.(this.code);
        this.set({ lastError: err });
        joining.reject(err);
        if (!this.welcomed && this.isOpen()) this.raw(this.helloMessage());
        return;
      }
      if (m.code === 'bad-last-seq') {
        // The server's log is behind what we saw (another numbering, a new database): start over.
        this.set({ seq: 0, log: [], lastError: err });
        this.raw(this.helloMessage());
        return;
      }
      if (AUTH_FATAL.has(m.code)) {
        if (this.auth.as === 'seat' && (m.code === 'bad-token' || m.code === 'seat-not-claimed')) this.o.tokens?.forgetSeat(this.code);
        this.set({ lastError: err });
        this.close();
        this.set({ lastError: err });
        return;
      }
    }
    this.set({ lastError: err });
  }

  /**
   * Adds items the log does not have yet (a seat that was a spectator may be sent some again). The
   * next game at the table (an item with `game`) starts the log anew: each game has its own.
   */
  private merge(items: readonly LogItem[]): readonly LogItem[] {
    if (items.length === 0) return this.state.log;
    const last = this.state.log.length > 0 ? this.state.log[this.state.log.length - 1]!.seq : 0;
    const fresh = items.filter((i) => i.seq > last);
    if (fresh.length === 0) return this.state.log;
    const next = fresh.findLastIndex((i) => i.kind === 'events' && i.game !== undefined);
    return next >= 0 ? fresh.slice(next) : [...this.state.log, ...fresh];
  }

  // ---- plumbing ----

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  private raw(m: Outgoing): void {
    try {
      this.socket?.send(JSON.stringify({ v: 1, ...m }));
    } catch {
      // the close handler will follow
    }
  }

  /** Rejects what is in flight; commands survive a drop (`keepCommands`) to be re-sent. */
  private failAll(err: WireError, all: boolean): void {
    for (const f of [...this.inFlight.values()]) {
      if (!all && f.resend) {
        f.sent = false;
        continue;
      }
      if (!all && !f.sent) continue; // asked while away: goes after the next welcome
      this.inFlight.delete(f.id);
      f.reject({ ...err, id: f.id });
    }
    if (all && this.joining) {
      this.joining.reject(err);
      this.joining = null;
    }
    this.set({});
  }

  private startPing(): void {
    this.clearPing();
    const every = this.o.pingEveryMs ?? 25_000;
    if (every <= 0) return;
    this.ping();
    const loop = () => {
      this.pingTimer = this.timeout(() => {
        this.ping();
        loop();
      }, every);
    };
    loop();
  }

  private clearPing(): void {
    if (this.pingTimer !== null) this.clear(this.pingTimer);
    if (this.pongTimer !== null) this.clear(this.pongTimer);
    this.pingTimer = this.pongTimer = null;
  }

  private clearTimers(): void {
    this.clearPing();
    if (this.retryTimer !== null) this.clear(this.retryTimer);
    this.retryTimer = null;
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  private timeout(f: () => void, ms: number): unknown {
    return (this.o.setTimeout ?? ((g: () => void, t: number) => globalThis.setTimeout(g, t)))(f, ms);
  }

  private clear(t: unknown): void {
    (this.o.clearTimeout ?? ((x: unknown) => globalThis.clearTimeout(x as ReturnType<typeof setTimeout>)))(t);
  }
}
