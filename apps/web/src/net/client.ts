import type { ChatChannel, ChatMode, Command } from '@mafia/engine';
import type { Auth, SignalData, WireMediaPeer } from '@mafia/protocol';
import { PingClock, Timers } from './clock';
import { RoomInbox, type MediaEvent, type Session, type Welcome } from './inbox';
import { RequestTracker } from './requests';
import type { Outgoing, RoomClientOptions, RoomState, WireError } from './roomState';
import { RoomSocket } from './socket';
import { RoomStore } from './store';

export type { ClockOptions, PendingClaim, RoomClientOptions, RoomState, SeatTokenStore, SocketFactory, SocketLike, Status, WireError } from './roomState';
export { defaultSocketUrl } from './socket';
export type { MediaEvent } from './inbox';

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
 *
 * The parts: `socket.ts` (the connection and its backoff), `requests.ts` (what is in flight),
 * `inbox.ts` (what the server sends, checked against the protocol's schema), `store.ts` (the state),
 * `clock.ts` (timers, ping and the server's clock).
 */

function randomClaimKey(): string {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export class RoomClient {
  private readonly requests = new RequestTracker();
  private readonly store = new RoomStore(() => this.requests.ids());
  private readonly timers: Timers;
  private readonly socket: RoomSocket;
  private readonly clock: PingClock;
  private readonly inbox: RoomInbox;
  private readonly session: Session;
  private counter = 0;
  private readonly mediaListeners = new Set<(e: MediaEvent) => void>();
  private readonly prefix: string;
  readonly code: string;

  constructor(private readonly o: RoomClientOptions) {
    this.code = o.code.toUpperCase();
    this.session = { auth: o.auth, welcomed: false, joining: null };
    this.prefix = Math.floor((o.random ?? Math.random)() * 36 ** 6).toString(36);
    this.timers = new Timers(o);
    this.socket = new RoomSocket(o, this.timers, {
      connecting: () => {
        this.session.welcomed = false;
        this.set({ status: 'connecting' });
      },
      failed: (err) => this.set({ lastError: err }),
      opened: () => this.onOpen(),
      received: (data) => this.inbox.receive(data),
      dropped: () => {
        this.session.welcomed = false;
        this.clock.stop();
        // Commands stay in flight (re-sent after the next welcome); the rest cannot be known.
        this.failAll({ code: 'connection-lost', message: 'the connection dropped before the answer' }, false);
      },
      reconnecting: () => this.set({ status: 'connecting' }),
      nextAttempt: () => {
        const attempt = this.state.attempt + 1;
        this.set({ attempt });
        return attempt;
      },
    });
    this.clock = new PingClock(this.timers, o, {
      isOpen: () => this.socket.isOpen(),
      sendPing: () => this.socket.send({ type: 'ping' }),
      silent: () => this.reconnectNow(),
    });
    this.inbox = new RoomInbox({
      code: this.code, session: this.session, store: this.store, requests: this.requests, socket: this.socket, clock: this.clock,
      ...(o.tokens ? { tokens: o.tokens } : {}),
      hello: () => this.helloMessage(),
      close: () => this.close(),
      stopIfClosed: () => this.stopIfClosed(),
      media: (e) => {
        for (const l of this.mediaListeners) l(e);
      },
    });
  }

  // ---- store (useSyncExternalStore) ----

  readonly getState = (): RoomState => this.store.getState();
  readonly subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  private get state(): RoomState {
    return this.store.getState();
  }

  private set(patch: Partial<RoomState>): void {
    this.store.set(patch);
  }

  /** How this client enters the room (changes after a claim). */
  get currentAuth(): Auth {
    return this.session.auth;
  }

  // ---- connection ----

  /** Opens the connection (again after close()). */
  connect(): void {
    this.socket.start();
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
    if (this.state.lobby?.closed !== true || this.socket.isStopped) return false;
    this.stop({ code: 'room-closed', message: 'the host has closed this room' });
    return true;
  }

  private stop(err: WireError): void {
    this.clock.stop();
    this.socket.stop();
    this.failAll(err, true);
    this.set({ status: 'closed' });
  }

  private onOpen(): void {
    // A claim asked while connecting is sent instead of the hello.
    this.socket.send(this.session.joining ? this.session.joining.message : this.helloMessage());
  }

  private helloMessage(): Outgoing {
    // lastSeq 0 on the first hello: the server sends the whole log this viewer may see, so a screen
    // opened (or reloaded) mid-game has its history, tonight's recorded acts and the morning news.
    return { type: 'hello', room: this.code, auth: this.session.auth, lastSeq: this.state.seq };
  }

  /** Drops the socket now and reconnects (e.g. when the page comes back to the foreground). */
  reconnectNow(): void {
    this.socket.reconnectNow();
  }

  // ---- requests ----

  /**
   * Claims a free seat as `name` (`'draw'`: the server draws a free seat at random, as players draw
   * their numbers from a bag); resolves with the welcome once the server gives it, after the token is
   * stored. Rejects with the server's error (`seat-taken`, `bad-seat`, `no-free-seat`,
   * `seat-code-needed`, `bad-seat-code`, …). The same seat asked again while an earlier claim of it
   * is unanswered (a page reloaded before the welcome) goes with the earlier claim's key.
   */
  claim(seat: number | 'draw', name?: string, seatCode?: string): Promise<Welcome> {
    return new Promise((resolve, reject) => {
      if (this.session.joining) this.session.joining.reject({ code: 'superseded', message: 'another hello or claim was sent' });
      const pending = this.o.tokens?.getPendingClaim?.(this.code);
      const key = pending && pending.seat === seat ? pending.key : (this.o.newClaimKey ?? randomClaimKey)();
      this.o.tokens?.setPendingClaim?.(this.code, { seat, key, ...(name ? { name } : {}) });
      const message: Outgoing = {
        type: 'claim', room: this.code, seat, ...(name ? { name } : {}), ...(seatCode ? { seatCode } : {}), key,
        ...(this.state.seq > 0 ? { lastSeq: this.state.seq } : {}),
      };
      this.session.joining = { message, resolve, reject };
      if (this.socket.isStopped) this.connect();
      else if (this.socket.isOpen()) this.socket.send(message);
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

  /** Room admin: a bot plays the free seat `seat` under `name` (issue 26). */
  addBot(seat: number, name: string): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'bot', seat, name, id }, false);
  }

  /**
   * Online rooms: a chat line in `channel` (issue 26). Re-sent with the same id after a drop, as a
   * command is (the server writes an id once), so a line shown as sent was written.
   */
  say(channel: ChatChannel, text: string, id: string = this.nextId()): Promise<number> {
    return this.request(id, { type: 'say', channel, text, id }, true);
  }

  /** Host or room admin of an online room: the seat may not (or may again) write in the chat. */
  mute(seat: number, muted: boolean): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'mute', seat, muted, id }, false);
  }

  /** Host or room admin of an online room: who writes in the day chat. */
  chatMode(mode: ChatMode): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'chatMode', mode, id }, false);
  }

  /** Host or room admin of an online room: the missed steps in a row (1–5) after which a bot stands in for a player. */
  idleLimit(limit: number): Promise<number> {
    const id = this.nextId();
    return this.request(id, { type: 'idleLimit', limit, id }, false);
  }

  /** A seat's person is back from being idle (issue 26): the bot standing in for him stops. Answered by an `idle` state. */
  back(): void {
    if (this.session.welcomed && this.socket.isOpen()) this.socket.send({ type: 'back' });
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
    this.clock.ping();
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

  /**
   * WebRTC signalling to a media peer (voice and video, issue 26): sent at once if the connection
   * is open, else dropped (a call is made again from the current state, never replayed). Not
   * answered; a refusal comes to `onMedia` listeners.
   */
  signal(to: WireMediaPeer, data: SignalData): boolean {
    if (!this.session.welcomed || !this.socket.isOpen()) return false;
    this.socket.send({ type: 'signal', to, data });
    return true;
  }

  /** Peers' signals and the refusals of ours; returns the unsubscribe. */
  onMedia(listener: (e: MediaEvent) => void): () => void {
    this.mediaListeners.add(listener);
    return () => this.mediaListeners.delete(listener);
  }

  /** The server's clock now, as well as this client knows it (epoch ms). */
  serverNow(): number {
    return this.timers.now() + this.state.clockOffset;
  }

  private request(id: string, message: Outgoing, resend: boolean): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const f = { id, message, resend, sent: false, resolve, reject };
      this.requests.add(f);
      if (this.session.welcomed && this.socket.isOpen()) {
        f.sent = true;
        this.socket.send(message);
      }
      this.set({});
    });
  }

  private nextId(): string {
    return this.o.newId ? this.o.newId() : `${this.prefix}-${++this.counter}`;
  }

  /** Rejects what is in flight (see RequestTracker.failAll); stopping (`all`) also ends a claim. */
  private failAll(err: WireError, all: boolean): void {
    this.requests.failAll(err, all);
    if (all && this.session.joining) {
      this.session.joining.reject(err);
      this.session.joining = null;
    }
    this.set({});
  }
}
